import { addDays, daysInMonth, type DemandBasis, type OrderGenerationLine, planRatio, suggestOrder, type SuggestionLot, type SuggestionSupply } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, numericArray, textArray, dateArray, type Tx } from '../../db/client.ts';
import type { ItemInputRow, PlanRow, StockRow } from './order-generation-inputs.ts';

/** Minor units of a 2-place decimal string. */
const cents = (value: string) => {
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const n = BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -n : n;
};
const centsText = (n: bigint) => `${n < 0n ? '-' : ''}${(n < 0n ? -n : n) / 100n}.${String((n < 0n ? -n : n) % 100n).padStart(2, '0')}`;

/** quantity x a 2-place unit cost, exact. */
export const lineValue = (quantity: number, unitCost: string) => centsText(BigInt(quantity) * cents(unitCost));
export const sumMoney = (values: readonly string[]) => centsText(values.reduce((total, v) => total + cents(v), 0n));


/** The plan's quantity from 1 January to the as-of date: whole months before it, the as-of month pro rata. */
function ytdPlan(months: readonly number[] | undefined, asOf: string): number {
  if (!months) return 0;
  const month = Number(asOf.slice(5, 7));
  const day = Number(asOf.slice(8, 10));
  let total = 0;
  for (let m = 1; m < month; m += 1) total += months[m - 1] ?? 0;
  return total + ((months[month - 1] ?? 0) * day) / daysInMonth(`${asOf.slice(0, 4)}-${String(month).padStart(2, '0')}`);
}

export interface ComputeParams {
  asOf: string;
  reviewDays: number;
  basis: DemandBasis;
}

/**
 * Every line of a run from the inputs read in bulk: per item the suggestion (domain
 * `suggestOrder`) with its demand (velocity, approved plans, this year's achievement), lots
 * and supply. A run's draft order is due at its creation date plus the item's lead time.
 */
export function computeLines(params: ComputeParams, items: readonly ItemInputRow[], stock: readonly StockRow[], plans: readonly PlanRow[]): OrderGenerationLine[] {
  const lots = new Map<number, SuggestionLot[]>();
  const supply = new Map<number, { row: StockRow }[]>();
  for (const row of stock) {
    if (row.kind === 'lot') {
      const list = lots.get(row.itemId) ?? [];
      list.push({ quantity: Number(row.quantity), dateExpiry: row.date, unitCost: row.unitCost ?? '0.00' });
      lots.set(row.itemId, list);
    } else {
      const list = supply.get(row.itemId) ?? [];
      list.push({ row });
      supply.set(row.itemId, list);
    }
  }
  const planMonths = new Map<number, Map<string, number>>();
  const planYears = new Map<number, Map<number, number[]>>();
  for (const plan of plans) {
    const months = planMonths.get(plan.itemId) ?? new Map<string, number>();
    plan.months.forEach((qty, index) => months.set(`${plan.year}-${String(index + 1).padStart(2, '0')}`, Number(qty)));
    planMonths.set(plan.itemId, months);
    const years = planYears.get(plan.itemId) ?? new Map<number, number[]>();
    years.set(Number(plan.year), plan.months.map(Number));
    planYears.set(plan.itemId, years);
  }
  const year = Number(params.asOf.slice(0, 4));

  return items.map((item) => {
    const thisYear = planYears.get(item.itemId)?.get(year);
    const ratio = params.basis === 'planAdjusted' ? planRatio(item.ytdActual, ytdPlan(thisYear, params.asOf)) : 1;
    const velocity = item.daysInStock > 0 ? item.soldQty / item.daysInStock : 0;
    const itemSupply: SuggestionSupply[] = (supply.get(item.itemId) ?? []).map(({ row }) => ({
      quantity: Number(row.quantity),
      dueDate: row.kind === 'draft' ? addDays(row.date!, item.leadTimeDays) : row.date!,
    }));
    const terms = suggestOrder({
      asOf: params.asOf,
      leadTimeDays: item.leadTimeDays,
      reviewDays: params.reviewDays,
      safetyStockDays: item.safetyStockDays,
      packSize: item.packSize,
      minOrderQuantity: item.minOrderQuantity,
      minShelfLifeDays: item.minShelfLifeDays,
      shelfLifeDays: item.shelfLifeDays,
      hasVendor: item.vendorId !== null,
      demand: { basis: params.basis, velocity, planByMonth: planMonths.get(item.itemId) ?? new Map(), ratio },
      lots: lots.get(item.itemId) ?? [],
      supply: itemSupply,
    });
    return {
      itemId: item.itemId,
      itemName: item.itemName,
      articleNumber: item.articleNumber,
      plans: item.plans,
      vendorId: item.vendorId,
      vendorName: item.vendorName,
      leadTimeDays: item.leadTimeDays,
      packSize: item.packSize,
      minOrderQuantity: item.minOrderQuantity,
      safetyStockDays: item.safetyStockDays,
      minShelfLifeDays: item.minShelfLifeDays,
      shelfLifeDays: item.shelfLifeDays,
      velocity: Math.round(velocity * 10_000) / 10_000,
      soldQty: item.soldQty,
      daysInStock: item.daysInStock,
      planQty: thisYear ? thisYear.reduce((a, b) => a + b, 0) : null,
      planRatio: Math.round(ratio * 10_000) / 10_000,
      dailyDemand: terms.dailyDemand,
      demandQty: terms.demandQty,
      safetyStock: terms.safetyStock,
      onHand: terms.onHand,
      expiredQty: terms.expiredQty,
      usable: terms.usable,
      atRiskQty: terms.atRiskQty,
      atRiskValue: terms.atRiskValue,
      openSupply: terms.openSupply,
      late: terms.late,
      beyondHorizon: terms.beyondHorizon,
      horizonDate: terms.horizonDate,
      netRequirement: terms.netRequirement,
      suggestedQty: terms.suggestedQty,
      shelfCap: terms.shelfCap,
      finalQty: terms.suggestedQty,
      unitCost: item.unitCost,
      value: lineValue(terms.suggestedQty, item.unitCost),
      reasons: terms.reasons,
    };
  });
}

