import { type DashboardBoardId, type DashboardFigure, type DashboardResponse, dashboardBoardIds, fromMinorUnits, toMinorUnits } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { createDemoTestApp } from '../../test/demo-database.ts';
import { boardStatements, figureContext, readBoard } from '../../lib/dashboard/dashboard-board.ts';
import type { Actor } from '../../lib/actor.ts';
import type { FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: SalesFixtures;
let auditor: { id: number; token: string };
let regional: { id: number; token: string; region: number };

beforeAll(async () => {
  t = await createDemoTestApp();
  f = await salesFixtures(t, 'Dash');
  auditor = await t.userWithRole('auditor');
  // An auditor of one demo region: the scope is set before the user's first request (no cached session).
  const [region] = await queryRows<{ id: number }>(t.database.db, sql`SELECT region_id AS id FROM sales_summary GROUP BY region_id ORDER BY sum(value) DESC LIMIT 1`);
  const user = await t.userWithRole('auditor');
  await t.database.db.update(users).set({ permissions: { regions: [region!.id] } }).where(eq(users.id, user.id));
  regional = { ...user, region: region!.id };
}, 600_000);
afterAll(async () => t?.close());

const board = async (name: string, token = t.adminToken) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/dashboard?board=${name}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardResponse>();
};
const figureOf = (body: DashboardResponse, id: string) => body.figures.find((f) => f.id === id)!;

/** Every figure of the owner's board (all of them) against its drill-down list's API, for that user. */
async function expectFiguresEqualTheirLists(token: string): Promise<DashboardFigure[]> {
  const body = await board('owner', token);
  const now = new Date(body.asOf);
  const context = figureContext({ userId: 0, role: 'admin', scopes: [], permissions: {} }, now);
  const definitions = new Map(t.app.ctx.areas.figureStatements.flatMap((s) => s.figures.map((d) => [d.id, d])));
  expect(body.figures.map((f) => f.id).sort()).toEqual([...definitions.keys()].sort());
  for (const figure of body.figures) {
    expect(figure.error, figure.id).toBeUndefined();
    const list = definitions.get(figure.id)!.list(context);
    const response = await t.app.inject({ method: 'GET', url: list.url, headers: bearer(token) });
    expect(response.statusCode, `${figure.id}: ${response.body}`).toBe(200);
    expect(figure.value, `${figure.id} against ${list.url}`).toBe(list.total(response.json()));
  }
  return body.figures;
}

