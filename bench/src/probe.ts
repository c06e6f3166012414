/**
 * `npm run probe -w bench`: tries the API from outside, as issue 27's probes did, and prints the
 * figures its closing note asks for: role x endpoint leaks, row-scope leaks, 5xx under fuzz.
 * Starts the server on a fresh demo database (embedded PGlite in a temporary DATA_DIR, port
 * PROBE_PORT, 3320 by default; the demo takes minutes to seed), or probes PROBE_URL when set (a
 * demo server already running: its data is changed by the fuzz). Exits 1 on any leak or 5xx.
 *
 * PROBE_MAX_REQUESTS (15000) and PROBE_MAX_SECONDS (480) bound the requests; PROBE_FUZZ_PER_ROUTE
 * (45) the bodies per write route; PROBE_ROUTES, a regular expression over `METHOD /api/path`,
 * narrows the routes (to try the probe on a few).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roles, type Role } from '@erp/domain';
import { BudgetSpent, ProbeClient, signIn } from './probe-client.ts';
import { probeFuzz } from './probe-fuzz.ts';
import { readApiRoutes, readIdPools } from './probe-openapi.ts';
import { printReport } from './probe-report.ts';
import { probeRoles, type RolePhaseResult } from './probe-roles.ts';
import { probeRowScope, type RegionUser, type RowScopePhaseResult } from './probe-row-scope.ts';
import { root, startProcess, stopProcess } from './processes.ts';

const demoPassword = 'Demo@12345';
/** The roles kept to one region: those whose screens list regional rows. */
const regionRoles: readonly Role[] = ['accountant', 'operationManager', 'inventorySupervisor', 'salesManager', 'serviceManager'];

const port = Number(process.env.PROBE_PORT ?? 3320);
const maxRequests = Number(process.env.PROBE_MAX_REQUESTS ?? 15_000);
const maxSeconds = Number(process.env.PROBE_MAX_SECONDS ?? 480);
const fuzzPerRoute = Number(process.env.PROBE_FUZZ_PER_ROUTE ?? 45);
const routeFilter = process.env.PROBE_ROUTES ? new RegExp(process.env.PROBE_ROUTES) : undefined;

async function startDemoServer(): Promise<{ base: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'erp-probe-'));
  const base = `http://127.0.0.1:${port}`;
  console.log(`Seeding the demo in ${dataDir} (a few minutes)...`);
  const server = await startProcess(join(root, 'apps/server/src/main.ts'), { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1' }, `${base}/api/health`, 20 * 60_000);
  return {
    base,
    stop: async () => {
      await stopProcess(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Users kept to `region`, one per role of `regionRoles`, created by the admin as the user screen does. */
async function createRegionUsers(client: ProbeClient, adminToken: string, region: number): Promise<RegionUser[]> {
  const suffix = Date.now().toString(36);
  const users: RegionUser[] = [];
  for (const role of regionRoles) {
    const username = `probe-${role}-${suffix}`.slice(0, 50);
    const body = { name: `Probe ${role}`, username, role, password: demoPassword, permissions: { regions: [region] } };
    const created = await client.call('setup', adminToken, 'POST', '/api/users', { route: '/api/users', body });
    if (created.status !== 201) throw new Error(`Could not create ${username}: ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`);
    users.push({ name: `${role} of region ${region}`, token: await signIn(client, username, demoPassword), regions: [region] });
  }
  return users;
}

async function main(): Promise<number> {
  const server = process.env.PROBE_URL ? { base: process.env.PROBE_URL.replace(/\/$/, ''), stop: async () => {} } : await startDemoServer();
  const started = performance.now();
  try {
    const client = new ProbeClient(server.base, maxRequests, maxSeconds);
    const signInAdmin = () => signIn(client, 'admin', demoPassword);
    const adminToken = await signInAdmin();
    const allRoutes = await readApiRoutes(client);
    const routes = allRoutes.filter((r) => !routeFilter || routeFilter.test(`${r.method} ${r.path}`));
    const pools = await readIdPools(client, adminToken, allRoutes);
    const tokens = new Map<Role, string>();
    for (const role of roles) tokens.set(role, role === 'admin' ? adminToken : await signIn(client, role, demoPassword));
    const regions = (pools.rows.get('/api/regions') ?? []).map((r) => r.id as number).sort((a, b) => a - b);
    // Region 4 as in issue 27's report when there is one; the last region otherwise.
    const region = regions.includes(4) ? 4 : (regions[regions.length - 1] ?? 1);
    const regionUsers = await createRegionUsers(client, adminToken, region);
    console.log(`${routes.length} routes; ${tokens.size} roles and ${regionUsers.length} users kept to region ${region}`);

    let roleResult: RolePhaseResult = { requests: 0, leaks: [], unmapped: new Set(), refusedWhereAllowed: [] };
    let rowResult: RowScopePhaseResult = { requests: 0, leaks: [], sameAsAdmin: [] };
    let fuzz;
    try {
      roleResult = await probeRoles(client, tokens, routes, pools);
      console.log(`role x endpoint: ${roleResult.requests} requests, ${roleResult.leaks.length} leaks`);
      rowResult = await probeRowScope(client, regionUsers, adminToken, routes, pools);
      console.log(`row scope: ${rowResult.requests} requests, ${rowResult.leaks.length} leaks`);
      fuzz = await probeFuzz(client, signInAdmin, routes, pools, fuzzPerRoute);
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error;
      console.log(`\n${error.message}: the figures below cover what was sent.`);
    }
    const figures = printReport(client, roleResult, rowResult, fuzz, (performance.now() - started) / 1000);
    return figures.roleLeaks + figures.rowLeaks + figures.serverErrors > 0 ? 1 : 0;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
