import { importShipmentMessages as say, permittedIds, type ShipmentLineFacts } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray, intList, jsonValue, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { chargeCurrencySql } from './charge-currency.ts';

export interface ShipmentReceipt {
  id: number;
  documentNumber: string;
  status: string;
  date: string;
  regionId: number;
}

/** A row of one of the shipment's lots (an item and lot number, at one place). */
export interface LotRow {
  id: number;
  lot: string;
  itemName: string;
  lotNumber: string;
  locationKind: 'warehouse' | 'transit' | 'customer';
  regionId: number;
  quantity: number;
  /** Units placed on rental here. */
  placed: boolean;
}

export interface ChargeParty {
  vendors: Map<number, { id: number; accountId: number; currency: string; name: string }>;
  accounts: Map<number, { id: number; active: boolean; kind: string; currency: string; name: string }>;
}

export interface ShipmentFacts {
  /** The receipts found within the actor's regions, by id. */
  receipts: Map<number, ShipmentReceipt>;
  /** The posted receipts' lines, in the shipment's order of receipts, then line number. */
  lines: ShipmentLineFacts[];
  lotRows: LotRow[];
  /** The stock ledger's last movement of the lots now: later quantity movements are "moved since". */
  moveMark: number | null;
  parties: ChargeParty;
  companyCurrency: string;
}

const lotKey = (itemId: number, lotNumber: string) => `${itemId}|${lotNumber}`;

/**
 * What a shipment's split and checks read, in one statement: its receipts (in the actor's regions,
 * the receiving order's), their lines and lots (Q: units that ever entered the lot by a receipt or
 * an adjustment in, net of their cancels, as the recall's trace counts them; h: on hand in every
 * place), and the charges' vendors and accounts (in scope). Under the lots' locks at posting.
 */
