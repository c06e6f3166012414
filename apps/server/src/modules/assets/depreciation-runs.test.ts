import { addMonths, monthEnd } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { JobRunner } from '../../lib/jobs/job-runner.ts';
import { type AssetFixtures, assetFixtures } from '../../test/assets-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { assetMessages } from './assets.handlers.ts';
import { depreciationJob } from './depreciation-job.ts';

let t: TestApp;
let f: AssetFixtures;
/** Furniture 3600 over 36 months: 100.00 a month; a van 6000 declining over 60: 200.00 in its first month. */
const assetIds: number[] = [];
let afterMarch: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await assetFixtures(t, 'Runs');
  for (const region of [f.north, f.north, f.south]) assetIds.push((await f.asset({ regionId: region })).id);
  assetIds.push((await f.asset({ assetName: 'Van', assetCategoryId: f.vehicles, cost: '6000.00', regionId: f.south })).id);
  // Bought later: not charged before its month.
  assetIds.push((await f.asset({ purchaseDate: '2026-06-01' })).id);
});
afterAll(async () => t?.close());

const runOf = async (id: number) => (await f.call('GET', `/api/depreciation-runs/${id}`)).json().data;
async function start(month: string): Promise<number> {
  const response = await f.call('POST', '/api/depreciation-runs', { month, post: true });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().data).toMatchObject({ status: 'running', month, totalAssets: month >= '2026-06' ? 5 : 4, processedAssets: 0 });
  return response.json().data.id;
}
const glOf = (id: number) =>
  queryRows<{ accountId: number; debit: string; credit: string; regionId: number; memo: string }>(
    t.database.db,
    sql`SELECT account_id AS "accountId", debit::text, credit::text, region_id AS "regionId", memo FROM gl_entries
        WHERE document_type = 'depreciation-runs' AND document_id = ${id}::int ORDER BY id`,
  );
const accumulatedOf = async (ids: number[]) =>
  (await queryRows<{ a: string }>(t.database.db, sql`SELECT accumulated_depreciation::text AS a FROM assets WHERE id IN (${sql.join(ids.map((i) => sql`${i}::int`), sql`, `)}) ORDER BY id`)).map((r) => r.a);
/** A worker of its own on the app's database, as a second server would be. */
function worker(): JobRunner {
  const runner = new JobRunner({ db: t.database.db, leaseSeconds: 60 });
  runner.register(depreciationJob);
  return runner;
}

