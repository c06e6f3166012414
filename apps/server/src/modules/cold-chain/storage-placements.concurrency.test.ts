import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A lot placed in a unit while the unit's condition changes: the placement locks the unit and is
 * judged by it as committed, the change looks for lots after locking it, so one of them is refused
 * and the lot is never left in a unit of another condition (watched by none).
 */
describe.skipIf(!process.env.DATABASE_URL)('a placement racing a change of its unit (PostgreSQL)', () => {
  const rounds = 10;
  let t: TestApp;
  let f: PurchasingFixtures;
  const ids = { cold: 0, lot: 0 };
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await purchasingFixtures(t, 'PlRace');
    const item = await f.call('POST', '/api/items', {
      itemName: 'PlRace Insulin', articleNumber: 'PLR-INS', categoryId: f.category, unit: 'kit', costPrice: '0.00', salePrice: '0.00', lotTracked: true, storageCondition: 'refrigerated', active: true,
    });
    ids.cold = item.json().data.id;
    const opened = await f.call('POST', '/api/stock-adjustments', {
      adjustmentDate: f.today, reason: 'openingStock', post: true,
      lines: [{ itemId: ids.cold, regionId: f.north, lotNumber: 'PLR-1', dateExpiry: addDays(f.today, 300), quantity: 4, unitCost: '10.00' }],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM inventory WHERE item_id = ${ids.cold}`);
    ids.lot = Number(row!.id);
  }, 60_000);
  afterAll(async () => t?.close());

  it(`${rounds} rounds: the lot is placed and the unit keeps its condition, or the unit changes and the placement is refused`, async () => {
    const outcomes = { placed: 0, changed: 0 };
    for (let round = 0; round < rounds; round += 1) {
      const unit = await f.call('POST', '/api/storage-units', { unitName: `PlRace Fridge ${round}`, unitKind: 'fridge', regionId: f.north });
      expect(unit.statusCode, unit.body).toBe(201);
      const unitId = unit.json().data.id as number;
      const [placed, changed] = await Promise.all([
        f.call('POST', `/api/inventory/${ids.lot}/storage-unit`, { storageUnitId: unitId }),
        f.call('PUT', `/api/storage-units/${unitId}`, { storageCondition: 'frozen' }),
      ]);
      const bodies = `${placed.statusCode} ${placed.body} | ${changed.statusCode} ${changed.body}`;
      const [state] = await queryRows<{ condition: string; placedIn: number | null }>(
        t.database.db,
        sql`SELECT u.storage_condition AS condition,
                   (SELECT p.storage_unit_id FROM storage_unit_placements p WHERE p.inventory_id = ${ids.lot} ORDER BY p.from_date DESC LIMIT 1) AS "placedIn"
            FROM storage_units u WHERE u.id = ${unitId}`,
      );
      if (placed.statusCode === 200) {
        outcomes.placed += 1;
        expect(changed.statusCode, bodies).toBe(409);
        expect(state, bodies).toEqual({ condition: 'refrigerated', placedIn: unitId });
      } else {
        outcomes.changed += 1;
        expect([placed.statusCode, changed.statusCode], bodies).toEqual([400, 200]);
        expect(state!.condition, bodies).toBe('frozen');
        expect(state!.placedIn, bodies).not.toBe(unitId);
      }
    }
    expect(outcomes.placed + outcomes.changed).toBe(rounds);
  }, 120_000);
});
