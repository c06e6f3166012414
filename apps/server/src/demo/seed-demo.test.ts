import { fromMinorUnits, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { todayIso } from '../ledger/general-ledger.ts';
import { readPostingAccounts } from '../ledger/posting-accounts.ts';
import { createPasswordHasher } from '../lib/passwords.ts';
import { inventoryDisagreementsByRegion } from '../test/purchasing-fixtures.ts';
import { bearer, createTestApp, type TestApp, testPasswordHashing } from '../test/test-app.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { createDemoTestApp } from '../test/demo-database.ts';
import { seedDemo } from './seed-demo.ts';
import { demoClosedThrough } from './seed-year-end.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
  // The demo runs six months of payroll too (issue 20): longer than the default minute on a loaded machine.
}, 600_000);
afterAll(async () => t?.close());

const catalogueSize = demoCatalogue.reduce((n, group) => n + group.items.length, 0);

describe('demo items and stock', () => {
  it('holds about 200 items of a laboratory distributor, most approved, reagents lot-tracked', async () => {
    expect(catalogueSize).toBeGreaterThanOrEqual(190);
    const [counts] = await queryRows<{ total: number; approved: number; reagents: number; reagentsTracked: number; articles: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE i.is_approved)::int AS approved,
                 count(*) FILTER (WHERE c.category_name = 'Reagents')::int AS reagents,
                 count(*) FILTER (WHERE c.category_name = 'Reagents' AND i.lot_tracked)::int AS "reagentsTracked",
                 count(DISTINCT i.article_number)::int AS articles
          FROM items i JOIN categories c ON c.id = i.category_id WHERE NOT i.serial_tracked`,
    );
    expect(counts!.total).toBe(catalogueSize);
    expect(counts!.articles).toBe(catalogueSize);
    expect(counts!.approved).toBeGreaterThan(catalogueSize * 0.9);
    expect(counts!.approved).toBeLessThan(catalogueSize);
    expect(counts!.reagentsTracked).toBe(counts!.reagents);
    const diluent = (await t.app.inject({ method: 'GET', url: '/api/items?search=CBC%203-part%20Diluent', headers: bearer(t.adminToken) })).json().data;
    expect(diluent).toEqual([
      expect.objectContaining({ itemName: 'CBC 3-part Diluent 20 L', articleNumber: 'HM-1001', unit: 'pack', costPrice: '9800.00', lotTracked: true, isApproved: true }),
    ]);
    // Items awaiting approval hold no stock.
    const [unapprovedLots] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM inventory v JOIN items i ON i.id = v.item_id WHERE NOT i.is_approved`,
    );
    expect(unapprovedLots!.n).toBe(0);
  });

  it('has opening stock in several lots per region, posted through stock adjustments, some near expiry and some expired', async () => {
    const perRegion = await queryRows<{ region: string; lots: number }>(
      t.database.db,
      sql`SELECT r.region_name AS region, count(v.id)::int AS lots FROM regions r LEFT JOIN inventory v ON v.region_id = r.id AND v.quantity > 0 GROUP BY r.region_name ORDER BY r.region_name`,
    );
    expect(perRegion).toHaveLength(4);
    for (const region of perRegion) expect(region.lots).toBeGreaterThan(100);
    const adjustments = await queryRows<{ reason: string; status: string; n: number }>(
      t.database.db,
      sql`SELECT reason, status, count(*)::int AS n FROM stock_adjustments GROUP BY reason, status ORDER BY reason`,
    );
    expect(adjustments).toEqual([
      { reason: 'damage', status: 'posted', n: 1 },
      { reason: 'expiryWriteOff', status: 'posted', n: 1 },
      // One per region, and the rental analysers' (issue 21).
      { reason: 'openingStock', status: 'posted', n: 5 },
      // The closed recall's disposal (issue 31).
      { reason: 'recallDisposal', status: 'posted', n: 1 },
    ]);
    const list = (status: string) => t.app.inject({ method: 'GET', url: `/api/inventory?status=${status}&pageSize=5`, headers: bearer(t.adminToken) }).then((r) => r.json());
    const near = await list('nearExpiry');
    expect(near.total).toBeGreaterThan(5);
    expect(near.data.every((lot: { nearExpiry: boolean; quantity: number }) => lot.nearExpiry && lot.quantity > 0)).toBe(true);
    const expired = await list('expired');
    expect(expired.total).toBeGreaterThan(2);
    expect(expired.data.every((lot: { expired: boolean; quantity: number }) => lot.expired && lot.quantity > 0)).toBe(true);
  });

  it('values the stock at the Inventory and in-transit accounts to the cent, region by region, and the stock ledger agrees with the lots', async () => {
    const [row] = await queryRows<{ lots: string; allLots: string; ledger: string; moves: string; badLots: number }>(
      t.database.db,
      // Analysers placed at customers' sites are Placed instruments (issue 21), not Inventory: the moves count them, the ledger's Inventory does not.
      // Reagents on consignment at a site are still Inventory.
      sql`SELECT (SELECT sum(v.quantity * v.unit_cost) FROM inventory v JOIN stock_locations l ON l.id = v.location_id JOIN items it ON it.id = v.item_id
                   WHERE NOT (l.kind = 'customer' AND it.serial_tracked))::text AS lots,
                 (SELECT sum(quantity * unit_cost) FROM inventory)::text AS "allLots",
                 (SELECT sum(g.debit - g.credit) FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key IN ('inventory', 'inventoryInTransit'))::text AS ledger,
                 -- A value row (a landed cost, issue 33) carries its signed change of value and no units.
                 (SELECT sum(CASE WHEN kind = 'value' OR quantity_in > 0 THEN value ELSE -value END) FROM stock_moves)::text AS moves,
                 (SELECT count(*) FROM inventory v
                   WHERE v.quantity <> (SELECT coalesce(sum(m.quantity_in - m.quantity_out), 0) FROM stock_moves m WHERE m.inventory_id = v.id))::int AS "badLots"`,
    );
    expect(Number(row!.lots)).toBeGreaterThan(1_000_000);
    expect(row!.ledger).toBe(row!.lots);
    expect(row!.moves).toBe(row!.allLots);
    expect(row!.badLots).toBe(0);
    // The demo's transfers (received, in transit, cancelled) moved value between regions with the stock.
    expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
  });

  // Once, on the real clock: the date check's projects (TEST_TODAY) run this file for the dates'
  // own stories; a second seed there would only prove again what this proves, at a seed's cost each.
  it.skipIf(Boolean(process.env.TEST_TODAY))('is the same demo on every run (seeded, not random)', async () => {
    // A second seed: as long as the first (beforeAll), minutes on a loaded machine since issue 27 gave the demo its volume.
    const other = await createTestApp();
    try {
      expect((await seedDemo(other.database.db, createPasswordHasher(testPasswordHashing))).seeded).toBe(true);
      const [first, second] = await Promise.all([snapshot(t), snapshot(other)]);
      expect(second).toEqual(first);
    } finally {
      await other.close();
    }
  }, 600_000);
});