describe('a depreciation run', () => {
  it('charges every active asset in chunks, then posts per category and region, once', async () => {
    const id = await start('2026-01');
    await t.app.ctx.jobs.runUntilIdle();
    const run = await runOf(id);
    expect(run).toMatchObject({ status: 'posted', documentNumber: expect.stringMatching(/^DEP-2026-\d{6}$/), runDate: '2026-01-31', totalAssets: 4, processedAssets: 4, totalAmount: '500.00', error: null });
    expect((await glOf(id)).map((r) => [r.accountId, r.debit, r.credit, r.regionId])).toEqual([
      [f.account('6000'), '200.00', '0.00', f.north],
      [f.account('1590'), '0.00', '200.00', f.north],
      [f.account('6000'), '100.00', '0.00', f.south],
      [f.account('1590'), '0.00', '100.00', f.south],
      [f.account('6000'), '200.00', '0.00', f.south],
      [f.account('1590'), '0.00', '200.00', f.south],
    ]);
    expect(await accumulatedOf(assetIds)).toEqual(['100.00', '100.00', '100.00', '200.00', '0.00']);
    const schedule = (await f.call('GET', `/api/assets/${assetIds[0]}/schedule`)).json().data;
    expect(schedule.slice(0, 2).map((r: { posted: boolean }) => r.posted)).toEqual([true, false]);
  });

  it('is never twice for a month, nor twice for an asset and month', async () => {
    const again = await f.call('POST', '/api/depreciation-runs', { month: '2026-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.month).toMatch(/already exists \(DEP-2026-\d{6}, posted\)/);
    const [run] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM depreciation_runs WHERE month = '2026-01-01'`);
    const [other] = await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO depreciation_runs (month, document_date, status) VALUES ('2026-02-01', '2026-02-28', 'cancelled') RETURNING id`);
    await expect(
      t.database.db.execute(sql`INSERT INTO depreciation_entries (depreciation_run_id, asset_id, month, amount) VALUES (${other!.id}::int, ${assetIds[0]}::int, '2026-01-01', 1)`),
    ).rejects.toThrow();
    expect(run).toBeDefined();
    // An asset a run charged cannot be cancelled.
    const cancel = await f.call('POST', `/api/assets/${assetIds[0]}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(assetMessages.charged);
  });

  it('survives a restart half-way: another worker resumes from the cursor and posts once', async () => {
    const id = await start('2026-02');
    await t.database.db.execute(sql`UPDATE jobs SET payload = '{"chunkSize": 2}'::jsonb WHERE kind = 'depreciation-run' AND subject_id = ${id}::int`);
    const first = worker();
    expect(await first.tick()).toBe(true);
    expect(await runOf(id)).toMatchObject({ status: 'running', processedAssets: 2, totalAssets: 4, totalAmount: '200.00' });
    // A second run may not start meanwhile.
    const other = await f.call('POST', '/api/depreciation-runs', { month: '2026-03', post: true });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('The depreciation run for 2026-02 is running: wait for it to finish');
    await first.stop();
    const second = worker();
    await second.runUntilIdle();
    expect(await runOf(id)).toMatchObject({ status: 'posted', processedAssets: 4, totalAmount: '493.33' });
    expect(await glOf(id)).toHaveLength(6);
    const [entries] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM depreciation_entries WHERE depreciation_run_id = ${id}::int`);
    expect(entries!.n).toBe(4);
    // The van: 200.00 then (6000 - 200) x 2/60 = 193.33.
    expect(await accumulatedOf(assetIds)).toEqual(['200.00', '200.00', '200.00', '393.33', '0.00']);
    // Nothing left for anyone: the first worker wakes up to nothing.
    expect(await first.tick()).toBe(false);
  });

  it('a run a crashed server left behind is taken up by the next one once its lease lapses', async () => {
    const id = await start('2026-03');
    await t.database.db.execute(sql`UPDATE jobs SET payload = '{"chunkSize": 3}'::jsonb WHERE kind = 'depreciation-run' AND subject_id = ${id}::int`);
    const crashed = worker();
    await crashed.tick();
    crashed.abandon();
    expect(await worker().tick()).toBe(false);
    await t.database.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE subject_id = ${id}::int AND kind = 'depreciation-run'`);
    await worker().runUntilIdle();
    expect(await runOf(id)).toMatchObject({ status: 'posted', processedAssets: 4 });
    expect(await glOf(id)).toHaveLength(6);
    afterMarch = await accumulatedOf(assetIds);
    expect(afterMarch.slice(0, 3)).toEqual(['300.00', '300.00', '300.00']);
  });

  it('is refused in a closed period, and fails whole if the period closes while it runs', async () => {
    const close = (closedThrough: string | null) => f.call('POST', `/api/accounting/${closedThrough === null ? 'period-reopen' : 'period-close'}`, { closedThrough });
    expect((await close('2026-04-30')).statusCode).toBe(200);
    const refused = await f.call('POST', '/api/depreciation-runs', { month: '2026-04' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.month).toMatch(/2026-04/);
    expect((await close(null)).statusCode).toBe(200);
    const id = await start('2026-04');
    expect((await close('2026-04-30')).statusCode).toBe(200);
    await t.app.ctx.jobs.runUntilIdle();
    const failed = await runOf(id);
    expect(failed).toMatchObject({ status: 'failed', documentNumber: null });
    expect(failed.error).toMatch(/2026-04/);
    expect(await glOf(id)).toHaveLength(0);
    expect(await accumulatedOf(assetIds.slice(0, 1))).toEqual(['300.00']);
    expect((await close(null)).statusCode).toBe(200);
    expect((await f.call('POST', `/api/depreciation-runs/${id}/post`)).statusCode).toBe(200);
    await t.app.ctx.jobs.runUntilIdle();
    expect(await runOf(id)).toMatchObject({ status: 'posted', processedAssets: 4 });
  });

  it('cancel reverses it, releases its charges and lets the month run again', async () => {
    const [april] = await queryRows<{ id: number; total: string }>(t.database.db, sql`SELECT id, total_amount::text AS total FROM depreciation_runs WHERE month = '2026-04-01' AND status = 'posted'`);
    const before = await accumulatedOf(assetIds);
    const response = await f.call('POST', `/api/depreciation-runs/${april!.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('cancelled');
    const rows = await glOf(april!.id);
    expect(rows).toHaveLength(12);
    expect(rows.slice(6).map((r) => [r.debit, r.credit])).toEqual(rows.slice(0, 6).map((r) => [r.credit, r.debit]));
    expect(await accumulatedOf(assetIds)).toEqual(afterMarch);
    const [live] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM depreciation_entries WHERE depreciation_run_id = ${april!.id}::int AND live`);
    expect(live!.n).toBe(0);
    const [through] = await queryRows<{ d: string }>(t.database.db, sql`SELECT depreciated_through::text AS d FROM assets WHERE id = ${assetIds[0]}::int`);
    expect(through!.d).toBe('2026-03-31');
    const again = await start('2026-04');
    await t.app.ctx.jobs.runUntilIdle();
    expect(await runOf(again)).toMatchObject({ status: 'posted', totalAmount: april!.total });
    expect(await accumulatedOf(assetIds)).toEqual(before);
  });

  it('is refused (400 naming month) for a month after the current one, on create, change and post; the current month may run', async () => {
    // The server's clock, as the handlers read it: nothing here is a fixed date.
    const current = todayIso().slice(0, 7);
    const next = addMonths(current, 1);
    const message = `Month must not be after the current month (${current})`;
    const before = await accumulatedOf(assetIds);
    for (const month of [next, `${Number(current.slice(0, 4)) + 4}-12`]) {
      const refused = await f.call('POST', '/api/depreciation-runs', { month, post: true });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ month: message });
    }
    const draft = await f.call('POST', '/api/depreciation-runs', { month: current });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id as number;
    const changed = await f.call('PUT', `/api/depreciation-runs/${id}`, { month: next });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().errors).toEqual({ month: message });
    // A draft of a future month saved before the check: its post is refused too.
    await t.database.db.execute(sql`UPDATE depreciation_runs SET month = ${`${next}-01`}::date, document_date = ${monthEnd(next)}::date WHERE id = ${id}::int`);
    const posted = await f.call('POST', `/api/depreciation-runs/${id}/post`);
    expect(posted.statusCode, posted.body).toBe(400);
    expect(posted.json().errors).toEqual({ month: message });
    expect(await runOf(id)).toMatchObject({ status: 'draft' });
    expect((await f.call('DELETE', `/api/depreciation-runs/${id}`)).statusCode).toBe(200);
    expect(await accumulatedOf(assetIds)).toEqual(before);
  });
});