export async function readShipmentFacts(executor: Executor, actor: Pick<Actor, 'permissions'>, input: { goodsReceiptIds: readonly number[]; vendorIds: readonly number[]; accountIds: readonly number[] }): Promise<ShipmentFacts> {
  const regions = permittedIds(actor.permissions, 'regions');
  const inRegions = (column: ReturnType<typeof sql>) => (regions ? sql`AND ${column} IN (${intList(regions)})` : sql``);
  const [row] = await queryRows<{ receipts: unknown; lines: unknown; lots: unknown; entered: unknown; mark: string | null; vendors: unknown; accounts: unknown; company: string }>(
    executor,
    sql`WITH r AS (
          SELECT g.id, g.document_number AS "documentNumber", g.status, g.document_date::text AS date, o.region_id AS "regionId"
          FROM goods_receipts g JOIN purchase_orders o ON o.id = g.purchase_order_id
          WHERE g.id = ANY(${intArray(input.goodsReceiptIds)}) ${inRegions(sql`o.region_id`)}
        ),
        l AS (
          SELECT gl.goods_receipt_id AS "goodsReceiptId", r."documentNumber" AS "goodsReceiptNumber", gl.line_no AS "lineNo", gl.item_id AS "itemId",
                 gl.inventory_id AS "inventoryId", i.lot_number AS "lotNumber", gl.quantity, (gl.quantity * gl.unit_cost)::text AS value, i.unit_cost::text AS "unitCost"
          FROM goods_receipt_lines gl JOIN r ON r.id = gl.goods_receipt_id AND r.status = 'posted' JOIN inventory i ON i.id = gl.inventory_id
        ),
        f AS (SELECT DISTINCT "itemId" AS item_id, "lotNumber" AS lot_number FROM l),
        lots AS (
          SELECT i.id, i.item_id || '|' || i.lot_number AS lot, it.item_name AS "itemName", i.lot_number AS "lotNumber", loc.kind AS "locationKind", i.region_id AS "regionId", i.quantity,
                 (i.quantity > 0 AND loc.kind = 'customer' AND EXISTS (SELECT 1 FROM stock_moves m WHERE m.inventory_id = i.id AND m.document_type = 'placements')) AS placed
          FROM f JOIN inventory i ON i.item_id = f.item_id AND i.lot_number = f.lot_number JOIN stock_locations loc ON loc.id = i.location_id
            JOIN items it ON it.id = i.item_id
        ),
        entered AS (
          SELECT f.item_id || '|' || f.lot_number AS lot,
                 (SELECT coalesce(sum(x.net), 0)::int FROM (
                    SELECT sum(m.quantity_in - m.quantity_out) AS net
                    FROM inventory i JOIN stock_moves m ON m.inventory_id = i.id
                    WHERE i.item_id = f.item_id AND i.lot_number = f.lot_number AND m.kind = 'quantity' AND m.document_type IN ('goods-receipt', 'stock-adjustment')
                    GROUP BY m.document_type, m.document_id, m.inventory_id) x WHERE x.net > 0) AS entered
          FROM f
        )
        SELECT (SELECT json_agg(r) FROM r) AS receipts,
               (SELECT json_agg(l) FROM l) AS lines,
               (SELECT json_agg(lots ORDER BY lots.id) FROM lots) AS lots,
               (SELECT json_object_agg(lot, entered) FROM entered) AS entered,
               (SELECT max(m.id)::text FROM stock_moves m WHERE m.inventory_id IN (SELECT id FROM lots)) AS mark,
               (SELECT json_agg(json_build_object('id', v.id, 'accountId', v.account_id, 'name', v.vendor_name, 'currency', ${chargeCurrencySql({ vendorId: sql`v.id` })}))
                  FROM vendors v WHERE v.id = ANY(${intArray(input.vendorIds)})) AS vendors,
               (SELECT json_agg(json_build_object('id', a.id, 'active', a.active, 'kind', a.kind, 'name', a.account_code || ' ' || a.account_name, 'currency', ${chargeCurrencySql({ accountId: sql`a.id` })}))
                  FROM accounts a WHERE a.id = ANY(${intArray(input.accountIds)}) ${regions ? sql`AND (a.region_id IS NULL OR a.region_id IN (${intList(regions)}))` : sql``}) AS accounts,
               ${chargeCurrencySql({})} AS company`,
  );
  const receiptRows = jsonValue<ShipmentReceipt[] | null>(row!.receipts) ?? [];
  const receipts = new Map(receiptRows.map((r) => [Number(r.id), { ...r, id: Number(r.id), regionId: Number(r.regionId) }]));
  const entered = jsonValue<Record<string, number> | null>(row!.entered) ?? {};
  const lotRows = (jsonValue<LotRow[] | null>(row!.lots) ?? []).map((l) => ({ ...l, id: Number(l.id), regionId: Number(l.regionId), quantity: Number(l.quantity) }));
  const inStock = new Map<string, number>();
  for (const lot of lotRows) inStock.set(lot.lot, (inStock.get(lot.lot) ?? 0) + lot.quantity);
  const order = new Map(input.goodsReceiptIds.map((id, index) => [id, index]));
  const lines = (jsonValue<Array<Omit<ShipmentLineFacts, 'lot' | 'entered' | 'inStock'>> | null>(row!.lines) ?? [])
    .map((l): ShipmentLineFacts => {
      const lot = lotKey(Number(l.itemId), l.lotNumber);
      return { ...l, goodsReceiptId: Number(l.goodsReceiptId), lineNo: Number(l.lineNo), itemId: Number(l.itemId), inventoryId: Number(l.inventoryId), quantity: Number(l.quantity), lot, entered: Number(entered[lot] ?? 0), inStock: inStock.get(lot) ?? 0 };
    })
    .sort((a, b) => order.get(a.goodsReceiptId)! - order.get(b.goodsReceiptId)! || a.lineNo - b.lineNo);
  const vendors = new Map((jsonValue<Array<{ id: number; accountId: number; currency: string; name: string }> | null>(row!.vendors) ?? []).map((v) => [Number(v.id), { ...v, id: Number(v.id), accountId: Number(v.accountId) }]));
  const accounts = new Map((jsonValue<Array<{ id: number; active: boolean; kind: string; currency: string; name: string }> | null>(row!.accounts) ?? []).map((a) => [Number(a.id), { ...a, id: Number(a.id) }]));
  return { receipts, lines, lotRows, moveMark: row!.mark === null ? null : Number(row!.mark), parties: { vendors, accounts }, companyCurrency: row!.company };
}

/** The receipts' refusals (400 naming `goodsReceiptIds.N`): missing or out of scope, twice, not posted; and a shipment dated before one. */
export function receiptProblems(facts: ShipmentFacts, goodsReceiptIds: readonly number[], shipmentDate: string): Record<string, string> {
  const problems: Record<string, string> = {};
  goodsReceiptIds.forEach((id, index) => {
    const receipt = facts.receipts.get(id);
    if (goodsReceiptIds.indexOf(id) !== index) problems[`goodsReceiptIds.${index}`] = say.receiptTwice;
    else if (!receipt) problems[`goodsReceiptIds.${index}`] = say.receiptMissing;
    else if (receipt.status !== 'posted') problems[`goodsReceiptIds.${index}`] = say.receiptNotPosted(receipt.documentNumber);
    else if (shipmentDate < receipt.date && !problems.shipmentDate) problems.shipmentDate = say.beforeReceipt(receipt.documentNumber, receipt.date);
  });
  return problems;
}