describe('demo money', () => {
  it('has receipts, payments and cheques in every state, each invoice open by exactly what its live allocations leave', async () => {
    const states = await queryRows<{ kind: string; status: string }>(
      t.database.db,
      sql`SELECT DISTINCT 'cheque:' || direction AS kind, status FROM cheques
          UNION SELECT DISTINCT 'receipt', status FROM receipts UNION SELECT DISTINCT 'payment:' || payee_type, status FROM payments`,
    );
    const of = (kind: string) => new Set(states.filter((s) => s.kind === kind).map((s) => s.status));
    expect(of('cheque:received')).toEqual(new Set(['inHand', 'deposited', 'cleared', 'bounced']));
    expect(of('cheque:issued')).toEqual(new Set(['issued', 'cleared', 'cancelled']));
    expect(of('receipt')).toEqual(new Set(['posted', 'bounced']));
    expect(of('payment:vendor')).toEqual(new Set(['posted', 'cancelled']));
    expect(of('payment:expense').has('posted') && of('payment:employee').has('posted')).toBe(true);
    const [mismatch] = await queryRows<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM invoices i
          WHERE i.allocated_amount <> coalesce((SELECT sum(a.amount) FROM receipt_allocations a WHERE a.invoice_id = i.id AND a.released_at IS NULL), 0)`,
    );
    expect(mismatch!.count).toBe(0);
  });
});

describe('demo customers', () => {
  it('has a dozen customers of every type in every region, each with a salesperson and its receivable account in its region', async () => {
    const rows = await queryRows<{ type: string; region: string; accountRegion: string; salesperson: string | null; code: string }>(
      t.database.db,
      sql`SELECT c.customer_type AS type, r.region_name AS region, ar.region_name AS "accountRegion", u.username AS salesperson, a.account_code AS code
          FROM customers c JOIN regions r ON r.id = c.region_id JOIN accounts a ON a.id = c.account_id
          LEFT JOIN regions ar ON ar.id = a.region_id LEFT JOIN users u ON u.id = c.salesperson_id`,
    );
    expect(rows.length).toBe(12);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['hospital', 'laboratory', 'clinic', 'distributor']));
    expect(new Set(rows.map((r) => r.region)).size).toBe(4);
    expect(rows.every((r) => r.accountRegion === r.region && r.code.startsWith('1100-'))).toBe(true);
    expect(new Set(rows.map((r) => r.salesperson))).toEqual(new Set(['salesExecutive', 'salesManager']));
  });

  it('lists balances and the credit left: every customer with credit owes something within its limit, the late payer near it; customer prices', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/customers?pageSize=50', headers: bearer(t.adminToken) });
    const rows = list.json().data as Array<{ customerName: string; creditLimit: string; balance: string; creditLeft: string }>;
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      if (row.creditLimit === '0.00') expect(row.balance).toBe('0.00');
      else expect([row.customerName, Number(row.balance) > 0, Number(row.creditLeft) >= 0]).toEqual([row.customerName, true, true]);
    }
    const late = rows.find((r) => r.customerName === 'Chughtai Diagnostic Centre')!;
    expect(Number(late.balance)).toBeGreaterThan(Number(late.creditLimit) * 0.4);
    const [prices] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM price_list WHERE customer_id IS NOT NULL`);
    expect(prices!.n).toBeGreaterThan(0);
  });
});