const nums = (lines: readonly OrderGenerationLine[], key: keyof OrderGenerationLine) => numericArray(lines.map((l) => (l[key] === null ? null : String(l[key]))));
const ints = (lines: readonly OrderGenerationLine[], key: keyof OrderGenerationLine) => intArray(lines.map((l) => l[key] as number | null));

const lineColumns = [
  'item_id', 'vendor_id', 'lead_time_days', 'pack_size', 'min_order_quantity', 'safety_stock_days', 'min_shelf_life_days', 'shelf_life_days',
  'velocity', 'sold_qty', 'days_in_stock', 'plan_qty', 'plan_ratio', 'daily_demand', 'demand_qty', 'safety_stock', 'on_hand', 'expired_qty', 'usable',
  'at_risk_qty', 'at_risk_value', 'open_supply', 'late', 'beyond_horizon', 'horizon_date', 'net_requirement', 'suggested_qty', 'shelf_cap', 'final_qty', 'unit_cost',
];

/** Every line of a run in one statement (one array parameter per column, whatever the count). */
export async function insertLines(tx: Tx, runId: number, lines: readonly OrderGenerationLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(sql`INSERT INTO order_generation_run_lines (order_generation_run_id, item_id, vendor_id, lead_time_days, pack_size, min_order_quantity,
      safety_stock_days, min_shelf_life_days, shelf_life_days, velocity, sold_qty, days_in_stock, plan_qty, plan_ratio, daily_demand, demand_qty,
      safety_stock, on_hand, expired_qty, usable, at_risk_qty, at_risk_value, open_supply, late, beyond_horizon, horizon_date, net_requirement,
      suggested_qty, shelf_cap, final_qty, unit_cost, reasons)
    SELECT ${runId}::int, ${sql.raw(lineColumns.map((c) => `u.${c}`).join(', '))}, string_to_array(r.reasons, ',')
    FROM unnest(${ints(lines, 'itemId')}, ${ints(lines, 'vendorId')}, ${ints(lines, 'leadTimeDays')}, ${ints(lines, 'packSize')}, ${ints(lines, 'minOrderQuantity')},
                ${ints(lines, 'safetyStockDays')}, ${ints(lines, 'minShelfLifeDays')}, ${ints(lines, 'shelfLifeDays')}, ${nums(lines, 'velocity')},
                ${ints(lines, 'soldQty')}, ${ints(lines, 'daysInStock')}, ${ints(lines, 'planQty')}, ${nums(lines, 'planRatio')}, ${nums(lines, 'dailyDemand')},
                ${nums(lines, 'demandQty')}, ${nums(lines, 'safetyStock')}, ${ints(lines, 'onHand')}, ${ints(lines, 'expiredQty')}, ${ints(lines, 'usable')},
                ${ints(lines, 'atRiskQty')}, ${numericArray(lines.map((l) => l.atRiskValue))}, ${ints(lines, 'openSupply')}, ${ints(lines, 'late')},
                ${ints(lines, 'beyondHorizon')}, ${dateArray(lines.map((l) => l.horizonDate))}, ${nums(lines, 'netRequirement')}, ${ints(lines, 'suggestedQty')},
                ${ints(lines, 'shelfCap')}, ${ints(lines, 'finalQty')}, ${numericArray(lines.map((l) => l.unitCost))})
         WITH ORDINALITY AS u(item_id, vendor_id, lead_time_days, pack_size, min_order_quantity, safety_stock_days, min_shelf_life_days, shelf_life_days,
                 velocity, sold_qty, days_in_stock, plan_qty, plan_ratio, daily_demand, demand_qty, safety_stock, on_hand, expired_qty, usable, at_risk_qty,
                 at_risk_value, open_supply, late, beyond_horizon, horizon_date, net_requirement, suggested_qty, shelf_cap, final_qty, unit_cost, n)
    JOIN unnest(${textArray(lines.map((l) => l.reasons.join(',')))}) WITH ORDINALITY AS r(reasons, n) ON r.n = u.n`);
}
