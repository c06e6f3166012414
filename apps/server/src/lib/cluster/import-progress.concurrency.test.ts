import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Actor } from '../actor.ts';
import { previewImport, runImport } from '../import/import-jobs.ts';
import type { ImportKind } from '../import/import-kind.ts';
import { createTokenService } from '../tokens.ts';
import { until } from '../../test/until.ts';

const secret = 'import-test-secret-import-test-secret-01';
const port = 3588;
const main = fileURLToPath(new URL('../../main.ts', import.meta.url));

/**
 * Issue 22, "progress is read from the database by whichever process serves the page": an
 * import run by this process (A) is followed through a real second server process (B), which
 * has none of A's memory: what B shows, it read from import_jobs.
 */
describe.skipIf(!process.env.DATABASE_URL)('an import run by one process, followed through another (PostgreSQL)', () => {
  let t: TestApp;
  let b: ChildProcess | undefined;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    b = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DATABASE_URL: t.database.url!, PORT: String(port), JWT_SECRET: secret, LOG_LEVEL: 'error', WEB_DIST: '/nonexistent' },
      stdio: 'ignore',
    });
    await until('process B', async () => ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok ? true : undefined));
  }, 150_000);
  afterAll(async () => {
    if (b && b.exitCode === null && b.signalCode === null) {
      const exited = new Promise((resolve) => b!.on('exit', resolve));
      b.kill('SIGTERM');
      await exited;
    }
    await t?.close();
  });

  it("shows the running import's progress on B, then its end", async () => {
    const [admin] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE username = 'admin'`);
    const actor: Actor = { userId: Number(admin!.id), role: 'admin', scopes: [], permissions: {} };
    // An items import whose write reports 2 of 3 rows, then waits until the test has looked through B.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const kind: ImportKind<string> = {
      name: 'items',
      title: 'Items',
      route: '/items',
      resource: 'items',
      columns: [{ key: 'name', label: 'Name', required: true, example: 'x' }],
      async check(_tx, _actor, rows) {
        return rows.map((row) => ({ rowNumber: row.rowNumber, input: row.values.name! }));
      },
      async write(_tx, _actor, rows, progress) {
        progress(2);
        await released;
        progress(rows.length);
        return rows.map((_, i) => i + 1);
      },
    };
    const preview = await previewImport(t.database.db, actor, kind, { fileName: 'items.csv', bytes: Buffer.from('Name\na\nb\nc\n') });
    const run = runImport(t.database.db, actor, kind, preview.jobId, { mode: 'validOnly', engine: t.database.kind });

    const token = createTokenService(secret).signMain(actor.userId);
    const onB = async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/imports/jobs/${preview.jobId}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { job: { status: string; processedRows: number; totalRows: number; importedRows: number } }).job;
    };
    // A's transaction is open: B sees the progress A wrote to the job's row beside it.
    const running = await until('the progress on B', async () => {
      const job = await onB();
      return job.status === 'running' && job.processedRows === 2 ? job : undefined;
    });
    expect(running).toMatchObject({ totalRows: 3, importedRows: 0 });
    release();
    await run;
    expect(await onB()).toMatchObject({ status: 'done', processedRows: 3, importedRows: 3 });
  }, 150_000);
});