describe('demo sales', () => {
  it('has posted invoices in each of the last twelve months, for every customer with credit, drawn from stock that was there on their date', async () => {
    const months = await queryRows<{ month: string; invoices: number; lines: number }>(
      t.database.db,
      sql`SELECT to_char(i.document_date, 'YYYY-MM') AS month, count(DISTINCT i.id)::int AS invoices, count(l.id)::int AS lines
          FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id WHERE i.status = 'posted' GROUP BY 1 ORDER BY 1`,
    );
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.month).toBe(todayIso().slice(0, 7));
    // This month's count is up to today.
    for (const month of months.slice(0, -1)) expect([month.month, month.invoices >= 10 && month.invoices <= 40]).toEqual([month.month, true]);
    for (const month of months) expect(month.lines).toBeGreaterThan(month.invoices);
    const customers = await queryRows<{ credit: boolean; invoiced: boolean }>(
      t.database.db,
      sql`SELECT c.credit_limit > 0 AS credit, EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.id AND i.status = 'posted') AS invoiced FROM customers c`,
    );
    expect(customers.every((c) => c.credit === c.invoiced)).toBe(true);
    // Stock came in (opening stock, receipts, transfers, returns) before it went out: no lot's running balance dips below zero.
    const [dips] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM (SELECT sum(quantity_in - quantity_out) OVER (PARTITION BY inventory_id ORDER BY move_date, id) AS balance FROM stock_moves) m WHERE balance < 0`,
    );
    expect(dips!.n).toBe(0);
    const [ledger] = await queryRows<{ debit: string; credit: string }>(t.database.db, sql`SELECT sum(debit)::text AS debit, sum(credit)::text AS credit FROM gl_entries`);
    expect(ledger!.debit).toBe(ledger!.credit);
  });

  it('has quotations in every state, returns restocked and written off, draft invoices and a cancelled one', async () => {
    const quotations = await queryRows<{ status: string; expired: boolean; invoiced: boolean }>(
      t.database.db,
      sql`SELECT status, valid_until < ${todayIso()}::date AS expired, invoice_id IS NOT NULL AS invoiced FROM quotations`,
    );
    const count = (status: string, expired = false) => quotations.filter((q) => q.status === status && q.expired === expired).length;
    expect([count('draft'), count('rejected', true), count('sent', true)]).toEqual([2, 2, 1]);
    expect(count('sent')).toBeGreaterThanOrEqual(2);
    expect(quotations.filter((q) => q.status === 'accepted').map((q) => q.invoiced)).toEqual([true, true]);
    const invoices = await queryRows<{ status: string; fromQuotation: boolean; reversed: boolean }>(
      t.database.db,
      sql`SELECT i.status, i.quotation_id IS NOT NULL AS "fromQuotation",
                 EXISTS (SELECT 1 FROM gl_entries g WHERE g.document_type = 'invoice' AND g.document_id = i.id AND g.entry_date = ${todayIso()}::date AND g.credit > 0 AND g.account_id = c.account_id) AS reversed
          FROM invoices i JOIN customers c ON c.id = i.customer_id WHERE i.status <> 'posted' OR i.quotation_id IS NOT NULL`,
    );
    expect(invoices.filter((i) => i.status === 'draft')).toHaveLength(2);
    expect(invoices.filter((i) => i.status === 'cancelled')).toEqual([{ status: 'cancelled', fromQuotation: false, reversed: true }]);
    expect(invoices.filter((i) => i.fromQuotation).map((i) => i.status).sort()).toEqual(['draft', 'posted']);
    const returned = await queryRows<{ condition: string }>(
      t.database.db,
      sql`SELECT DISTINCT l.condition FROM sales_returns r JOIN sales_return_lines l ON l.sales_return_id = r.id WHERE r.status = 'posted' ORDER BY 1`,
    );
    expect(returned.map((r) => r.condition)).toEqual(['restock', 'writeOff']);
  });

  it('gives the sales report twelve months with value, cost and returns netted', async () => {
    const from = `${months12Ago()}-01`;
    const report = await t.app.inject({ method: 'GET', url: `/api/sales/reports?from=${from}&to=${todayIso()}&groupBy=month`, headers: bearer(t.adminToken) });
    expect(report.statusCode, report.body).toBe(200);
    const { rows, totals } = report.json();
    expect(rows).toHaveLength(12);
    expect(Number(totals.value)).toBeGreaterThan(Number(totals.cost));
    expect(totals.returnedQuantity).toBeGreaterThan(0);
  });
});

describe('demo human resource (issue 20)', () => {
  it('has about 120 employees over every region and four departments, ten components, a tax table, assignments for all and advances paid out', async () => {
    const [counts] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM employees)::int AS employees, (SELECT count(DISTINCT region_id) FROM employees)::int AS regions,
                 (SELECT count(*) FROM regions)::int AS "allRegions", (SELECT count(*) FROM departments)::int AS departments,
                 (SELECT count(*) FROM salary_components)::int AS components, (SELECT count(*) FROM tax_tables)::int AS "taxTables",
                 (SELECT count(*) FROM employees e WHERE NOT EXISTS (SELECT 1 FROM salary_assignments a WHERE a.employee_id = e.id))::int AS unassigned,
                 (SELECT count(*) FROM employee_advances)::int AS advances, (SELECT count(*) FROM employee_advance_skips)::int AS skips,
                 (SELECT count(*) FROM payments p WHERE p.employee_advance_id IS NOT NULL AND p.status = 'posted')::int AS payouts,
                 (SELECT count(*) FROM pay_inputs)::int AS inputs`,
    );
    expect(counts).toMatchObject({ employees: 120, departments: 4, components: 10, taxTables: 1, unassigned: 0, advances: 8, skips: 1, payouts: 6 });
    expect(counts!.regions).toBe(counts!.allRegions);
    expect(counts!.inputs).toBeGreaterThan(0);
    const employees = (await t.app.inject({ method: 'GET', url: '/api/employees?search=EMP-0001', headers: bearer(t.adminToken) })).json().data;
    expect(employees).toEqual([expect.objectContaining({ employeeCode: 'EMP-0001', employeeName: 'Imran Qureshi', nationalId: expect.stringMatching(/^\d{5}-\d{7}-\d$/) })]);
  });
});

