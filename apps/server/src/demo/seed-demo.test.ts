import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createPasswordHasher } from '../lib/passwords.ts';
import { bearer, createTestApp, type TestApp, testPasswordHashing } from '../test/test-app.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { seedDemo } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect((await seedDemo(t.database.db, createPasswordHasher(testPasswordHashing))).seeded).toBe(true);
});
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
          FROM items i JOIN categories c ON c.id = i.category_id`,
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
      { reason: 'openingStock', status: 'posted', n: 4 },
    ]);
    const list = (status: string) => t.app.inject({ method: 'GET', url: `/api/inventory?status=${status}&pageSize=5`, headers: bearer(t.adminToken) }).then((r) => r.json());
    const near = await list('nearExpiry');
    expect(near.total).toBeGreaterThan(5);
    expect(near.data.every((lot: { nearExpiry: boolean; quantity: number }) => lot.nearExpiry && lot.quantity > 0)).toBe(true);
    const expired = await list('expired');
    expect(expired.total).toBeGreaterThan(2);
    expect(expired.data.every((lot: { expired: boolean; quantity: number }) => lot.expired && lot.quantity > 0)).toBe(true);
  });

  it('values the stock at the Inventory account balance to the cent, and the stock ledger agrees with the lots', async () => {
    const [row] = await queryRows<{ lots: string; ledger: string; moves: string; badLots: number }>(
      t.database.db,
      sql`SELECT (SELECT sum(quantity * unit_cost) FROM inventory)::text AS lots,
                 (SELECT sum(g.debit - g.credit) FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key = 'inventory')::text AS ledger,
                 (SELECT sum(CASE WHEN quantity_in > 0 THEN value ELSE -value END) FROM stock_moves)::text AS moves,
                 (SELECT count(*) FROM inventory v
                   WHERE v.quantity <> (SELECT coalesce(sum(m.quantity_in - m.quantity_out), 0) FROM stock_moves m WHERE m.inventory_id = v.id))::int AS "badLots"`,
    );
    expect(Number(row!.lots)).toBeGreaterThan(1_000_000);
    expect(row!.ledger).toBe(row!.lots);
    expect(row!.moves).toBe(row!.lots);
    expect(row!.badLots).toBe(0);
  });

  it('is the same demo on every run (seeded, not random)', async () => {
    const other = await createTestApp();
    try {
      expect((await seedDemo(other.database.db, createPasswordHasher(testPasswordHashing))).seeded).toBe(true);
      const [first, second] = await Promise.all([snapshot(t), snapshot(other)]);
      expect(second).toEqual(first);
    } finally {
      await other.close();
    }
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

  it('lists balances brought forward and the credit left, and has customer prices', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/customers?search=chughtai', headers: bearer(t.adminToken) });
    expect(list.json().data).toEqual([expect.objectContaining({ creditLimit: '1500000.00', balance: '1420000.00', creditLeft: '80000.00' })]);
    const [prices] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM price_list WHERE customer_id IS NOT NULL`);
    expect(prices!.n).toBeGreaterThan(0);
  });
});

/** What the demo put in stock, without ids and clocks. */
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
          FROM inventory v JOIN items it ON it.id = v.item_id JOIN regions r ON r.id = v.region_id ORDER BY it.article_number, v.lot_number, r.region_name`,
    ),
    adjustments: await queryRows(app.database.db, sql`SELECT document_number, reason, narration, total_value::text FROM stock_adjustments ORDER BY document_number`),
  };
}
