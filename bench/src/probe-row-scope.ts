import { requestPath } from './probe-bodies.ts';
import type { ProbeClient } from './probe-client.ts';
import { type ApiRoute, type IdPools, isListRoute, listPathOf, type Row, rowsOf } from './probe-openapi.ts';
import { type Leak, messageOf } from './probe-roles.ts';

/** A user kept to some regions (`permissions.regions`). */
export interface RegionUser {
  name: string;
  token: string;
  regions: readonly number[];
}

export interface RowScopePhaseResult {
  requests: number;
  leaks: Leak[];
  /** Reports a region user reads exactly as the admin does: maybe company figures, for review. */
  sameAsAdmin: string[];
}

/**
 * Whether a row reaches outside `regions`: a `regionId` of another region, or `regionIds`
 * naming another region or none (none means every region: Generate Order, joint ventures).
 */
export function outsideRegions(row: Row, regions: readonly number[]): boolean {
  return reachesOutside(row, regions);
}

/**
 * Lists whose company-wide rows a region user reads by design, narrowed to their regions'
 * figures (docs/api/payroll.md, pay runs' row scope): only a row of other regions alone is foreign
 * there. Their writes still answer 403/404 on a run covering other regions.
 */
const readAcrossRegions = ['/api/pay-runs'];

function foreignToRead(path: string, row: Row, regions: readonly number[]): boolean {
  if (!readAcrossRegions.some((base) => path.startsWith(base))) return outsideRegions(row, regions);
  return Array.isArray(row.regionIds) && row.regionIds.length > 0 && !row.regionIds.some((id) => regions.includes(id as number));
}

function reachesOutside(row: Row, regions: readonly number[]): boolean {
  if (typeof row.regionId === 'number' && !regions.includes(row.regionId)) return true;
  if (Array.isArray(row.regionIds)) return row.regionIds.length === 0 || row.regionIds.some((id) => !regions.includes(id as number));
  return false;
}

/**
 * Row scope, as users kept to one region: no list shows a row of another region; no GET by id,
 * no action, update or delete reaches another region's record (ids taken as admin); search
 * finds none of their numbers. Writes carry `{}` (a transition's body; an update of nothing):
 * a 2xx or a 409 (the state judged before the scope) is a leak; a 400 says nothing.
 */
export async function probeRowScope(client: ProbeClient, users: readonly RegionUser[], adminToken: string, routes: readonly ApiRoute[], pools: IdPools): Promise<RowScopePhaseResult> {
  const result: RowScopePhaseResult = { requests: 0, leaks: [], sameAsAdmin: [] };
  const start = client.requests;
  const phase = 'row scope';
  const lists = routes.filter(isListRoute);
  const byId = routes.filter((r) => /\{id\}/.test(r.path) && !/\{(?!id\})\w+\}/.test(r.path));
  for (const user of users) {
    for (const route of lists) {
      const path = requestPath(route, pools);
      const answer = await client.call(phase, user.token, 'GET', `${path}${path.includes('?') ? '&' : '?'}pageSize=100`, { route: route.path });
      const rows = rowsOf(answer.body);
      const foreign = rows.filter((row) => foreignToRead(route.path, row, user.regions));
      if (answer.status < 300 && foreign.length > 0) {
        result.leaks.push({ kind: 'row listed', who: user.name, method: 'GET', route: route.path, status: answer.status, detail: `${foreign.length} of ${rows.length} rows, e.g. id ${String(foreign[0]?.id)}` });
      }
      if (answer.status === 200 && rows.length === 0 && typeof answer.body === 'object' && !route.path.endsWith('/options')) {
        await compareWithAdmin(client, adminToken, user, path, answer.body, result);
      }
    }
    const foreignOf = (path: string) => (pools.rows.get(listPathOf(path)) ?? []).filter((row) => outsideRegions(row, user.regions)).slice(0, 2);
    for (const route of byId.filter((r) => r.method === 'GET')) {
      for (const row of foreignOf(route.path).filter((r) => foreignToRead(route.path, r, user.regions))) {
        const answer = await client.call(phase, user.token, 'GET', requestPath(route, pools, row.id as number), { route: route.path });
        // A 400 (a query judged before the record) says nothing of the scope.
        if (answer.status < 300) result.leaks.push({ kind: 'record read', who: user.name, method: 'GET', route: route.path, status: answer.status, detail: `id ${String(row.id)}` });
      }
    }
    for (const row of [...pools.rows.values()].flat().filter((r) => outsideRegions(r, user.regions) && typeof r.documentNumber === 'string').slice(0, 20)) {
      const answer = await client.call(phase, user.token, 'GET', `/api/search?q=${encodeURIComponent(row.documentNumber as string)}`, { route: '/api/search' });
      if (answer.status === 200 && JSON.stringify(answer.body).includes(row.documentNumber as string)) {
        result.leaks.push({ kind: 'found by search', who: user.name, method: 'GET', route: '/api/search', status: 200, detail: row.documentNumber as string });
      }
    }
    // Writes last, deletes after the rest: a leak here changes the books of the probe's own database.
    const writes = byId.filter((r) => r.method !== 'GET').sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const route of writes) {
      for (const row of foreignOf(route.path).slice(0, 1)) {
        const answer = await client.call(phase, user.token, route.method, route.path.replace('{id}', String(row.id)), { route: route.path, body: route.method === 'DELETE' ? undefined : {} });
        if (answer.status < 300 || answer.status === 409) {
          result.leaks.push({ kind: answer.status < 300 ? 'write done' : 'state judged before scope', who: user.name, method: route.method, route: route.path, status: answer.status, detail: `id ${String(row.id)}: ${messageOf(answer.body) ?? ''}` });
        }
      }
    }
  }
  result.requests = client.requests - start;
  return result;
}

/** Volatile keys (times, durations) do not make two reports differ. */
const stable = (body: unknown) => JSON.stringify(body, (key, value: unknown) => (/(At|Ms|time|generated)$/i.test(key) ? undefined : value));

async function compareWithAdmin(client: ProbeClient, adminToken: string, user: RegionUser, path: string, body: unknown, result: RowScopePhaseResult): Promise<void> {
  const admin = await client.call('row scope', adminToken, 'GET', `${path}${path.includes('?') ? '&' : '?'}pageSize=100`, { route: path.split('?')[0] });
  const text = stable(body);
  // Only reports carrying amounts matter (a setting or a board layout is the same for everyone).
  if (admin.status === 200 && stable(admin.body) === text && /"-?\d+\.\d{2}"/.test(text.replace(/"-?0\.00"/g, ''))) {
    result.sameAsAdmin.push(`${user.name} GET ${path}`);
  }
}
