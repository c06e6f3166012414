import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';
import { until } from '../../test/until.ts';

const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
const port = 3588;
const base = `http://127.0.0.1:${port}`;
const token = 'sandbox-token-crash';

/** A real server process on the test's database (its JWT secret is the database's, as the test app's). */
function startServer(databaseUrl: string, pollMs: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), FBR_POLL_MS: String(pollMs), LOG_LEVEL: 'error', WEB_DIST: '/nonexistent' },
    stdio: 'ignore',
  });
}

const ready = () => until('the server', async () => ((await fetch(`${base}/api/ready`)).ok ? true : undefined));
const stopped = (server: ChildProcess) => (server.exitCode !== null || server.signalCode !== null ? Promise.resolve() : new Promise((resolve) => server.on('exit', resolve)));

/**
 * Issue 30, section 9: posting writes exactly one submission in its own transaction. The process
 * that posted is killed (SIGKILL) as soon as the posting's answer is back, before its sender ever
 * looked; another process started on the database sends that submission, once.
 */
describe.skipIf(!process.env.DATABASE_URL)('a posting whose process is killed right after the commit (PostgreSQL, real server processes)', () => {
  let t: TestApp;
  let f: SalesFixtures;
  let fake: FakeFbr;
  let item = 0;
  let buyer = 0;
  const servers: ChildProcess[] = [];
  useTestSecretsKey();
  beforeAll(async () => {
    fake = await startFakeFbr({ tokens: [token] });
    t = await createTestApp({ startJobs: false });
    f = await salesFixtures(t, 'Crash');
    item = await f.newTaxedItem('Reagent', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
    await f.receive([{ itemId: item, quantity: 20, unitCost: '10.00' }]);
    buyer = (await f.newCustomer('Lab', { registrationType: 'registered', ntn: '0711234-5', province: 'punjab', address: 'Lahore' })).id;
    expect((await f.call('PUT', '/api/settings', { ntn: '7000007', province: 'punjab', businessActivity: 'distributor', address: 'Lahore' })).statusCode).toBe(200);
    expect((await f.call('PUT', '/api/fbr/settings', { sandboxToken: token, baseUrl: fake.url, enabled: true })).statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await Promise.all(servers.map(stopped));
    await t?.close();
    await fake?.close();
  });

  it('leaves the submission committed with the invoice, and the next process sends it once', async () => {
    // The first process's sender looks only once an hour: whatever it would do after the answer, it is dead first.
    const first = startServer(t.database.url!, 3_600_000);
    servers.push(first);
    await ready();
    const posted = await fetch(`${base}/api/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: buyer, regionId: f.north, invoiceDate: f.today, post: true, lines: [{ itemId: item, quantity: 1, price: '100.00' }] }),
    });
    first.kill('SIGKILL');
    expect(posted.status).toBe(201);
    const invoiceId = ((await posted.json()) as { data: { id: number } }).data.id;
    await stopped(first);

    const submissions = () =>
      queryRows<{ status: string; attempts: number }>(t.database.db, sql`SELECT status, attempts FROM fbr_submissions WHERE document_type = 'invoice' AND document_id = ${invoiceId}::int`);
    expect(await submissions()).toEqual([{ status: 'queued', attempts: 0 }]);
    // (The reference data's weekly refresh may have asked FBR for its lists at the start: not a report.)
    const reports = () => fake.requests.filter((request) => request.endpoint === 'validate' || request.endpoint === 'post').map((request) => request.endpoint);
    expect(reports()).toEqual([]);

    servers.push(startServer(t.database.url!, 100));
    await ready();
    await until('the submission accepted', async () => ((await submissions())[0]?.status === 'accepted' ? true : undefined));
    // A few more of its passes: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await submissions()).toEqual([{ status: 'accepted', attempts: 1 }]);
    expect(reports()).toEqual(['validate', 'post']);
  }, 120_000);
});
