import { importMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Actor } from '../actor.ts';
import { failInterruptedJobs, findJob, previewImport, runImport, runningState, stateOf } from './import-jobs.ts';
import type { ImportKind } from './import-kind.ts';

let t: TestApp;
let actor: Actor;

beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.database.db.select({ id: users.id }).from(users).limit(1);
  actor = { userId: admin!.id, role: 'admin', scopes: [], permissions: {} };
});
afterAll(async () => t?.close());

/** A kind whose write waits until released, reporting its progress row by row; it fails on a row named "boom". */
function slowKind() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reachedWrite: () => void = () => undefined;
  const writing = new Promise<void>((resolve) => (reachedWrite = resolve));
  const kind: ImportKind<string> = {
    name: 'items',
    title: 'Things',
    route: '/items',
    resource: 'things',
    columns: [{ key: 'name', label: 'Name', required: true, example: 'x' }],
    async check(_tx, _actor, rows) {
      return rows.map((row) => (row.values.name ? { rowNumber: row.rowNumber, input: row.values.name } : { rowNumber: row.rowNumber, errors: { name: 'Name is required' } }));
    },
    async write(_tx, _actor, rows, progress) {
      progress(1);
      reachedWrite();
      await released;
      if (rows.some((r) => r.input === 'boom')) throw new Error('disk on fire');
      progress(rows.length);
      return rows.map((_, i) => i + 1);
    },
  };
  return { kind, release, writing };
}

describe('import jobs', () => {
  it("reports a run's progress from memory while its transaction runs, then its final state from the table", async () => {
    const { kind, release, writing } = slowKind();
    const preview = await previewImport(t.database.db, actor, kind, { fileName: 'things.csv', bytes: Buffer.from('Name\na\n\nb\nc\n') });
    expect(preview).toMatchObject({ totalRows: 3, validRows: 3, mapping: { name: 'Name' } });
    const running = runImport(t.database.db, actor, kind, preview.jobId, { mode: 'validOnly', engine: t.database.kind });
    await writing;
    expect(runningState(actor, preview.jobId)).toMatchObject({ status: 'running', processedRows: 1, totalRows: 3 });
    expect(runningState({ ...actor, userId: actor.userId + 1000 }, preview.jobId)).toBeUndefined();
    release();
    expect(await running).toMatchObject({ imported: 3, rejected: 0, job: { status: 'done', processedRows: 3, importedRows: 3 } });
    expect(runningState(actor, preview.jobId)).toBeUndefined();
    const [kept] = await queryRows<{ file: unknown }>(t.database.db, sql`SELECT file FROM import_jobs WHERE id = ${preview.jobId}`);
    expect(kept!.file).toBeNull();
  });

  it('a failed run stores nothing, leaves the job failed and runnable; a job left running by a stopped server is marked failed', async () => {
    const { kind, release } = slowKind();
    release();
    const preview = await previewImport(t.database.db, actor, kind, { fileName: 'boom.csv', bytes: Buffer.from('Name\nboom\n') });
    await expect(runImport(t.database.db, actor, kind, preview.jobId, { mode: 'validOnly', engine: t.database.kind })).rejects.toThrow('disk on fire');
    expect(stateOf(await findJob(t.database.db, actor, preview.jobId))).toMatchObject({ status: 'failed', error: 'The import failed; nothing of it was stored' });
    const [audits] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE record_id = ${`import-${preview.jobId}`}`);
    expect(audits!.n).toBe(0);

    await t.database.db.execute(sql`UPDATE import_jobs SET status = 'running' WHERE id = ${preview.jobId}`);
    await failInterruptedJobs(t.database.db);
    expect(stateOf(await findJob(t.database.db, actor, preview.jobId))).toMatchObject({ status: 'failed', error: importMessages.interrupted });
  });
});
