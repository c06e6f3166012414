import { planMessages } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: SalesFixtures;
/** A third approved item (the plans' "B" beside the reagent's "A"). */
let third: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Sp');
  const created = await f.call('POST', '/api/items', { itemName: 'Sp Diluent', articleNumber: 'SP-DILUENT', categoryId: f.category, unit: 'can', costPrice: '1.00', salePrice: '9.50', lotTracked: false, storageCondition: 'ambient', active: true });
  third = created.json().data.id;
  expect((await f.call('POST', `/api/items/${third}/approve`)).statusCode).toBe(200);
  // The north price of the reagent; the diluent keeps its sale price (no price-list row).
  const price = await f.call('POST', '/api/price-list', { itemId: f.reagent, regionId: f.north, price: '12.50', effectiveFrom: '2020-01-01' });
  expect(price.statusCode, price.body).toBe(201);
});
afterAll(async () => t?.close());

const months = (...values: number[]) => Array.from({ length: 12 }, (_, i) => values[i] ?? 0);
const plan = (overrides: Record<string, unknown> = {}) => ({
  year: 2026,
  regionId: f.north,
  notes: 'Region plan',
  lines: [
    { itemId: f.reagent, months: months(10, 10, 20) },
    { itemId: third, months: months(0, 5) },
  ],
  ...overrides,
});
const read = async (id: number) => (await f.call('GET', `/api/sales-plans/${id}`)).json().data;
const plansOf = async (id: number) => ((await queryRows<{ plans: Record<string, boolean> }>(t.database.db, sql`SELECT plans FROM items WHERE id = ${id}::int`))[0]!.plans);
const run = (id: number, action: string, token?: string) => f.call('POST', `/api/sales-plans/${id}/${action}`, undefined, token);

