import { describe, expect, it } from 'vitest';
import { serverSourceFiles, sqlUsesOf } from '../test/source-scan.ts';

/**
 * Route files hold no SQL (docs/ARCHITECTURE.md, "Request path"): a route validates, checks the
 * permission and calls a service; reads live in `*.queries.ts` / `*.service.ts`, writes in
 * services. SQL is a `sql` template or `sql.*` call, `queryRows` / `queryPrepared`, or a query
 * builder or `execute` on a database handle (test/source-scan.ts).
 */
describe('route files', () => {
  const routeFiles = serverSourceFiles().filter((file) => file.endsWith('.routes.ts'));

  it('are found, and SQL is recognised where it is', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    const whats = new Set(['modules/payroll/pay-slips.service.ts', 'modules/setup/users.repository.ts', 'modules/assets/depreciation-job.ts'].flatMap((file) => sqlUsesOf(file).map((use) => use.what)));
    expect([...whats]).toEqual(expect.arrayContaining(['sql`...`', 'queryRows()', 'sql.raw()', 'executor.select()', 'executor.update()']));
  });

  it('hold no SQL', () => {
    expect(routeFiles.flatMap((file) => sqlUsesOf(file).map((use) => `${use.file}:${use.line} ${use.what}`))).toEqual([]);
  });
});
