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
    const source = `app.delete('/x/:id', { schema: docs.update(body) }, async () => {
      const rows = await queryRows(app.ctx.db, query);
      await tx.execute(statement);
      await db().select().from(table);
      const fragment = sql<string>\`round(x, 2)\`;
      return sql.raw('x');
    });`;
    expect(sqlUsesOf('modules/x/x.routes.ts', source).map((use) => `${use.line} ${use.what}`)).toEqual([
      '2 queryRows()',
      '3 tx.execute()',
      '4 db().select()',
      '5 sql`...`',
      '6 sql.raw()',
    ]);
  });

  it('hold no SQL', () => {
    expect(routeFiles.flatMap((file) => sqlUsesOf(file).map((use) => `${use.file}:${use.line} ${use.what}`))).toEqual([]);
  });
});