describe('sales plans: drafts and their checks', () => {
  it('saves a draft with the API names of issue 19; the answer is what a read gives, and items.plans holds the year', async () => {
    const created = await f.call('POST', '/api/sales-plans', plan({ year: 2031 }));
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      status: 'draft',
      documentNumber: null,
      documentDate: '2031-01-01',
      year: 2031,
      regionId: f.north,
      customerId: null,
      salespersonId: null,
      version: 1,
      revisionOf: null,
      totalQuantity: 45,
      totalValue: null,
      region: { regionName: 'Sp North' },
    });
    expect(data.lines).toEqual([
      expect.objectContaining({ lineNo: 1, itemId: f.reagent, months: months(10, 10, 20), quantity: 40, unitPrice: null, value: null, item: expect.objectContaining({ articleNumber: 'SP-SP-CBC-REAGENT' }) }),
      expect.objectContaining({ lineNo: 2, itemId: third, months: months(0, 5), quantity: 5 }),
    ]);
    expect(await read(data.id)).toEqual(data);
    expect(await plansOf(f.reagent)).toMatchObject({ 2031: true });

    const replaced = await f.call('PUT', `/api/sales-plans/${data.id}`, plan({ year: 2031, lines: [{ itemId: third, months: months(1, 2, 3) }] }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ totalQuantity: 6, lines: [expect.objectContaining({ itemId: third, months: months(1, 2, 3) })] });
    expect(await read(data.id)).toEqual(replaced.json().data);
    // The reagent left the plan: its 2031 is cleared, the diluent's stays.
    expect((await plansOf(f.reagent))['2031']).toBeUndefined();
    expect(await plansOf(third)).toMatchObject({ 2031: true });
    expect((await f.call('DELETE', `/api/sales-plans/${data.id}`)).statusCode).toBe(200);
    expect((await plansOf(third))['2031']).toBeUndefined();
  });

  it("keeps each item's line when a draft is saved again: reordered lines trade numbers, a new item is added, a dropped one goes", async () => {
    const created = (await f.call('POST', '/api/sales-plans', plan({ year: 2033, lines: [{ itemId: f.reagent, months: months(1) }, { itemId: third, months: months(2) }] }))).json().data;
    const ids = Object.fromEntries(created.lines.map((l: { itemId: number; id: number }) => [l.itemId, l.id]));
    const saved = await f.call('PUT', `/api/sales-plans/${created.id}`, plan({ year: 2033, lines: [{ itemId: third, months: months(5) }, { itemId: f.reagent, months: months(6) }, { itemId: f.gloves, months: months(7) }] }));
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json().data;
    expect(data.lines.map((l: { lineNo: number; itemId: number; months: number[] }) => [l.lineNo, l.itemId, l.months[0]])).toEqual([
      [1, third, 5],
      [2, f.reagent, 6],
      [3, f.gloves, 7],
    ]);
    expect(data.lines[0].id).toBe(ids[third]);
    expect(data.lines[1].id).toBe(ids[f.reagent]);
    expect(await read(created.id)).toEqual(data);
    expect(await plansOf(f.gloves)).toMatchObject({ 2033: true });
    const dropped = await f.call('PUT', `/api/sales-plans/${created.id}`, plan({ year: 2033, lines: [{ itemId: f.gloves, months: months(1) }] }));
    expect(dropped.json().data.lines).toEqual([expect.objectContaining({ lineNo: 1, itemId: f.gloves })]);
    expect((await plansOf(f.reagent))['2033']).toBeUndefined();
    // Another year, the same line kept: the item's year moves with the plan's.
    expect((await f.call('PUT', `/api/sales-plans/${created.id}`, plan({ year: 2034, lines: [{ itemId: f.gloves, months: months(1) }] }))).statusCode).toBe(200);
    expect(await plansOf(f.gloves)).toMatchObject({ 2034: true });
    expect((await plansOf(f.gloves))['2033']).toBeUndefined();
    expect((await f.call('DELETE', `/api/sales-plans/${created.id}`)).statusCode).toBe(200);
  });

  it('refuses months that are not 12 whole numbers >= 0, naming lines.N.months', async () => {
    const bad = await f.call('POST', '/api/sales-plans', plan({ lines: [{ itemId: f.reagent, months: [1, 2, 3] }, { itemId: third, months: months(1, -2) }, { itemId: f.gloves, months: [...months(), 1.5].slice(1) }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'lines.0.months': 'Months must hold exactly 12 quantities, January to December',
      'lines.1.months.1': 'A month cannot be negative',
      'lines.2.months.11': 'Each month must be a whole number',
    });
    const missing = await f.call('POST', '/api/sales-plans', { regionId: f.north, lines: [{ itemId: f.reagent }] });
    expect(missing.json().errors).toMatchObject({ year: 'Year is required', 'lines.0.months': expect.any(String) });
  });

  it('refuses an item twice, a missing or unapproved item, a missing region, a customer of another region and a salesperson who does not sell', async () => {
    const [south] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM customers WHERE id = ${f.customer.id}::int`);
    const auditor = await t.userWithRole('auditor');
    const response = await f.call('POST', '/api/sales-plans', {
      year: 2026,
      regionId: f.south,
      customerId: south!.id,
      salespersonId: auditor.id,
      lines: [
        { itemId: f.reagent, months: months(1) },
        { itemId: f.reagent, months: months(2) },
        { itemId: f.unapproved, months: months(1) },
        { itemId: 999_999, months: months(1) },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      customerId: planMessages.customerOtherRegion,
      salespersonId: planMessages.salespersonRole,
      'lines.1.itemId': planMessages.itemTwice(1),
      'lines.2.itemId': planMessages.itemNotApproved,
      'lines.3.itemId': planMessages.itemMissing,
    });
    const noRegion = await f.call('POST', '/api/sales-plans', plan({ regionId: 999_999 }));
    expect(noRegion.json().errors).toEqual({ regionId: planMessages.regionMissing });
  });
});

describe('sales plans: the workflow (issue 19, sections 1 and 4)', () => {
  const state: Record<string, number> = {};

  it('saving a 2026 plan with items A and B sets both plans["2026"]; cancelling it (no other plan) clears them', async () => {
    const created = await f.call('POST', '/api/sales-plans', plan({ regionId: f.south, notes: 'Cancelled soon' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(await plansOf(f.reagent)).toMatchObject({ 2026: true });
    expect(await plansOf(third)).toMatchObject({ 2026: true });
    const cancelled = await run(created.json().data.id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await plansOf(f.reagent))['2026']).toBeUndefined();
    expect((await plansOf(third))['2026']).toBeUndefined();
    // The items' options carry the map the pickers colour by.
    const options = (await f.call('GET', `/api/items/options?ids=${f.reagent}`)).json().options;
    expect(options[0].plans).toEqual({});
  });

  it('submit numbers it SP-<plan year>-NNNNNN; approve freezes the region prices and the value', async () => {
    const created = await f.call('POST', '/api/sales-plans', plan({ year: 2027 }));
    const id = created.json().data.id;
    state.plan = id;
    const submitted = await run(id, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ message: 'Sales plan submitted', data: { status: 'submitted', documentNumber: 'SP-2027-000001', version: 1 } });
    expect((await f.call('PUT', `/api/sales-plans/${id}`, plan({ year: 2027 }))).statusCode).toBe(409);
    const approved = await run(id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const data = approved.json().data;
    expect(data).toMatchObject({ status: 'approved', documentNumber: 'SP-2027-000001', totalValue: '547.50', approvedBy: expect.any(Number) });
    expect(data.lines).toEqual([
      expect.objectContaining({ itemId: f.reagent, unitPrice: '12.50', quantity: 40, value: '500.00' }),
      expect.objectContaining({ itemId: third, unitPrice: '9.50', quantity: 5, value: '47.50' }),
    ]);
    expect(await read(id)).toEqual(data);
    // An approved plan's lines and header are kept by the trigger; only the workflow columns move.
    const refused = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement).then(() => 'changed', () => 'refused');
    expect(await refused(sql`UPDATE sales_plan_lines SET months = ${sql.param(months(1))} WHERE sales_plan_id = ${id}::int`)).toBe('refused');
    expect(await refused(sql`DELETE FROM sales_plan_lines WHERE sales_plan_id = ${id}::int`)).toBe('refused');
    expect(await refused(sql`UPDATE sales_plans SET notes = 'x' WHERE id = ${id}::int`)).toBe('refused');
    expect(await refused(sql`UPDATE sales_plan_lines SET months = ARRAY[1,2,3] WHERE id = -1`)).toBe('changed');
    expect(await refused(sql`INSERT INTO sales_plan_lines (sales_plan_id, line_no, item_id, months) VALUES (${id}::int, 9, ${f.gloves}::int, ARRAY[1,2,3])`)).toBe('refused');
  });

  it('a second live plan of the same year, region, customer and salesperson answers 409 naming the first; another key is free', async () => {
    const second = await f.call('POST', '/api/sales-plans', plan({ year: 2027 }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(planMessages.liveExists('SP-2027-000001 v1'));
    const forCustomer = await f.call('POST', '/api/sales-plans', plan({ year: 2027, customerId: f.customer.id }));
    expect(forCustomer.statusCode, forCustomer.body).toBe(201);
    const again = await f.call('POST', '/api/sales-plans', plan({ year: 2027, customerId: f.customer.id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(planMessages.liveExists(`draft sales plan ${forCustomer.json().data.id} (v1)`));
    // Moving a draft onto a taken key is refused the same way.
    const moved = await f.call('PUT', `/api/sales-plans/${forCustomer.json().data.id}`, plan({ year: 2027 }));
    expect(moved.statusCode).toBe(409);
    state.customerPlan = forCustomer.json().data.id;
  });

  it('revise answers a new draft of the same number, version 2; approving it supersedes version 1, which stays readable', async () => {
    const revised = await run(state.plan!, 'revise');
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json().message).toBe('Sales plan revised');
    const draft = revised.json().data;
    expect(draft).toMatchObject({ status: 'draft', documentNumber: 'SP-2027-000001', version: 2, revisionOf: state.plan, year: 2027, regionId: f.north, totalQuantity: 45, totalValue: null });
    expect(draft.lines.map((l: { itemId: number; months: number[]; unitPrice: string | null }) => [l.itemId, l.months, l.unitPrice])).toEqual([
      [f.reagent, months(10, 10, 20), null],
      [third, months(0, 5), null],
    ]);
    expect(await read(draft.id)).toEqual(draft);
    expect((await read(state.plan!)).status).toBe('approved');
    // One revision at a time; a plan and its revision draft count as one live plan.
    expect((await run(state.plan!, 'revise')).statusCode).toBe(409);
    // A revision keeps its key.
    const moved = await f.call('PUT', `/api/sales-plans/${draft.id}`, plan({ year: 2028 }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ year: planMessages.revisionKeepsKey });
    // Version 2 drops the diluent and plans the gloves.
    const edited = await f.call('PUT', `/api/sales-plans/${draft.id}`, plan({ year: 2027, lines: [{ itemId: f.reagent, months: months(20) }, { itemId: f.gloves, months: months(0, 0, 0, 7) }] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await plansOf(third)).toMatchObject({ 2027: true });
    expect((await run(draft.id, 'submit')).json().data).toMatchObject({ status: 'submitted', documentNumber: 'SP-2027-000001', version: 2 });
    // The original cannot be cancelled while its revision is in progress.
    expect((await run(state.plan!, 'cancel')).statusCode).toBe(409);
    const approved = await run(draft.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', version: 2, totalValue: '250.00' });
    const v1 = await read(state.plan!);
    expect(v1).toMatchObject({ status: 'superseded', version: 1, supersededBy: expect.any(Number), totalValue: '547.50' });
    expect(v1.lines).toHaveLength(2);
    // The diluent was only in version 1 (and the customer draft): still planned by that draft.
    expect(await plansOf(third)).toMatchObject({ 2027: true });
    expect(await plansOf(f.gloves)).toMatchObject({ 2027: true });
    const list = (await f.call('GET', '/api/sales-plans?year=2027&regionId=' + f.north)).json().data;
    expect(list.map((row: { version: number; status: string }) => [row.version, row.status]).sort()).toEqual([[1, 'superseded'], [1, 'draft'], [2, 'approved']].sort());
    state.v2 = draft.id;
  });

  it('a superseded version cannot move; the approved revision can be revised again (version 3) and cancelled', async () => {
    expect((await run(state.plan!, 'cancel')).statusCode).toBe(409);
    expect((await run(state.plan!, 'revise')).statusCode).toBe(409);
    const v3 = await run(state.v2!, 'revise');
    expect(v3.json().data).toMatchObject({ version: 3, documentNumber: 'SP-2027-000001', revisionOf: state.v2 });
    expect((await f.call('DELETE', `/api/sales-plans/${v3.json().data.id}`)).statusCode).toBe(200);
    const cancelled = await run(state.v2!, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await plansOf(f.gloves))['2027']).toBeUndefined();
    // The customer draft still plans the reagent and the diluent in 2027.
    expect(await plansOf(f.reagent)).toMatchObject({ 2027: true });
    // The key is free again.
    const fresh = await f.call('POST', '/api/sales-plans', plan({ year: 2027 }));
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((await run(fresh.json().data.id, 'cancel')).statusCode).toBe(200);
  });

  it('approve needs sales-plans:approve (admin and accountant hold it); the plan form is theirs alone; the auditor only reads', async () => {
    const created = await f.call('POST', '/api/sales-plans', plan({ year: 2029 }));
    const id = created.json().data.id;
    expect((await run(id, 'submit')).statusCode).toBe(200);
    const salesManager = await t.userWithRole('salesManager');
    expect((await run(id, 'approve', salesManager.token)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/sales-plans', undefined, salesManager.token)).statusCode).toBe(403);
    const auditor = await t.userWithRole('auditor');
    expect((await run(id, 'approve', auditor.token)).statusCode).toBe(403);
    // The route table gives the auditor /planning/form (the admin's list less three): it reads plans, writes none.
    expect((await f.call('GET', '/api/sales-plans', undefined, auditor.token)).statusCode).toBe(200);
    expect((await f.call('GET', `/api/sales-plans/${id}`, undefined, auditor.token)).statusCode).toBe(200);
    expect((await f.call('POST', '/api/sales-plans', plan({ year: 2029 }), auditor.token)).statusCode).toBe(403);
    expect((await f.call('PUT', `/api/sales-plans/${id}`, plan({ year: 2029 }), auditor.token)).statusCode).toBe(403);
    const accountant = await t.userWithRole('accountant');
    const approved = await run(id, 'approve', accountant.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await run(id, 'approve')).statusCode).toBe(409);
  });

  it('keeps another region out of a user kept to regions: its plans read as missing, its region refused like a missing one', async () => {
    const south = await f.call('POST', '/api/sales-plans', plan({ year: 2030, regionId: f.south }));
    const northUser = await t.userWithRole('accountant');
    await t.database.db.update(users).set({ permissions: { regions: [f.north] } }).where(eq(users.id, northUser.id));
    expect((await f.call('GET', `/api/sales-plans/${south.json().data.id}`, undefined, northUser.token)).statusCode).toBe(404);
    expect((await run(south.json().data.id, 'submit', northUser.token)).statusCode).toBe(404);
    const list = (await f.call('GET', '/api/sales-plans?year=2030', undefined, northUser.token)).json();
    expect(list.total).toBe(0);
    const refused = await f.call('POST', '/api/sales-plans', plan({ year: 2030, regionId: f.south }), northUser.token);
    expect(refused.json().errors).toEqual({ regionId: planMessages.regionMissing });
    expect((await f.call('GET', `/api/planning/reconciliation?year=2030&regionId=${f.south}`, undefined, northUser.token)).statusCode).toBe(404);
  });
});

describe('plan actuals and reconciliation (issue 19, section 6)', () => {
  it('answers per item the 12 net monthly quantities from the monthly summary: invoices less returns, each in its own month', async () => {
    const [lot] = await f.receive([{ itemId: f.reagent, quantity: 50, unitCost: '5.00', expiresIn: 300 }]);
    expect(lot).toBeDefined();
    const invoice = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, lines: [{ itemId: f.reagent, quantity: 10, price: '12.50' }], post: true });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const returned = await f.call('POST', '/api/sales-returns', { invoiceId: invoice.json().data.id, returnDate: f.today, lines: [{ invoiceLineId: invoice.json().data.lines[0].id, quantity: 2, condition: 'restock' }], post: true });
    expect(returned.statusCode, returned.body).toBe(201);
    // An earlier year loaded into the summary as a bulk load would: March 20 sold, 5 returned in April.
    await t.database.db.execute(sql`INSERT INTO sales_summary (month, item_id, region_id, customer_id, salesperson_id, quantity, value, returned_quantity, returned_value)
      VALUES ('2024-03-01', ${third}::int, ${f.north}::int, ${f.customer.id}::int, NULL, 20, 190, 0, 0),
             ('2024-04-01', ${third}::int, ${f.north}::int, ${f.customer.id}::int, NULL, -5, -47.5, 5, 47.5),
             ('2024-03-01', ${third}::int, ${f.south}::int, ${f.customer.id}::int, NULL, 99, 1, 0, 0)`);
    const year = Number(f.today.slice(0, 4));
    const month = Number(f.today.slice(5, 7));
    const current = await f.call('GET', `/api/planning/actuals?year=${year}&regionId=${f.north}`);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().rows).toEqual([expect.objectContaining({ itemId: f.reagent, months: months(...Array.from({ length: month - 1 }, () => 0), 8), quantity: 8 })]);
    const earlier = (await f.call('GET', `/api/planning/actuals?year=2024&regionId=${f.north}&customerId=${f.customer.id}`)).json();
    expect(earlier.rows).toEqual([{ itemId: third, itemName: 'Sp Diluent', articleNumber: 'SP-DILUENT', months: months(0, 0, 20, -5), quantity: 15 }]);
    expect((await f.call('GET', `/api/planning/actuals?year=2024&regionId=${f.north}&salespersonId=1`)).json().rows).toEqual([]);
    const bad = await f.call('GET', '/api/planning/actuals?regionId=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['regionId', 'year']);
  });

  it('sets the region plan against the sums of its customer plans and its salesperson plans, with what is unallocated', async () => {
    const sellers = await t.userWithRole('salesExecutive');
    const other = await f.newCustomer('Other Clinic');
    const save = async (body: Record<string, unknown>) => {
      const response = await f.call('POST', '/api/sales-plans', { year: 2032, regionId: f.north, ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as number;
    };
    const region = await save({ lines: [{ itemId: f.reagent, months: months(100, 100) }, { itemId: third, months: months(10) }] });
    await save({ customerId: f.customer.id, lines: [{ itemId: f.reagent, months: months(30, 40) }] });
    await save({ customerId: other.id, salespersonId: sellers.id, lines: [{ itemId: f.reagent, months: months(50, 70) }] });
    await save({ salespersonId: sellers.id, lines: [{ itemId: f.reagent, months: months(60) }, { itemId: f.gloves, months: months(0, 3) }] });
    const answer = (await f.call('GET', `/api/planning/reconciliation?year=2032&regionId=${f.north}`)).json();
    expect(answer.regionPlan).toMatchObject({ id: region, version: 1, status: 'draft' });
    expect(answer.customerPlans).toHaveLength(2);
    expect(answer.salespersonPlans).toHaveLength(1);
    const byItem = Object.fromEntries(answer.rows.map((row: { itemId: number }) => [row.itemId, row]));
    expect(byItem[f.reagent]).toMatchObject({
      region: months(100, 100),
      customers: months(80, 110),
      salespeople: months(60),
      unallocatedToCustomers: months(20, -10),
      unallocatedToSalespeople: months(40, 100),
    });
    expect(byItem[third]).toMatchObject({ region: months(10), customers: months(), unallocatedToCustomers: months(10) });
    expect(byItem[f.gloves]).toMatchObject({ region: months(), salespeople: months(0, 3), unallocatedToSalespeople: months(0, -3) });
    expect(answer.totals.region).toEqual(months(110, 100));
  });

  it('lists the approved items of a category for "add by category", with their plans', async () => {
    const rows = (await f.call('GET', `/api/planning/items?categoryId=${f.category}`)).json().rows;
    expect(rows.map((r: { itemId: number }) => r.itemId).sort()).toEqual([f.reagent, f.gloves, third].sort());
    expect(rows.find((r: { itemId: number }) => r.itemId === f.reagent).plans).toMatchObject({ 2032: true });
  });
});
