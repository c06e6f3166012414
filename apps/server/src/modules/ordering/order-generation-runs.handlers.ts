import {
  addDays,
  costInVendorCurrency,
  orderGenerationMessages,
  orderGenerationRunDocument,
  type OrderGenerationRunDetail,
  type OrderGenerationRunInput,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers, DraftWriter } from '../../lib/document/document-binding.ts';
import { allocateDocumentNumber } from '../../lib/document/document-number.ts';
import { ownPermittedList, ownRegionList } from '../../lib/region-list-scope.ts';
import { NoRateError, rateOn } from '../currencies/currencies.api.ts';
import { purchaseOrderServices } from '../purchasing/purchasing.api.ts';
import { readItemInputs, readPlans, readRunSettings, readStockAndSupply, type RunScope } from './order-generation-inputs.ts';
import { computeLines, insertLines, lineValue, sumMoney } from './order-generation-lines.ts';

const { numberPrefix } = orderGenerationRunDocument;

/** A purchase order holds at most this many lines (its declaration's max): a vendor with more gets several. */
const orderLinesMax = 500;

/**
 * Reads every input in bulk, computes every line and saves them: settings, items, stock and
 * supply, plans, then the header and the lines, whatever the item count (issue 19, section 5).
 * A user kept to regions or categories computes runs of theirs only (none named: all of
 * theirs), so the run is one they may read (issue 27). A run suggests from what is known, so
 * its as-of date is not ahead of today; the vendor is checked here, not left to the foreign key.
 */
async function computeRun(tx: Tx, actor: Actor, input: OrderGenerationRunInput) {
  const regionIds = ownRegionList(actor, input.regionIds);
  const categoryIds = ownPermittedList(actor, 'categories', input.categoryIds);
  const asOf = input.asOf ?? todayIso();
  const settings = await readRunSettings(tx, input.vendorId ?? null);
  const problems: Record<string, string> = {};
  if (!regionIds) problems.regionIds = orderGenerationMessages.otherRegions;
  if (!categoryIds) problems.categoryIds = orderGenerationMessages.otherCategories;
  if (asOf > todayIso()) problems.asOf = orderGenerationMessages.asOfFuture;
  if (!settings.vendorFound) problems.vendorId = orderGenerationMessages.vendorMissing;
  if (!regionIds || !categoryIds || Object.keys(problems).length > 0) throw new BadRequestError(problems);
  const reviewDays = input.reviewDays ?? settings.reviewDays;
  const historyMonths = input.historyMonths ?? settings.historyMonths;
  const scope: RunScope = {
    asOf,
    historyMonths,
    vendorId: input.vendorId ?? null,
    regionIds,
    categoryIds,
    basis: input.demandBasis,
    defaultLeadTimeDays: settings.defaultLeadTimeDays,
    defaultSafetyStockDays: settings.safetyStockDays,
  };
  const items = await readItemInputs(tx, scope);
  const ids = items.map((item) => item.itemId);
  const stock = ids.length > 0 ? await readStockAndSupply(tx, scope, ids) : [];
  const plans = ids.length > 0 && settings.hasPlans && scope.basis !== 'velocity' ? await readPlans(tx, scope, ids) : [];
  const lines = computeLines({ asOf, reviewDays, basis: scope.basis }, items, stock, plans);
  const header = {
    asOf,
    reviewDays,
    historyMonths,
    demandBasis: scope.basis,
    vendorId: scope.vendorId,
    // One array parameter each (the writer casts it to the column's integer[]).
    regionIds: sql.param(scope.regionIds),
    categoryIds: sql.param(scope.categoryIds),
    lineCount: lines.length,
    totalValue: sumMoney(lines.map((line) => line.value)),
  };
  return { scope, lines, header };
}

type Computed = Awaited<ReturnType<typeof computeRun>>;

function answerOf(drafts: DraftWriter, written: Parameters<DraftWriter['answer']>[0], input: OrderGenerationRunInput, computed: Computed, documentNumber: string | null): OrderGenerationRunDetail {
  const base = drafts.answer<OrderGenerationRunDetail>(written, input, { header: computed.header });
  return {
    ...base,
    documentNumber,
    vendorId: computed.scope.vendorId,
    regionIds: [...computed.scope.regionIds],
    categoryIds: [...computed.scope.categoryIds],
    purchaseOrderIds: [],
    lines: computed.lines,
  };
}

interface OrderRow {
  vendorId: number | null;
  vendorName: string | null;
  vendorActive: boolean | null;
  currency: string | null;
  /** The vendor bills in another currency than the company's. */
  isForeign: boolean | null;
  minOrderValue: string | null;
  itemId: number;
  itemName: string;
  itemApproved: boolean;
  finalQty: number;
  unitCost: string;
  leadTimeDays: number;
}

export interface CreatedOrder {
  id: number;
  vendorId: number;
  vendorName: string;
  /** The order's currency, the vendor's: `totalValue` is in it. */
  currency: string;
  totalValue: string;
  lineCount: number;
}

/** The rate of `currency` in force on `date`, or null when none is held. */
async function rateIfHeld(tx: Tx, currency: string, date: string): Promise<string | null> {
  try {
    return (await rateOn(tx, currency, date)).rate;
  } catch (error) {
    if (error instanceof NoRateError) return null;
    throw error;
  }
}

/**
 * One draft purchase order per vendor (several past 500 lines) for the receiving region, through
 * purchasing's document services, expected after the shortest lead time of its lines. A run's
 * costs are the company currency's: a vendor billing in another is ordered from at today's rate,
 * the order being in its currency. Left out and named in the warnings, the rest still ordered:
 * lines without a vendor, items no longer approved, vendors no longer active or whose currency
 * has no rate today (what changed since the run would otherwise refuse the whole conversion
 * naming fields the caller never sent); orders under the vendor's minimum order value (in its
 * currency) are warned about.
 */