describe('the dashboard', () => {
  it('answers every figure equal to its drill-down list, on the demo data, for the admin and a regional auditor', async () => {
    // The demo's vendor bills are due later or paid: one due within the week (terms of 3 days, received today).
    await t.database.db.update(vendors).set({ paymentTermsDays: 3 }).where(eq(vendors.id, f.vendor.id));
    await f.receive([{ itemId: f.reagent, lotNumber: 'DASH-0', expiresIn: 200, quantity: 4, unitCost: '12.50' }]);
    // The lists' new filters mean what they say: 4 on hand under a reorder level of 5; cash and bank accounts alone.
    await t.app.inject({ method: 'PUT', url: `/api/items/${f.reagent}`, headers: bearer(t.adminToken), payload: { reorderLevel: 5 } });
    const list = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(t.adminToken) })).json<{ data: Record<string, unknown>[] }>().data;
    expect((await list('/api/items?belowReorder=true&pageSize=200')).map((item) => item.id)).toContain(f.reagent);
    expect(new Set((await list('/api/accounts?cashAndBank=true&pageSize=200')).map((account) => account.kind))).toEqual(new Set(['cash', 'bank']));
    const refused = await t.app.inject({ method: 'GET', url: '/api/items?belowReorder=yes', headers: bearer(t.adminToken) });
    expect(refused.json().errors).toHaveProperty('belowReorder');
    const all = await expectFiguresEqualTheirLists(t.adminToken);
    // The demo data is not empty where it matters: a zero everywhere would prove nothing.
    for (const id of ['sales-month', 'receivables', 'expiring-90', 'open-quotations', 'cash-and-bank', 'payables-due-this-week', 'items-below-reorder']) expect(toMinorUnits(all.find((f) => f.id === id)!.value!), id).toBeGreaterThan(0n);
    for (const [id, groupBy] of [['top-customers', 'customer'], ['top-items', 'item']] as const) {
      const report = await t.app.inject({ method: 'GET', url: `/api/sales/reports?from=${f.today.slice(0, 8)}01&to=${f.today}&groupBy=${groupBy}&pageSize=10`, headers: bearer(t.adminToken) });
      const rows = all.find((figure) => figure.id === id)!.rows!;
      expect(rows.length).toBeGreaterThan(1);
      expect(rows).toEqual(report.json().rows.map((row: { label: string; value: string }) => ({ label: row.label, value: row.value })));
    }
    const own = await expectFiguresEqualTheirLists(regional.token);
    const month = (figures: DashboardFigure[]) => toMinorUnits(figures.find((f) => f.id === 'sales-month')!.value!);
    expect(month(own)).toBeGreaterThan(0n);
    expect(month(own)).toBeLessThan(month(all));
  }, 120_000);

  it('gives two users of different scopes asking at once each their own figures', async () => {
    const [alone1, alone2] = [await board('sales'), await board('sales', regional.token)];
    const [together1, together2] = await Promise.all([board('sales'), board('sales', regional.token)]);
    const values = (b: DashboardResponse) => b.figures.map((f) => [f.id, f.value, f.rows]);
    expect(values(together1)).toEqual(values(alone1));
    expect(values(together2)).toEqual(values(alone2));
    expect(values(alone1)).not.toEqual(values(alone2));
  });

  it('runs at most 15 statements per board, each narrowed inside its SQL', async () => {
    const actor: Actor = { userId: regional.id, role: 'auditor', scopes: [], permissions: { regions: [regional.region] } };
    for (const name of dashboardBoardIds) {
      let statements = 0;
      const counting = { execute: (query: never) => ((statements += 1), t.database.db.execute(query)) } as unknown as Executor;
      const { response } = await readBoard(counting, 'pglite', t.app.ctx.areas.figureStatements, actor, name as DashboardBoardId);
      // The heavy statements alone, the light ones read together in one.
      const parts = boardStatements(t.app.ctx.areas.figureStatements, name, figureContext(actor));
      const heavy = parts.filter((p) => p.statement.heavy).length;
      expect(statements, name).toBe(heavy + (parts.length > heavy ? 1 : 0));
      expect(statements, name).toBeLessThanOrEqual(15);
      expect(response.figures.every((f) => f.value !== null), name).toBe(true);
    }
    // A statement declaring a row scope puts it in its SQL: a one-region caller's statement is another.
    const dialect = new PgDialect();
    const text = (statement: FigureStatement, who: Actor) => JSON.stringify(dialect.sqlToQuery(statement.sql(figureContext(who))));
    const everyone: Actor = { ...actor, permissions: {} };
    for (const statement of t.app.ctx.areas.figureStatements.filter((s) => s.scope.includes('regions'))) {
      expect(text(statement, actor), statement.id).not.toBe(text(statement, everyone));
    }
  });

  it('answers a failing figure alone as not available', async () => {
    const failing = { id: 'broken', scope: [], sql: () => sql`SELECT 1 / 0 AS n`, figures: [{ ...t.app.ctx.areas.figureStatements[0]!.figures[0]!, id: 'broken', boards: ['sales' as const] }] };
    const { response, failures } = await readBoard(t.database.db, 'pglite', [failing, ...t.app.ctx.areas.figureStatements], { userId: 1, role: 'admin', scopes: [], permissions: {} }, 'sales');
    expect(figureOf(response, 'broken')).toMatchObject({ value: null, error: 'Not available, retry' });
    expect(figureOf(response, 'sales-month').value).not.toBeNull();
    expect(failures).toHaveLength(1);
  });

  it('raises sales today and this month by a posted invoice at once, and lowers them back when it is cancelled', async () => {
    await f.receive([{ itemId: f.reagent, lotNumber: 'DASH-1', expiresIn: 200, quantity: 10, unitCost: '12.50' }]);
    const before = await board('sales');
    const invoice = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, lines: [{ itemId: f.reagent, quantity: 3, price: '40.10' }], post: true });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const posted = await board('sales');
    const raised = (id: string, b: DashboardResponse) => fromMinorUnits(toMinorUnits(figureOf(b, id).value!) - toMinorUnits(figureOf(before, id).value!));
    expect(raised('sales-today', posted)).toBe('120.30');
    expect(raised('sales-month', posted)).toBe('120.30');
    expect((await f.call('POST', `/api/invoices/${invoice.json().data.id}/cancel`)).statusCode).toBe(200);
    const cancelled = await board('sales');
    expect(figureOf(cancelled, 'sales-today').value).toBe(figureOf(before, 'sales-today').value);
    expect(figureOf(cancelled, 'sales-month').value).toBe(figureOf(before, 'sales-month').value);
  });

  it('lists the boards, and refuses a role without /dashboard and a bad board', async () => {
    const boards = await t.app.inject({ method: 'GET', url: '/api/dashboard/boards', headers: bearer(auditor.token) });
    expect(boards.json().boards.map((b: { id: string }) => b.id)).toEqual(['sales', 'accounts', 'warehouse', 'owner']);
    expect((await board('accounts', auditor.token)).figures.length).toBeGreaterThan(0);
    const accountant = await t.userWithRole('accountant');
    const refused = await t.app.inject({ method: 'GET', url: '/api/dashboard?board=sales', headers: bearer(accountant.token) });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/dashboard?board=nope', headers: bearer(t.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('board');
  });
});
