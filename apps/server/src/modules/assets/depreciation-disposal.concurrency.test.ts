import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { JobRunner } from '../../lib/jobs/job-runner.ts';
import { type AssetFixtures, assetFixtures } from '../../test/assets-fixtures.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { depreciationJob } from './depreciation-job.ts';

/**
 * A run's posting step meeting a disposal of an asset it charged (PostgreSQL, real concurrent
 * transactions): the disposal commits first, and the posting, which waits for the asset, must
 * then see it disposed, as a statement whose snapshot was taken before the wait does not.
 */
describe.runIf(process.env.DATABASE_URL !== undefined)('a depreciation run posted while an asset it charged is disposed of (PostgreSQL)', () => {
  let t: TestApp;
  let f: AssetFixtures;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await assetFixtures(t, 'DepRace');
  });
  afterAll(async () => t?.close());

  it('the disposed asset is left out of the run: nothing charged to it, the other asset charged', async () => {
    // Two desks of 3600 over 36 months bought in January: 200.00 each through February.
    const [kept, sold] = [await f.asset({ assetName: 'Kept desk' }), await f.asset({ assetName: 'Written-off desk' })];
    const started = await f.call('POST', '/api/depreciation-runs', { month: '2026-02', post: true });
    expect(started.statusCode, started.body).toBe(201);
    const runId = started.json().data.id as number;
    const worker = new JobRunner({ db: t.database.db, leaseSeconds: 60 });
    worker.register(depreciationJob);
    // The charges written (one chunk); the next step is the posting.
    expect(await worker.tick()).toBe(true);
    const [written] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM depreciation_entries WHERE depreciation_run_id = ${runId}::int`);
    expect(written!.n).toBe(2);

    const [disposal] = await queuedBehind(t, sql`SELECT id FROM assets WHERE id = ${sold.id}::int FOR UPDATE`, [
      () => f.call('POST', `/api/assets/${sold.id}/dispose`, { disposalDate: '2026-02-28', kind: 'writeOff' }),
      () => worker.tick(),
    ]);
    expect(disposal.statusCode, disposal.body).toBe(200);
    await worker.stop();

    const run = (await f.call('GET', `/api/depreciation-runs/${runId}`)).json().data;
    expect(run).toMatchObject({ status: 'posted', totalAmount: '200.00' });
    const assets = await queryRows<{ id: number; status: string; accumulated: string; through: string | null }>(
      t.database.db,
      sql`SELECT id, status, accumulated_depreciation::text AS accumulated, depreciated_through::text AS through FROM assets WHERE id IN (${kept.id}::int, ${sold.id}::int) ORDER BY id`,
    );
    expect(assets.map((a) => [Number(a.id), a.status, a.accumulated, a.through])).toEqual([
      [kept.id, 'active', '200.00', '2026-02-28'],
      [sold.id, 'disposed', '0.00', null],
    ]);
    const [charged] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM depreciation_entries WHERE asset_id = ${sold.id}::int`);
    expect(charged!.n).toBe(0);
  }, 60_000);
});
