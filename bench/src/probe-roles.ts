import type { Role } from '@erp/domain';
import { expectedAccess } from './probe-access.ts';
import type { ProbeClient } from './probe-client.ts';
import { requestPath } from './probe-bodies.ts';
import { type ApiRoute, type IdPools, missingId } from './probe-openapi.ts';

export interface Leak {
  kind: string;
  who: string;
  method: string;
  route: string;
  status: number;
  detail?: string;
}

export interface RolePhaseResult {
  requests: number;
  leaks: Leak[];
  /** Endpoints the role table says nothing of (the probe's table needs a line): not judged. */
  unmapped: Set<string>;
  /** A role the table allows, refused 403: a missing scope or a stricter rule, never a leak; shown for review. */
  refusedWhereAllowed: Leak[];
}

const refused = (status: number) => status === 401 || status === 403;

/**
 * Role x endpoint: every role calls every GET (ids taken from the admin's lists) and, where the
 * role table denies it, every write with a body no route accepts (`[]`) on an id no row has:
 * the guard runs before the body is read (docs/API.md, the order of refusals), so anything but
 * 403 there is a leak (a 400 means the input was judged before the caller).
 */
export async function probeRoles(client: ProbeClient, tokens: ReadonlyMap<Role, string>, routes: readonly ApiRoute[], pools: IdPools): Promise<RolePhaseResult> {
  const result: RolePhaseResult = { requests: 0, leaks: [], unmapped: new Set(), refusedWhereAllowed: [] };
  const start = client.requests;
  for (const [role, token] of tokens) {
    for (const route of routes) {
      const expected = expectedAccess(role, route.method, route.path);
      if (expected === 'public') continue;
      if (expected === 'unmapped') {
        result.unmapped.add(`${route.method} ${route.path}`);
        continue;
      }
      if (route.method === 'GET') {
        const answer = await client.call('role x endpoint', token, 'GET', requestPath(route, pools), { route: route.path });
        if (expected === 'denied' && !refused(answer.status)) {
          result.leaks.push({ kind: answer.status < 300 ? 'read answered' : 'read judged before role', who: role, method: 'GET', route: route.path, status: answer.status });
        } else if (expected === 'allowed' && answer.status === 403) {
          result.refusedWhereAllowed.push({ kind: 'refused', who: role, method: 'GET', route: route.path, status: 403 });
        }
      } else if (expected === 'denied') {
        const body = route.method === 'DELETE' ? undefined : [];
        const answer = await client.call('role x endpoint', token, route.method, requestPath(route, pools, missingId), { route: route.path, body });
        if (!refused(answer.status)) {
          result.leaks.push({ kind: answer.status < 300 ? 'write done' : 'write judged before role', who: role, method: route.method, route: route.path, status: answer.status, detail: messageOf(answer.body) });
        }
      }
    }
  }
  result.requests = client.requests - start;
  return result;
}

export function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  return [typeof message === 'string' ? message : '', errors ? JSON.stringify(errors).slice(0, 120) : ''].filter(Boolean).join(' ');
}
