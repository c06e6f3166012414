import { addDecimals } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type Executor, queryRows } from '../db/client.ts';
import { todayIso } from '../ledger/general-ledger.ts';
import { bearer, type TestApp } from './test-app.ts';

/** What the purchasing tests buy and where: made through the API as an admin would. */
export interface PurchasingFixtures {
  today: string;
  north: number;
  south: number;
  category: number;
  /** Lot tracked, approved. */
  reagent: number;
  /** Not lot tracked, approved. */
  gloves: number;
  /** Lot tracked, not approved. */
  unapproved: number;
  vendor: { id: number; accountId: number };
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string): Promise<LightMyRequestResponse>;
}

export async function purchasingFixtures(t: TestApp, prefix: string): Promise<PurchasingFixtures> {
  const call: PurchasingFixtures['call'] = (method, url, payload, token = t.adminToken) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
  const created = async (url: string, body: object) => {
    const response = await call('POST', url, body);
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    return response.json().data as { id: number; accountId?: number };
  };
  const north = (await created('/api/regions', { regionName: `${prefix} North`, regionCode: `${prefix.slice(0, 2).toUpperCase()}N` })).id;
  const south = (await created('/api/regions', { regionName: `${prefix} South`, regionCode: `${prefix.slice(0, 2).toUpperCase()}S` })).id;
  const category = (await created('/api/categories', { categoryName: `${prefix} reagents` })).id;
  const item = async (itemName: string, lotTracked: boolean, approve: boolean) => {
    const id = (
      await created('/api/items', {
        itemName,
        articleNumber: `${prefix}-${itemName}`.toUpperCase().replace(/\s+/g, '-'),
        categoryId: category,
        unit: 'kit',
        costPrice: '0.00',
        salePrice: '0.00',
        lotTracked,
        storageCondition: 'ambient',
        active: true,
      })
    ).id;
    if (approve && (await call('POST', `/api/items/${id}/approve`)).statusCode !== 200) throw new Error('item approve failed');
    return id;
  };
  const reagent = await item(`${prefix} CBC Reagent`, true, true);
  const gloves = await item(`${prefix} Gloves`, false, true);
  const unapproved = await item(`${prefix} New Reagent`, true, false);
  const vendorRow = await created('/api/vendors', { vendorName: `${prefix} Sysmex`, paymentTermsDays: 30, active: true });
  return { today: todayIso(), north, south, category, reagent, gloves, unapproved, vendor: { id: vendorRow.id, accountId: vendorRow.accountId! }, call };
}

/** A purchase order of `lines` from the fixtures' vendor into `regionId`, made and approved: its id and its lines' ids, in order. */
export async function approvedPurchaseOrder(f: PurchasingFixtures, lines: Array<{ itemId: number; quantity: number; unitCost: string }>, regionId = f.north): Promise<{ id: number; lineIds: number[] }> {
  const created = await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId, expectedDate: f.today, lines });
  if (created.statusCode !== 201) throw new Error(`purchase order: ${created.body}`);
  const approved = await f.call('POST', `/api/purchase-orders/${created.json().data.id}/approve`);
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  const data = approved.json().data as { id: number; lines: Array<{ id: number }> };
  return { id: data.id, lineIds: data.lines.map((line) => line.id) };
}

/** The Inventory and Inventory in transit accounts' balance and the value of every lot, to the cent. */
export async function inventoryAgrees(t: TestApp): Promise<{ ledger: string; lots: string }> {
  const [row] = await queryRows<{ ledger: string; lots: string }>(
    t.database.db,
    sql`SELECT (SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id AND p.key IN ('inventory', 'inventoryInTransit'))::text AS ledger,
               (SELECT coalesce(sum(quantity * unit_cost), 0) FROM inventory)::text AS lots`,
  );
  return { ledger: addDecimals([row!.ledger]), lots: addDecimals([row!.lots]) };
}

/**
 * Per region (and account: Inventory for warehouse lots, Inventory in transit for lots in a
 * transit location, each counted by its location's region): the ledger rows stamped with the
 * region and the lots' value, only where they differ. Empty when every region agrees.
 */
export async function inventoryDisagreementsByRegion(executor: Executor): Promise<Array<{ regionId: number; key: string; ledger: string; lots: string }>> {
  return queryRows(
    executor,
    sql`WITH ledger AS (
          SELECT g.region_id, p.key, sum(g.debit - g.credit) AS value FROM gl_entries g
          JOIN posting_accounts p ON p.account_id = g.account_id AND p.key IN ('inventory', 'inventoryInTransit') GROUP BY g.region_id, p.key),
        lots AS (
          SELECT loc.region_id, CASE loc.kind WHEN 'transit' THEN 'inventoryInTransit' ELSE 'inventory' END AS key, sum(i.quantity * i.unit_cost) AS value
          -- An analyser placed at a customer's site is a Placed instrument (issue 21), not Inventory.
          FROM inventory i JOIN stock_locations loc ON loc.id = i.location_id
          WHERE NOT (loc.kind = 'customer' AND i.item_id IN (SELECT id FROM items WHERE serial_tracked)) GROUP BY 1, 2)
        SELECT coalesce(l.region_id, s.region_id) AS "regionId", coalesce(l.key, s.key) AS key,
               coalesce(l.value, 0)::numeric(18, 2)::text AS ledger, coalesce(s.value, 0)::numeric(18, 2)::text AS lots
        FROM ledger l FULL JOIN lots s ON s.region_id IS NOT DISTINCT FROM l.region_id AND s.key = l.key
        WHERE coalesce(l.value, 0) <> coalesce(s.value, 0)
        ORDER BY 1, 2`,
  );
}

/** A vendor's balance on its payable account (credit - debit). */
export async function vendorBalance(t: TestApp, accountId: number): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(t.database.db, sql`SELECT coalesce(sum(credit - debit), 0)::text AS balance FROM gl_entries WHERE account_id = ${accountId}`);
  return addDecimals([row!.balance]);
}

/**
 * Moves the fixtures' items' first tax facts to the standard `rate`: what a test needs that sets
 * the settings' rate after the items were made (a new item's first facts take the settings' rate).
 */
export async function fixtureItemsAtRate(t: TestApp, f: PurchasingFixtures, rate: string): Promise<void> {
  await t.database.db.execute(
    sql`UPDATE item_tax_facts SET rate = ${rate}::numeric WHERE effective_from IS NULL AND sale_type = 'standardRate' AND item_id IN (${f.reagent}, ${f.gloves}, ${f.unapproved})`,
  );
}
