import { malformedBodies, requestPath } from './probe-bodies.ts';
import type { ProbeClient } from './probe-client.ts';
import type { ApiRoute, IdPools } from './probe-openapi.ts';

/**
 * Routes the fuzz leaves alone: they end the admin's session or password (the probe would lock
 * itself out), or change who may sign in. Their validation is the auth tests' business.
 */
const spared = /^POST \/api\/(login|change-password|assume-role|users\/\{id\}\/reset-password)$|^PUT \/api\/users\/\{id\}$/;

export interface FuzzResult {
  requests: number;
  routes: number;
  /** Answers by status class, for the summary: `4xx` 9,800. */
  byClass: Map<string, number>;
}

/**
 * Malformed bodies to every POST/PUT/PATCH as admin, on real records (ids from the admin's
 * lists): each answer must be a 4xx (or a 2xx where the server takes the value as it may),
 * never a 5xx. 5xx are kept by the client with the body that caused them. A 401 (a variant
 * that ended the session after all) signs in again.
 */
export async function probeFuzz(client: ProbeClient, signInAdmin: () => Promise<string>, routes: readonly ApiRoute[], pools: IdPools, perRoute: number): Promise<FuzzResult> {
  const start = client.requests;
  const byClass = new Map<string, number>();
  let token = await signInAdmin();
  const targets = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !spared.test(`${r.method} ${r.path}`));
  for (const route of targets) {
    for (const variant of malformedBodies(route.body, pools, perRoute)) {
      if (!client.hasRoom()) return { requests: client.requests - start, routes: targets.length, byClass };
      const path = requestPath(route, pools);
      let answer = await client.call('fuzz', token, route.method, path, { route: route.path, body: variant.body });
      if (answer.status === 401) {
        token = await signInAdmin();
        answer = await client.call('fuzz', token, route.method, path, { route: route.path, body: variant.body });
      }
      const status = `${String(answer.status).charAt(0)}xx`;
      byClass.set(status, (byClass.get(status) ?? 0) + 1);
    }
  }
  return { requests: client.requests - start, routes: targets.length, byClass };
}
