import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const months = (first: number) => Array.from({ length: 12 }, (_, i) => (i === 0 ? first : 0));

/**
 * Issue 19, section 1: items.plans is never stale, also under concurrent saves. On PostgreSQL
 * (real concurrent transactions): rounds of saves, edits, cancels and deletes of plans over the
 * same items at once; after each round every item's map equals what the live plans say.
 */
describe.skipIf(!process.env.DATABASE_URL)('items.plans under concurrent plan writes (PostgreSQL)', () => {
  let t: TestApp;
  let f: PurchasingFixtures;
  const items: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    f = await purchasingFixtures(t, 'Cc');
    items.push(f.reagent, f.gloves);
    for (const name of ['A', 'B', 'C']) {
      const created = await f.call('POST', '/api/items', { itemName: `Cc Item ${name}`, articleNumber: `CC-${name}`, categoryId: f.category, unit: 'box', costPrice: '1.00', salePrice: '2.00', lotTracked: false, storageCondition: 'ambient', active: true });
      items.push(created.json().data.id);
      await f.call('POST', `/api/items/${created.json().data.id}/approve`);
    }
  });
  afterAll(async () => t?.close());

  /** Items whose stored map differs from the live plans' years. */
  const stale = () =>
    queryRows<{ id: number; stored: unknown; truth: unknown }>(
      t.database.db,
      sql`SELECT i.id, i.plans AS stored, coalesce((SELECT jsonb_object_agg(y.year::text, true) FROM (SELECT DISTINCT s.year FROM sales_plan_lines l JOIN sales_plans s ON s.id = l.sales_plan_id
                 WHERE l.item_id = i.id AND s.status IN ('draft', 'submitted', 'approved')) y), '{}'::jsonb) AS truth
          FROM items i WHERE i.id = ANY(${sql.param(items)}::int[])
            AND i.plans IS DISTINCT FROM coalesce((SELECT jsonb_object_agg(y.year::text, true) FROM (SELECT DISTINCT s.year FROM sales_plan_lines l JOIN sales_plans s ON s.id = l.sales_plan_id
                 WHERE l.item_id = i.id AND s.status IN ('draft', 'submitted', 'approved')) y), '{}'::jsonb)`,
    );

  it('ten rounds of twelve writes at once leave no item stale and no deadlock', async () => {
    let customer = 0;
    for (let round = 0; round < 10; round += 1) {
      const year = 2050 + (round % 3);
      // Standing plans (one per salesperson-less customer key) to cancel, edit and delete in the round.
      const standing: number[] = [];
      for (let k = 0; k < 4; k += 1) {
        customer += 1;
        const lines = items.filter((_, index) => (index + k + round) % 2 === 0).map((itemId) => ({ itemId, months: months(k + 1) }));
        const created = await f.call('POST', '/api/sales-plans', { year, regionId: k % 2 === 0 ? f.north : f.south, notes: `standing ${round}-${k}`, lines, salespersonId: null, customerId: null, ...(k > 1 ? { year: year + 10 + customer } : {}) });
        expect(created.statusCode, created.body).toBe(201);
        standing.push(created.json().data.id);
      }
      const writes = [
        f.call('POST', `/api/sales-plans/${standing[0]}/cancel`),
        f.call('DELETE', `/api/sales-plans/${standing[1]}`),
        f.call('PUT', `/api/sales-plans/${standing[2]}`, { year: year + 100 + round, regionId: f.north, lines: [...items].reverse().map((itemId) => ({ itemId, months: months(3) })) }),
        f.call('PUT', `/api/sales-plans/${standing[3]}`, { year: year + 200 + round, regionId: f.south, lines: [{ itemId: items[round % items.length]!, months: months(1) }] }),
        ...Array.from({ length: 8 }, (_, n) =>
          f.call('POST', '/api/sales-plans', {
            year: year + 300 + round * 10 + n,
            regionId: n % 2 === 0 ? f.north : f.south,
            lines: (n % 2 === 0 ? items : [...items].reverse()).slice(n % 3).map((itemId) => ({ itemId, months: months(n) })),
          }),
        ),
      ];
      const answers = await Promise.all(writes);
      for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
      expect(await stale()).toEqual([]);
      // Cancel half of this round's new plans at once, the rest stay.
      const created = answers.slice(4).map((a) => a.json().data.id as number);
      const cancels = await Promise.all(created.filter((_, i) => i % 2 === 0).map((id) => f.call('POST', `/api/sales-plans/${id}/cancel`)));
      for (const answer of cancels) expect(answer.statusCode, answer.body).toBe(200);
      expect(await stale()).toEqual([]);
    }
  });

  it('two saves of the same key at once: one is created, the other answers 409', async () => {
    const body = { year: 2099, regionId: f.north, lines: [{ itemId: f.gloves, months: months(1) }] };
    const answers = await Promise.all([f.call('POST', '/api/sales-plans', body), f.call('POST', '/api/sales-plans', body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});