async function createOrders(tx: Tx, actor: Actor, run: OrderGenerationRunDetail, regionId: number) {
  const rows = await queryRows<OrderRow>(
    tx,
    sql`SELECT l.vendor_id AS "vendorId", v.vendor_name AS "vendorName", v.active AS "vendorActive", v.currency, v.currency <> company_currency() AS "isForeign",
               v.min_order_value::text AS "minOrderValue", l.item_id AS "itemId", it.item_name AS "itemName", it.is_approved AS "itemApproved",
               l.final_qty AS "finalQty", l.unit_cost::text AS "unitCost", l.lead_time_days AS "leadTimeDays"
        FROM order_generation_run_lines l JOIN items it ON it.id = l.item_id LEFT JOIN vendors v ON v.id = l.vendor_id
        WHERE l.order_generation_run_id = ${run.id}::int AND l.final_qty > 0
        ORDER BY v.vendor_name, l.vendor_id, it.item_name, l.item_id`,
  );
  if (rows.length === 0) throw new ConflictError(orderGenerationMessages.noLines);
  const warnings: string[] = [];
  const byVendor = new Map<number, OrderRow[]>();
  for (const row of rows) {
    if (row.vendorId === null) warnings.push(orderGenerationMessages.noVendor(row.itemName));
    else if (!row.itemApproved) warnings.push(orderGenerationMessages.itemNotApproved(row.itemName));
    else byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), row]);
  }
  const today = todayIso();
  const orders: CreatedOrder[] = [];
  for (const [vendorId, vendorLines] of byVendor) {
    const { vendorName: name, vendorActive, currency, isForeign } = vendorLines[0]!;
    const vendorName = name ?? '';
    if (!vendorActive) {
      warnings.push(orderGenerationMessages.vendorInactive(vendorName));
      continue;
    }
    const rate = isForeign ? await rateIfHeld(tx, currency!, today) : null;
    if (isForeign && rate === null) {
      warnings.push(orderGenerationMessages.noRate(vendorName, currency!));
      continue;
    }
    const lines = rate === null ? vendorLines : vendorLines.map((line) => ({ ...line, unitCost: costInVendorCurrency(line.unitCost, rate) }));
    const values: string[] = [];
    for (let start = 0; start < lines.length; start += orderLinesMax) {
      const chunk = lines.slice(start, start + orderLinesMax);
      const order = await purchaseOrderServices.create(tx, actor, {
        orderDate: today,
        vendorId,
        regionId,
        expectedDate: addDays(today, Math.min(...chunk.map((line) => line.leadTimeDays))),
        notes: `Generate Order ${run.documentNumber ?? ''}`.trim(),
        lines: chunk.map((line) => ({ itemId: line.itemId, quantity: line.finalQty, unitCost: line.unitCost })),
      });
      const totalValue = sumMoney(chunk.map((line) => lineValue(line.finalQty, line.unitCost)));
      values.push(totalValue);
      orders.push({ id: order.id, vendorId, vendorName, currency: currency!, totalValue, lineCount: chunk.length });
    }
    const minimum = lines[0]!.minOrderValue ?? '0.00';
    const total = sumMoney(values);
    if (Number(minimum) > 0 && sumMoney([total, `-${minimum}`]).startsWith('-')) warnings.push(orderGenerationMessages.belowMinimum(vendorName, minimum));
  }
  if (orders.length > 0) {
    await tx.execute(sql`INSERT INTO order_generation_run_orders (order_generation_run_id, purchase_order_id)
      SELECT ${run.id}::int, unnest(${intArray(orders.map((o) => o.id))})`);
  }
  return { orders, warnings };
}

export const orderGenerationRunHandlers: DocumentHandlers<OrderGenerationRunInput, OrderGenerationRunDetail, ActionOf<typeof orderGenerationRunDocument>> = {
  async create(tx, actor, input, drafts) {
    const computed = await computeRun(tx, actor, input);
    // Numbered when computed: a run is a record of what was suggested, also while a draft.
    const documentNumber = await allocateDocumentNumber(tx, numberPrefix, computed.header.asOf);
    const written = await drafts.insert(input, { header: { ...computed.header, documentNumber } });
    await insertLines(tx, written.id, computed.lines);
    return { document: answerOf(drafts, written, input, computed, documentNumber) };
  },

  /** New parameters compute the run again; finals edited so far are dropped with the old lines. */
  async update(tx, actor, before, input, drafts) {
    const computed = await computeRun(tx, actor, input);
    await tx.execute(sql`DELETE FROM order_generation_run_lines WHERE order_generation_run_id = ${before.id}::int`);
    const written = await drafts.update(before.id, input, { header: computed.header });
    await insertLines(tx, before.id, computed.lines);
    return { document: { ...answerOf(drafts, written, input, computed, before.documentNumber), createdAt: before.createdAt } };
  },

  transitions: {
    async 'create-orders'(tx, actor, run, step) {
      const { regionId } = step.input as { regionId: number };
      const { orders, warnings } = await createOrders(tx, actor, run, regionId);
      const purchaseOrderIds = orders.map((o) => o.id);
      // Status, stamp, audit row and search row written here, so the answer can carry the orders and warnings.
      for (const write of step.claim(undefined, { purchaseOrderIds })) await tx.execute(write(sql`${run.documentNumber}::text`));
      return { document: { ...run, status: 'converted', purchaseOrderIds, purchaseOrders: orders, warnings } };
    },
    async discard(_tx, _actor, run) {
      return { document: run };
    },
  },
};