describe('demo assets', () => {
  it('has assets in three categories with their accounts, a posted run for every month ended, and a laptop sold at a gain', async () => {
    const categories = await queryRows<{ name: string; assets: number; linked: boolean }>(
      t.database.db,
      sql`SELECT c.asset_category_name AS name, count(a.id)::int AS assets,
                 (c.asset_account_id IS NOT NULL AND c.accumulated_depreciation_account_id IS NOT NULL AND c.depreciation_expense_account_id IS NOT NULL) AS linked
          FROM asset_categories c LEFT JOIN assets a ON a.asset_category_id = c.id GROUP BY c.id ORDER BY c.asset_category_name`,
    );
    expect(categories.every((c) => c.linked)).toBe(true);
    expect(categories.filter((c) => c.assets > 0).map((c) => c.name)).toEqual(['Computers', 'Laboratory Analysers', 'Vehicles']);
    const runs = await queryRows<{ month: string; status: string; total: string }>(
      t.database.db,
      sql`SELECT to_char(month, 'YYYY-MM') AS month, status, total_amount::text AS total FROM depreciation_runs ORDER BY month`,
    );
    expect(runs.length).toBeGreaterThanOrEqual(11);
    expect(runs.every((r) => r.status === 'posted' && Number(r.total) > 0)).toBe(true);
    expect(runs.at(-1)!.month < todayIso().slice(0, 7)).toBe(true);
    const [sold] = await queryRows<{ status: string; gain: string }>(t.database.db, sql`SELECT status, disposal_gain::text AS gain FROM assets WHERE disposal_kind = 'sale'`);
    expect(sold).toEqual({ status: 'disposed', gain: '5000.00' });
    const [books] = await queryRows<{ accumulated: string; ledger: string }>(
      t.database.db,
      sql`SELECT (SELECT sum(accumulated_depreciation) FROM assets WHERE status = 'active')::text AS accumulated,
                 (SELECT sum(credit - debit) FROM gl_entries g JOIN accounts a ON a.id = g.account_id WHERE a.account_code = '1590')::text AS ledger`,
    );
    expect(books!.ledger).toBe(books!.accumulated);
  });
});

