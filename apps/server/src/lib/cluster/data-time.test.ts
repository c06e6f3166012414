import { type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { ReplicaReads } from './replica.ts';

/**
 * Issue 22, "the screen shows as of": every heavy read served while the server has a replica
 * carries the time its data is true of, set in one place (heavyRead). The replica here is the
 * primary itself behind a stand-in that answers the lag query as a standby would, so the
 * reads it serves are real.
 */
describe('the data time of the heavy reads', () => {
  let t: TestApp;
  let f: SalesFixtures;
  let primary: Db;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await salesFixtures(t, 'ASOF');
    primary = t.database.db;
  });
  afterAll(async () => t?.close());

  /** The primary, answering the replica's lag query with `row` (every other query runs for real). */
  const standby = (row: Record<string, unknown>): Db =>
    new Proxy(primary, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        const execute = (query: SQL) =>
          query.queryChunks.some((chunk) => JSON.stringify(chunk).includes('pg_is_in_recovery')) ? Promise.resolve({ rows: [row] }) : target.execute(query);
        return execute;
      },
    });

  const year = new Date().getUTCFullYear();
  const heavyReads = () => [
    `/api/ledger/${f.customer.accountId}`,
    '/api/accounting/trial-balance',
    '/api/accounting/profit-and-loss',
    '/api/accounting/balance-sheet',
    `/api/customers/${f.customer.id}/statement`,
    '/api/accounting/aging?kind=receivable',
    `/api/sales/reports?from=${year}-01-01&to=${year}-12-31&groupBy=customer`,
    `/api/items/sales?from=${year}-01-01&to=${year}-12-31`,
    `/api/planning/progress?year=${year}`,
    '/api/dashboard?board=owner',
  ];
  const readAll = async () =>
    Promise.all(
      heavyReads().map(async (url) => {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(t.adminToken) });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return { url, body: response.json() as { dataAsOf?: string; dataSource?: string; asOf?: string } };
      }),
    );

  it('says nothing without a replica: every read is live', async () => {
    for (const { url, body } of await readAll()) expect([url, body.dataAsOf, body.dataSource]).toEqual([url, undefined, undefined]);
  });

  it('a replica 45 s behind: the reads fall back to the primary and say so, as of the read', async () => {
    const lagging = standby({ recovering: true, caughtUp: false, lag: '45', asOf: '2026-01-01T10:00:00Z' });
    t.app.ctx.reads = new ReplicaReads(primary, lagging);
    const before = Date.now();
    for (const { url, body } of await readAll()) {
      expect([url, body.dataSource]).toEqual([url, 'primary']);
      expect(Date.parse(body.dataAsOf!), url).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('a replica 12 s behind serves the reads, as of its last replayed commit (the dashboard board too)', async () => {
    const behind = standby({ recovering: true, caughtUp: false, lag: '12', asOf: '2026-01-01T10:00:00Z' });
    t.app.ctx.reads = new ReplicaReads(primary, behind);
    for (const { url, body } of await readAll()) expect([url, body.dataSource, body.dataAsOf]).toEqual([url, 'replica', '2026-01-01T10:00:00Z']);
    const board = (await readAll()).find(({ url }) => url.startsWith('/api/dashboard'))!;
    expect(board.body.asOf).toBe('2026-01-01T10:00:00Z');
  });
});
