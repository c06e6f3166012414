import { fromMinorUnits, importTaxAccountOf, isCapitalised, previewShipment, type ShipmentPreview, toMinorUnits } from '@erp/domain';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AnswerFields } from '../../lib/document/document-hooks.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { readShipmentFacts } from './import-shipment-facts.ts';
import { importShipmentBinding } from './import-shipments.binding.ts';
import { inputOf } from './import-shipments.handlers.ts';
import type { ImportShipmentDetail } from './import-shipments.queries.ts';

// The document was read within the caller's row scope already; its preview reads every receipt it names.
const unscoped: Pick<Actor, 'permissions'> = { permissions: {} };

/** What a posted (or cancelled) shipment posted, line by line. */
async function postedLines(executor: Executor, id: number): Promise<ShipmentPreview['lines']> {
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`SELECT s.goods_receipt_id AS "goodsReceiptId", g.document_number AS "goodsReceiptNumber", s.receipt_line_no AS "lineNo", i.item_id AS "itemId",
               s.inventory_id AS "inventoryId", i.lot_number AS "lotNumber", s.quantity, s.value::text AS value, s.weight_kg::text AS "weightKg",
               s.allocated::text AS allocated, s.in_stock AS "inStock", s.unit_cost_before::text AS "unitCostBefore", s.unit_cost_increase::text AS "unitCostIncrease",
               (s.unit_cost_before + s.unit_cost_increase)::text AS "unitCostAfter", s.to_inventory::text AS "toInventory", s.to_cost_of_sales::text AS "toCostOfSales"
        FROM import_shipment_lines s JOIN goods_receipts g ON g.id = s.goods_receipt_id JOIN inventory i ON i.id = s.inventory_id
        WHERE s.import_shipment_id = ${id}::int ORDER BY s.line_no`,
  );
  return rows.map((r) => ({ ...r, goodsReceiptId: Number(r.goodsReceiptId), lineNo: Number(r.lineNo), itemId: Number(r.itemId), inventoryId: Number(r.inventoryId), quantity: Number(r.quantity), inStock: Number(r.inStock) })) as ShipmentPreview['lines'];
}

const money = z.string();
const previewLine = z.object({
  goodsReceiptId: z.number().int(),
  goodsReceiptNumber: z.string(),
  lineNo: z.number().int(),
  itemId: z.number().int(),
  inventoryId: z.number().int(),
  lotNumber: z.string(),
  quantity: z.number().int(),
  value: money,
  weightKg: money.nullable(),
  allocated: money,
  inStock: z.number().int(),
  unitCostBefore: money,
  unitCostIncrease: money,
  unitCostAfter: money,
  toInventory: money,
  toCostOfSales: money,
});
const previewTotals = z.object({ amount: money, capitalised: money, toInventory: money, toCostOfSales: money, salesTaxInput: money, advanceIncomeTax: money });

/**
 * The preview of a shipment as answer fields of its own answers (issue 33, section 3: "the draft
 * previews lines ... and totals"): a draft's split over its receipts' lines as they stand now; a
 * posted or cancelled one's lines as posted. Only a single shipment's answer carries it (get, save,
 * transition): a list page would read every lot of every shipment on it.
 */
export const importShipmentPreview: AnswerFields = {
  fields: { lines: z.array(previewLine).nullable(), totals: previewTotals.nullable() },
  async read(executor, ids) {
    if (ids.length !== 1) return new Map();
    const shipment = await findDocument<ImportShipmentDetail>(executor, importShipmentBinding, ids[0]!);
    if (!shipment) return new Map();
    const input = inputOf(shipment);
    const totalsOf = (lines: ShipmentPreview['lines']) => totalsFrom(shipment, lines);
    if (shipment.status !== 'draft') {
      const lines = await postedLines(executor, shipment.id);
      return new Map([[shipment.id, { lines, totals: totalsOf(lines) }]]);
    }
    const facts = await readShipmentFacts(executor, unscoped, { goodsReceiptIds: input.goodsReceiptIds, vendorIds: [], accountIds: [] });
    const split = previewShipment({ splitMethod: input.splitMethod, weights: input.weights, charges: shipment.charges, lines: facts.lines, chargeIds: shipment.charges.map((c) => c.id) });
    // A draft whose receipts changed since it was saved previews nothing; its save names the problem.
    if (split.problems) return new Map([[shipment.id, { lines: null, totals: null }]]);
    return new Map([[shipment.id, { lines: split.preview.lines, totals: split.preview.totals }]]);
  },
};

/** The totals of stored lines and charges. */
function totalsFrom(shipment: ImportShipmentDetail, lines: ShipmentPreview['lines']): ShipmentPreview['totals'] {
  const cents = (values: readonly string[]) => values.reduce((a, b) => a + toMinorUnits(b), 0n);
  const of = (pick: (kind: ImportShipmentDetail['charges'][number]['kind']) => boolean) => fromMinorUnits(cents(shipment.charges.filter((c) => pick(c.kind)).map((c) => c.companyAmount)));
  return {
    amount: of(() => true),
    capitalised: of(isCapitalised),
    toInventory: fromMinorUnits(cents(lines.map((l) => l.toInventory))),
    toCostOfSales: fromMinorUnits(cents(lines.map((l) => l.toCostOfSales))),
    salesTaxInput: of((k) => importTaxAccountOf(k) === 'salesTaxInput'),
    advanceIncomeTax: of((k) => importTaxAccountOf(k) === 'advanceIncomeTax'),
  };
}