describe('demo Generate Order (issue 19)', () => {
  it('has lead times, pack sizes and shelf-life rules, a discarded run, a converted one with its draft orders, and a draft of today', async () => {
    const [items] = await queryRows<{ packed: number; shelf: number; lead: number; vendors: number }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE pack_size > 1)::int AS packed, count(*) FILTER (WHERE shelf_life_days IS NOT NULL AND min_shelf_life_days > 0)::int AS shelf,
                 count(*) FILTER (WHERE lead_time_days IS NOT NULL)::int AS lead,
                 (SELECT count(*) FROM vendors WHERE lead_time_days IS NOT NULL)::int AS vendors
          FROM items`,
    );
    for (const [key, value] of Object.entries(items!)) expect(value, key).toBeGreaterThan(0);
    const runs = await queryRows<{ status: string; number: string; orders: number; lines: number }>(
      t.database.db,
      sql`SELECT r.status, r.document_number AS number, (SELECT count(*) FROM order_generation_run_orders o JOIN purchase_orders p ON p.id = o.purchase_order_id
                  WHERE o.order_generation_run_id = r.id AND p.status = 'draft')::int AS orders, r.line_count AS lines
          FROM order_generation_runs r ORDER BY r.id`,
    );
    expect(runs.map((r) => r.status)).toEqual(['discarded', 'converted', 'draft']);
    expect(runs[1]!.orders).toBeGreaterThan(0);
    expect(runs.every((r) => /^OG-\d{4}-\d{6}$/.test(r.number) && r.lines > 0)).toBe(true);
  });
});

describe('demo books (issue 17, section 5)', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(t.adminToken) });
  const daysAgo = (days: number) => new Date(Date.parse(`${todayIso()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  /** The customers' (vendors') accounts in the GL as of a date, on the side's sign: receivables Dr, payables Cr. */
  async function partyAccounts(party: 'customers' | 'vendors', asOf: string): Promise<string> {
    const sign = party === 'customers' ? sql`1` : sql`-1`;
    const [row] = await queryRows<{ total: string }>(
      t.database.db,
      sql`SELECT (${sign} * ((SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g JOIN ${sql.identifier(party)} p ON p.account_id = g.account_id WHERE g.entry_date <= ${asOf}::date)
                  + (SELECT coalesce(sum(a.opening_balance), 0) FROM accounts a JOIN ${sql.identifier(party)} p ON p.account_id = a.id)))::numeric(18, 2)::text AS total`,
    );
    return row!.total;
  }

  it('ages the receivables and payables to the party accounts\' balance to the cent, today and as of past dates, each figure its drill-down\'s total', async () => {
    for (const [kind, party] of [['receivable', 'customers'], ['payable', 'vendors']] as const) {
      for (const asOf of [todayIso(), daysAgo(20), daysAgo(75), daysAgo(200)]) {
        const aging = await get(`/api/accounting/aging?kind=${kind}&asOf=${asOf}`);
        expect(aging.statusCode, aging.body).toBe(200);
        expect(aging.json().totals.total, `${kind} as of ${asOf}`).toBe(await partyAccounts(party, asOf));
      }
    }
    // The opening balances brought forward are aged (journal rows), and a party's drill-down adds up to its row.
    const aging = (await get('/api/accounting/aging?kind=receivable')).json();
    const kinds = new Set<string>();
    for (const row of aging.rows.slice(0, 8)) {
      const items = (await get(`/api/accounting/aging/documents?kind=receivable&partyId=${row.partyId}`)).json();
      expect(items.total).toBe(row.total);
      for (const item of items.rows) kinds.add(item.itemKind);
    }
    const journals = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM gl_entries g JOIN customers c ON c.account_id = g.account_id WHERE g.document_type = 'journal'`,
    );
    expect(journals[0]!.n).toBeGreaterThan(0);
    expect(kinds.has('document')).toBe(true);
  });

  it('shows the receivables control account (1100) with its customers\' rows in its ledger and their balance in the statements', async () => {
    const [control] = await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = 'receivables'`);
    const receivables = await partyAccounts('customers', todayIso());
    const [own] = await queryRows<{ total: string }>(
      t.database.db,
      sql`SELECT (coalesce((SELECT sum(debit - credit) FROM gl_entries WHERE account_id = ${control!.id}::int), 0) + (SELECT opening_balance FROM accounts WHERE id = ${control!.id}::int))::text AS total`,
    );
    const expected = fromMinorUnits(toMinorUnits(receivables) + toMinorUnits(own!.total));
    // Every row of every customer's account, paged by the keyset; the running balance ends at the closing balance.
    const range = 'from=2000-01-01&to=2099-12-31';
    let after: string | null = null;
    const rows: { entryId: number; balance: string; account?: { accountCode: string } }[] = [];
    let first;
    do {
      const page = await get(`/api/ledger/${control!.id}?${range}&pageSize=250${after ? `&after=${after}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      first ??= page.json();
      rows.push(...page.json().rows);
      after = page.json().nextCursor;
    } while (after);
    expect(rows.length).toBe(first.totals.count);
    expect(rows.length).toBeGreaterThan(250);
    expect(new Set(rows.map((r) => r.entryId)).size).toBe(rows.length);
    expect(rows.every((r) => r.account?.accountCode.startsWith('1100'))).toBe(true);
    expect(first.closingBalance).toBe(expected);
    expect(rows.at(-1)!.balance).toBe(expected);
    // The trial balance and balance sheet show one receivables line holding the customers' accounts.
    const trial = (await get(`/api/accounting/trial-balance?from=${daysAgo(400)}&to=${todayIso()}`)).json();
    expect(trial.rows.filter((r: { accountCode: string }) => r.accountCode.startsWith('1100-'))).toEqual([]);
    expect(trial.rows.find((r: { accountId: number }) => r.accountId === Number(control!.id)).closing).toBe(expected);
    const sheet = (await get(`/api/accounting/balance-sheet?to=${todayIso()}`)).json();
    const lines = sheet.assets.flatMap((group: { children?: { accountId?: number; amount: string }[] }) => group.children ?? []);
    expect(lines.find((line: { accountId?: number }) => line.accountId === Number(control!.id))?.amount).toBe(expected);
  });
});

function months12Ago(): string {
  const d = new Date(`${todayIso().slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  return d.toISOString().slice(0, 7);
}

/** What the demo put in stock and sold, without ids and clocks. */
async function snapshot(app: TestApp) {
  return {
    items: await queryRows(
      app.database.db,
      sql`SELECT i.article_number, i.item_name, c.category_name, s.sub_category_name, i.unit, i.cost_price::text, i.sale_price::text, i.lot_tracked, i.storage_condition, i.is_approved
          FROM items i JOIN categories c ON c.id = i.category_id LEFT JOIN sub_categories s ON s.id = i.sub_category_id ORDER BY i.article_number`,
    ),
    lots: await queryRows(
      app.database.db,
      sql`SELECT it.article_number, v.lot_number, v.date_expiry::text, r.region_name, v.quantity, v.unit_cost::text
          FROM inventory v JOIN items it ON it.id = v.item_id JOIN regions r ON r.id = v.region_id
          -- A lot has a row per place in a region (the warehouse, a customer's site): the order must not rest on how rows lie on disk.
          ORDER BY it.article_number, v.lot_number, r.region_name, v.quantity, v.unit_cost`,
    ),
    adjustments: await queryRows(app.database.db, sql`SELECT document_number, reason, narration, total_value::text FROM stock_adjustments ORDER BY document_number`),
    invoices: await queryRows(
      app.database.db,
      sql`SELECT i.document_number, i.document_date::text, c.customer_name, i.status, i.grand_total::text, i.cost_total::text
          FROM invoices i JOIN customers c ON c.id = i.customer_id ORDER BY i.document_date, i.document_number NULLS LAST, i.grand_total`,
    ),
    returns: await queryRows(app.database.db, sql`SELECT document_number, document_date::text, grand_total::text FROM sales_returns ORDER BY document_number`),
  };
}

describe('demo sales plans (issue 19, section 4)', () => {
  it('approves a plan for this year per region and for the top customers, revises one, and drafts next year', async () => {
    const year = Number(todayIso().slice(0, 4));
    const plans = await queryRows<{ kind: string; status: string; version: number; n: number }>(
      t.database.db,
      sql`SELECT CASE WHEN customer_id IS NULL THEN 'region' ELSE 'customer' END AS kind, status, version, count(*)::int AS n
          FROM sales_plans WHERE year = ${year}::int GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(plans).toEqual([
      { kind: 'customer', status: 'approved', version: 1, n: 3 },
      { kind: 'region', status: 'approved', version: 1, n: 3 },
      { kind: 'region', status: 'approved', version: 2, n: 1 },
      { kind: 'region', status: 'superseded', version: 1, n: 1 },
    ]);
    const [priced] = await queryRows<{ unpriced: number; next: number; planned: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM sales_plan_lines l JOIN sales_plans p ON p.id = l.sales_plan_id WHERE p.status = 'approved' AND l.unit_price IS NULL) AS unpriced,
                 (SELECT count(*)::int FROM sales_plans WHERE year = ${year + 1}::int AND status = 'draft') AS next,
                 (SELECT count(*)::int FROM items WHERE plans ? ${String(year)}) AS planned`,
    );
    expect(priced).toMatchObject({ unpriced: 0, next: 1 });
    expect(priced!.planned).toBeGreaterThan(20);
  });
});

describe('demo reagent rentals (issue 21)', () => {
  it("shows each placed minimum-purchase agreement's reagent margin from its stamped ledger rows, the same purchases as its month grid", async () => {
    const keys = await readPostingAccounts(t.database.db, ['sales', 'salesReturns', 'costOfSales']);
    const agreements = await queryRows<{ id: number; commitment: string }>(
      t.database.db,
      sql`SELECT id, monthly_commitment::text AS commitment FROM rental_agreements
          WHERE billing_model = 'minimumPurchase' AND EXISTS (SELECT 1 FROM placements p WHERE p.rental_agreement_id = rental_agreements.id AND p.status = 'posted') ORDER BY id`,
    );
    expect(agreements).toHaveLength(4);
    let withMargin = 0;
    let underCommitment = 0;
    for (const agreement of agreements) {
      const get = (what: string) => t.app.inject({ method: 'GET', url: `/api/rental-agreements/${agreement.id}/${what}`, headers: bearer(t.adminToken) });
      const pnl = (await get('pnl')).json().data as { totals: { reagentRevenue: string; reagentMargin: string } };
      const periods = (await get('periods')).json().data as Array<{ eligible: string; shortfall: string; status: string }>;
      const [stamped] = await queryRows<{ revenue: string; margin: string }>(
        t.database.db,
        sql`SELECT coalesce(sum(credit - debit) FILTER (WHERE account_id IN (${keys.sales!}::int, ${keys.salesReturns!}::int)), 0)::numeric(18, 2)::text AS revenue,
                   coalesce(sum(credit - debit), 0)::numeric(18, 2)::text AS margin
            FROM gl_entries WHERE rental_agreement_id = ${agreement.id}::int AND account_id IN (${keys.sales!}::int, ${keys.salesReturns!}::int, ${keys.costOfSales!}::int)`,
      );
      expect(pnl.totals.reagentMargin).toBe(stamped!.margin);
      expect(pnl.totals.reagentRevenue).toBe(stamped!.revenue);
      // The month grid counts the customer's eligible purchases whatever was stamped: the same sales.
      expect(fromMinorUnits(periods.reduce((sum, p) => sum + toMinorUnits(p.eligible), 0n))).toBe(pnl.totals.reagentRevenue);
      if (toMinorUnits(pnl.totals.reagentMargin) > 0n) withMargin++;
      if (periods.some((p) => p.status !== 'current' && toMinorUnits(p.shortfall) > 0n)) underCommitment++;
    }
    expect(withMargin).toBe(agreements.length);
    // One under its commitment; the others buy above it every month ended.
    expect(underCommitment).toBe(1);
  });
});

describe('the demo tells a plausible story (issue 27, section 8)', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(t.adminToken) });
  /** a / b as a whole percent's bounds: low <= 100 a / b <= high, exactly (minor units). */
  const percentWithin = (a: string, b: string, low: bigint, high: bigint) => {
    const [part, whole] = [toMinorUnits(a) * 100n, toMinorUnits(b)];
    return [part >= whole * low, part <= whole * high];
  };

  it('is a profitable distributor: payroll 10-15 % of the sales of its months, a gross margin of 20-35 %, a profit over the twelve months', async () => {
    const keys = await readPostingAccounts(t.database.db, ['sales', 'salesReturns', 'costOfSales']);
    const [row] = await queryRows<{ payroll: string; payrollSales: string; sales: string; cost: string }>(
      t.database.db,
      // The months the demo ran payroll for: their employer cost against their net sales.
      sql`WITH runs AS (SELECT id, month FROM pay_runs WHERE kind = 'regular'),
               span AS (SELECT min(month) AS first, (max(month) + interval '1 month' - interval '1 day')::date AS last FROM runs)
          SELECT (SELECT sum(g.debit - g.credit) FROM gl_entries g JOIN runs r ON g.document_type = 'pay-runs' AND g.document_id = r.id
                    JOIN accounts a ON a.id = g.account_id AND a.kind = 'expense')::numeric(18, 2)::text AS payroll,
                 (SELECT sum(g.credit - g.debit) FROM gl_entries g, span WHERE g.account_id IN (${keys.sales!}::int, ${keys.salesReturns!}::int)
                    AND g.entry_date BETWEEN span.first AND span.last)::numeric(18, 2)::text AS "payrollSales",
                 (SELECT sum(credit - debit) FROM gl_entries WHERE account_id IN (${keys.sales!}::int, ${keys.salesReturns!}::int))::numeric(18, 2)::text AS sales,
                 (SELECT sum(debit - credit) FROM gl_entries WHERE account_id = ${keys.costOfSales!}::int)::numeric(18, 2)::text AS cost`,
    );
    expect([row!.payroll, row!.payrollSales, percentWithin(row!.payroll, row!.payrollSales, 10n, 15n)]).toEqual([row!.payroll, row!.payrollSales, [true, true]]);
    const margin = fromMinorUnits(toMinorUnits(row!.sales) - toMinorUnits(row!.cost));
    expect([margin, row!.sales, percentWithin(margin, row!.sales, 20n, 35n)]).toEqual([margin, row!.sales, [true, true]]);
    const pnl = await get(`/api/accounting/profit-and-loss?from=${months12Ago()}-01&to=${todayIso()}`);
    expect(pnl.statusCode, pnl.body).toBe(200);
    expect(toMinorUnits(pnl.json().profit)).toBeGreaterThan(0n);
  });

  it('never has a cash or bank account below zero at any day\'s end', async () => {
    const lows = await queryRows<{ code: string; low: string; day: string }>(
      t.database.db,
      sql`SELECT DISTINCT ON (a.id) a.account_code AS code, (a.opening_balance + d.running)::numeric(18, 2)::text AS low, d.day::text AS day
          FROM accounts a JOIN (SELECT account_id, entry_date AS day, sum(sum(debit - credit)) OVER (PARTITION BY account_id ORDER BY entry_date) AS running
                                FROM gl_entries GROUP BY account_id, entry_date) d ON d.account_id = a.id
          WHERE a.kind IN ('cash', 'bank') ORDER BY a.id, a.opening_balance + d.running, d.day`,
    );
    expect(lows.length).toBeGreaterThanOrEqual(3);
    for (const low of lows) expect([low.code, low.day, toMinorUnits(low.low) >= 0n]).toEqual([low.code, low.day, true]);
  });

  it("has the previous fiscal year's periods closed behind its postings", async () => {
    const close = await get('/api/accounting/period-close');
    expect(close.json().closedThrough).toBe(demoClosedThrough(todayIso(), 7));
    // The previous fiscal year's last day, except in the new year's first month (June's month end to run).
    expect(demoClosedThrough('2026-12-01', 7)).toBe('2026-06-30');
    expect(demoClosedThrough('2027-06-30', 7)).toBe('2026-06-30');
    expect(demoClosedThrough('2027-07-31', 7)).toBe('2027-05-31');
    expect(demoClosedThrough('2027-08-01', 7)).toBe('2027-06-30');
  });
});

describe('demo DRAP licences (issue 32, section 5)', () => {
  const list = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(t.adminToken) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; data: Record<string, unknown>[] };
  };

  it('has a registration expiring within 30 days and an expired customer licence, whose next invoice is refused to a sales manager', async () => {
    const registrations = await list('/api/items?registrationExpiringWithin=30');
    expect(registrations.total).toBeGreaterThanOrEqual(1);
    const customers = await list('/api/customers?licenceExpiringWithin=0&pageSize=50');
    const expired = customers.data.filter((row) => typeof row.licenceExpiry === 'string' && row.licenceExpiry < todayIso());
    expect(expired).toHaveLength(1);
    const [lot] = await queryRows<{ itemId: number; regionId: number }>(
      t.database.db,
      sql`SELECT v.item_id AS "itemId", l.region_id AS "regionId" FROM inventory v JOIN stock_locations l ON l.id = v.location_id JOIN items i ON i.id = v.item_id
          WHERE l.kind = 'warehouse' AND v.quantity > 5 AND v.lot_status = 'released' AND i.is_approved AND NOT i.serial_tracked
            AND (v.date_expiry IS NULL OR v.date_expiry > current_date + 120) AND l.region_id = ${expired[0]!.regionId as number}::int
          ORDER BY v.id LIMIT 1`,
    );
    const manager = await t.userWithRole('salesManager');
    const body = { customerId: expired[0]!.id, regionId: lot!.regionId, invoiceDate: todayIso(), lines: [{ itemId: lot!.itemId, quantity: 1, price: '10.00' }], post: true };
    const refused = await t.app.inject({ method: 'POST', url: '/api/invoices', payload: body, headers: bearer(manager.token) });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(Object.keys(refused.json().errors)).toEqual(['customerId']);
  });
});

describe('demo GTINs (issue 32)', () => {
  it('gives every reagent a GTIN, its items found by it', async () => {
    const [row] = await queryRows<{ reagents: number; linked: number; gtin: string }>(
      t.database.db,
      sql`SELECT count(DISTINCT i.id)::int AS reagents, count(DISTINCT g.item_id)::int AS linked, min(g.gtin) AS gtin
          FROM items i JOIN categories c ON c.id = i.category_id AND c.category_name = 'Reagents'
          LEFT JOIN item_gtins g ON g.item_id = i.id AND g.pack_level = 'each'`,
    );
    expect(row!.reagents).toBeGreaterThan(0);
    expect(row!.linked).toBe(row!.reagents);
    const listed = await t.app.inject({ method: 'GET', url: `/api/items?gtin=${row!.gtin.slice(1)}`, headers: bearer(t.adminToken) });
    expect(listed.json().total).toBe(1);
    expect(listed.json().data[0].gtins[0].gtin).toBe(row!.gtin);
  });
});

describe('demo currencies (issue 33, section 1)', () => {
  it("has USD, EUR and CNY rates on working days only, today's rate found on any day", async () => {
    const [row] = await queryRows<{ currencies: number; weekend: number }>(
      t.database.db,
      sql`SELECT count(DISTINCT currency)::int AS currencies, count(*) FILTER (WHERE extract(isodow FROM rate_date) > 5)::int AS weekend FROM exchange_rates`,
    );
    expect(row).toEqual({ currencies: 3, weekend: 0 });
    for (const currency of ['USD', 'EUR', 'CNY']) {
      const rate = await t.app.inject({ method: 'GET', url: `/api/exchange-rates/rate?currency=${currency}&date=${todayIso()}`, headers: bearer(t.adminToken) });
      expect(rate.statusCode, rate.body).toBe(200);
    }
  });
});

describe('demo bank statements (issue 33, sections 4 and 5)', () => {
  it('has three months of the main bank account’s statements, the first two reconciled to 0.00 and locked, the last waiting to be matched', async () => {
    const statements = (await t.app.inject({ method: 'GET', url: '/api/bank-statements?sort=toDate&order=asc', headers: bearer(t.adminToken) })).json().data;
    expect(statements).toHaveLength(3);
    expect(statements[0].matchedCount).toBe(statements[0].lineCount);
    expect(statements[2].matchedCount).toBe(0);
    const reconciliations = (await t.app.inject({ method: 'GET', url: '/api/bank-reconciliations?sort=periodEnd&order=asc', headers: bearer(t.adminToken) })).json().data;
    expect(reconciliations.map((r: { status: string; difference: string }) => [r.status, r.difference])).toEqual([
      ['locked', '0.00'],
      ['locked', '0.00'],
    ]);
  });
});

describe('demo foreign purchases (issue 33, section 2)', () => {
  it('has a year of working days of rates, two foreign suppliers billing in USD and EUR, costed at the day’s rate', async () => {
    const [rates] = await queryRows<{ usd: number; first: string }>(t.database.db, sql`SELECT count(*)::int AS usd, min(rate_date)::text AS first FROM exchange_rates WHERE currency = 'USD'`);
    expect(rates!.usd).toBeGreaterThanOrEqual(250);
    const suppliers = await queryRows<{ vendorName: string; currency: string; accountCurrency: string; receipts: number; costed: number }>(
      t.database.db,
      sql`SELECT v.vendor_name AS "vendorName", v.currency, a.currency AS "accountCurrency", count(g.id)::int AS receipts,
                 count(g.id) FILTER (WHERE g.exchange_rate = (SELECT r.rate FROM exchange_rates r WHERE r.currency = v.currency AND r.rate_date <= g.document_date ORDER BY r.rate_date DESC LIMIT 1))::int AS costed
          FROM vendors v JOIN accounts a ON a.id = v.account_id JOIN purchase_orders o ON o.vendor_id = v.id JOIN goods_receipts g ON g.purchase_order_id = o.id AND g.status = 'posted'
          WHERE v.currency <> 'PKR' GROUP BY 1, 2, 3 ORDER BY 2 DESC`,
    );
    expect(suppliers.map((s) => [s.currency, s.accountCurrency])).toEqual([['USD', 'USD'], ['EUR', 'EUR']]);
    for (const supplier of suppliers) expect(supplier.costed).toBe(supplier.receipts);
    expect(suppliers[0]!.receipts).toBe(2);
  });

  it('paid one bill by letter of credit and one in part by transfer, each with its exchange difference, and revalued the last month ends', async () => {
    const payments = (await t.app.inject({ method: 'GET', url: '/api/payments?search=LC%20retirement', headers: bearer(t.adminToken) })).json().data;
    expect(payments).toEqual([expect.objectContaining({ method: 'lc', currency: 'USD', lcNumber: 'LC/MCB/2026/0117', allocatedAmount: expect.any(String) })]);
    const foreign = await queryRows<{ method: string; currency: string; difference: string }>(
      t.database.db,
      sql`SELECT method, currency, exchange_difference::text AS difference FROM payments WHERE currency <> 'PKR' AND status = 'posted' ORDER BY id`,
    );
    expect(foreign.map((p) => [p.method, p.currency])).toEqual([['lc', 'USD'], ['bank', 'EUR']]);
    for (const payment of foreign) expect(toMinorUnits(payment.difference)).not.toBe(0n);
    const revaluations = (await t.app.inject({ method: 'GET', url: '/api/exchange-revaluations?pageSize=10', headers: bearer(t.adminToken) })).json().data as Array<{ status: string; revaluationDate: string; reversalDate: string }>;
    expect(revaluations.length).toBeGreaterThanOrEqual(1);
    expect(revaluations.length).toBeLessThanOrEqual(2);
    for (const revaluation of revaluations) {
      expect(revaluation.status).toBe('posted');
      // A month's last day, reversed the next (the first of a month).
      expect(revaluation.reversalDate.slice(8)).toBe('01');
    }
  });
});
