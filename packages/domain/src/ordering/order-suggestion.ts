import { daysInMonth } from '../dates/months.ts';
import { addDays } from '../dates/days.ts';
import { divideRounded, fromMinorUnits, multiply, sum, toMinorUnits } from '../money.ts';
import { exchangeRateScale } from '../currency-fields.ts';

/**
 * Generate Order's arithmetic (issue 19, section 3; PRODUCT.md, Generate Order), pure so the
 * server computes every line with it and tests check the figures. Per item, regions
 * pooled: demand over the horizon T = as-of + lead time L + review days R, usable stock by
 * first-expiry absorption, open supply due within T, safety stock, and the suggestion rounded
 * to the minimum order and pack size and capped at what a new lot can sell before its sell-by.
 * Days are counted from the as-of date: day 0 is the as-of date, D(a, b) the demand of the
 * days after a up to and including b.
 */

export const demandBases = ['planAdjusted', 'plan', 'velocity'] as const;
export type DemandBasis = (typeof demandBases)[number];

export const orderReasons = [
  'EXPIRY_RISK',
  'NO_PLAN',
  'PLAN_BEHIND',
  'LATE_PO',
  'BEYOND_HORIZON',
  'CAPPED_BY_SHELF_LIFE',
  'MOQ_ROUNDED',
  'NO_VENDOR',
] as const;
export type OrderReason = (typeof orderReasons)[number];

export const orderReasonLabels: Record<OrderReason, string> = {
  EXPIRY_RISK: 'Stock will expire before it sells',
  NO_PLAN: 'No approved plan for a month of the horizon',
  PLAN_BEHIND: 'Sales behind plan this year',
  LATE_PO: 'An order is late',
  BEYOND_HORIZON: 'An order is due after the horizon',
  CAPPED_BY_SHELF_LIFE: 'Capped by what a new lot sells before its sell-by',
  MOQ_ROUNDED: 'Rounded up to the minimum order or pack size',
  NO_VENDOR: 'The item has no vendor',
};

/**
 * An item's cost (company currency) in a vendor's currency at `rate` (company currency per unit
 * of it, as rates are stored): divided exactly and rounded half up to the cent once, so a
 * purchase order to a foreign vendor is priced in what it bills in.
 */
export function costInVendorCurrency(companyCost: string, rate: string): string {
  const scale = 10n ** BigInt(exchangeRateScale);
  return fromMinorUnits(divideRounded(toMinorUnits(companyCost) * scale, toMinorUnits(rate, exchangeRateScale), 'half-up'));
}

/** The ratio planAdjusted scales a plan by: YTD actual / YTD plan, kept within 0.5 to 1.5. */
export function planRatio(ytdActual: number, ytdPlan: number): number {
  if (!(ytdPlan > 0)) return 1;
  return Math.min(1.5, Math.max(0.5, ytdActual / ytdPlan));
}

/** What an item's demand is made of: its velocity, and its approved plans' quantities by month (`YYYY-MM`). */
export interface DemandInputs {
  basis: DemandBasis;
  /** Net quantity sold per day in stock over the history window. */
  velocity: number;
  /** Only months with an approved plan line for the item (a plan of 0 is a plan). */
  planByMonth: ReadonlyMap<string, number>;
  /** planAdjusted's ratio (`planRatio`); 1 for the other bases. */
  ratio: number;
}

const dayMs = 86_400_000;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / dayMs;

/** An item's demand from an as-of date: per day of a month, and D(from, to) over whole days after the as-of date. */
export class DemandCurve {
  private readonly start: number;
  /** Whether a month of D's days had no approved plan (and so used the velocity, or nothing). */
  usedMonthWithoutPlan = false;

  constructor(
    readonly asOf: string,
    private readonly inputs: DemandInputs,
  ) {
    this.start = dayNumber(asOf);
  }

  /** The demand per day in month `YYYY-MM`. */
  dailyRate(month: string): number {
    const { basis, velocity, planByMonth, ratio } = this.inputs;
    if (basis === 'velocity') return velocity;
    const planned = planByMonth.get(month);
    if (planned === undefined) {
      this.usedMonthWithoutPlan = true;
      // planAdjusted falls back on the velocity; the plan basis has no demand where no plan is.
      return basis === 'planAdjusted' ? velocity : 0;
    }
    const perDay = planned / daysInMonth(month);
    return basis === 'planAdjusted' ? perDay * ratio : perDay;
  }

  /** D(a, b): the demand of days a+1 .. b (day offsets from the as-of date); 0 when b <= a. */
  between(a: number, b: number): number {
    if (!(b > a)) return 0;
    let total = 0;
    let day = a + 1;
    while (day <= b) {
      const date = new Date((this.start + day) * dayMs);
      const month = date.toISOString().slice(0, 7);
      const lastOfMonth = day + (daysInMonth(month) - date.getUTCDate());
      const until = Math.min(b, lastOfMonth);
      total += (until - day + 1) * this.dailyRate(month);
      day = until + 1;
    }
    return total;
  }
}

export interface SuggestionLot {
  quantity: number;
  /** `YYYY-MM-DD`; null: never expires. */
  dateExpiry: string | null;
  unitCost: string;
}

export interface SuggestionSupply {
  quantity: number;
  /** When it is expected, `YYYY-MM-DD`. */
  dueDate: string;
}

export interface SuggestionInputs {
  asOf: string;
  leadTimeDays: number;
  reviewDays: number;
  safetyStockDays: number;
  packSize: number;
  minOrderQuantity: number;
  minShelfLifeDays: number;
  /** Shelf life a new lot has at receipt; null: no cap. */
  shelfLifeDays: number | null;
  hasVendor: boolean;
  demand: DemandInputs;
  /** Warehouse lots with stock (expired ones too: they are shown apart). */
  lots: readonly SuggestionLot[];
  /** Approved orders not yet received, drafts created by a run, stock in transit. */
  supply: readonly SuggestionSupply[];
}

/** Every term of a line (issue 19, section 6): what the why panel shows. */
export interface SuggestionTerms {
  horizonDays: number;
  horizonDate: string;
  dailyDemand: number;
  demandQty: number;
  safetyStock: number;
  onHand: number;
  expiredQty: number;
  usable: number;
  atRiskQty: number;
  /** Minor units of the lots' cost (sum of unabsorbed quantity x unit cost), as a decimal string. */
  atRiskValue: string;
  openSupply: number;
  late: number;
  beyondHorizon: number;
  netRequirement: number;
  suggestedQty: number;
  /** What a new lot can sell before its own sell-by (older stock first); null: no cap. */
  shelfCap: number | null;
  reasons: OrderReason[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * One item's suggestion. Lots are absorbed in sell-by order (expiry - minShelfLifeDays):
 * A0 = 0, Ak = min(Ak-1 + qk, max(Ak-1, D(as-of, min(sell-by k, T)))), D = 0 when the sell-by
 * is on or before the as-of date; a lot whose sell-by is at or after T counts whole (it sells
 * after the horizon and covers the safety stock, docs/decisions/ordering.md). What a lot with sell-by
 * before T does not absorb is at risk.
 */
export function suggestOrder(inputs: SuggestionInputs): SuggestionTerms {
  const { asOf, leadTimeDays: L, reviewDays: R } = inputs;
  const T = L + R;
  const curve = new DemandCurve(asOf, inputs.demand);
  const D = (to: number) => curve.between(0, to);
  const demandQty = D(T);
  const dailyDemand = T > 0 ? demandQty / T : 0;
  const safetyStock = inputs.safetyStockDays * dailyDemand;

  const offset = (date: string) => dayNumber(date) - dayNumber(asOf);
  let onHand = 0;
  let expiredQty = 0;
  const live: { quantity: number; sellBy: number; unitCost: string }[] = [];
  for (const lot of inputs.lots) {
    if (lot.quantity <= 0) continue;
    onHand += lot.quantity;
    if (lot.dateExpiry !== null && lot.dateExpiry < asOf) {
      expiredQty += lot.quantity;
      continue;
    }
    const sellBy = lot.dateExpiry === null ? Number.POSITIVE_INFINITY : offset(lot.dateExpiry) - inputs.minShelfLifeDays;
    live.push({ quantity: lot.quantity, sellBy, unitCost: lot.unitCost });
  }
  live.sort((a, b) => a.sellBy - b.sellBy);

  let absorbed = 0;
  let atRiskQty = 0;
  // Exact: each lot's quantity x unit cost and their sum, by the money helpers.
  const atRiskValues: string[] = [];
  for (const lot of live) {
    if (lot.sellBy >= T) {
      absorbed += lot.quantity;
      continue;
    }
    const reach = lot.sellBy <= 0 ? 0 : Math.round(D(lot.sellBy));
    const next = Math.min(absorbed + lot.quantity, Math.max(absorbed, reach));
    const unabsorbed = lot.quantity - (next - absorbed);
    atRiskQty += unabsorbed;
    atRiskValues.push(multiply(unabsorbed, lot.unitCost));
    absorbed = next;
  }
  const usable = absorbed;

  let openSupply = 0;
  let late = 0;
  let beyondHorizon = 0;
  for (const s of inputs.supply) {
    if (s.quantity <= 0) continue;
    const due = offset(s.dueDate);
    if (due > T) beyondHorizon += s.quantity;
    else {
      // An overdue order still counts as coming (it is shown as late).
      openSupply += s.quantity;
      if (due < 0) late += s.quantity;
    }
  }

  const netRequirement = demandQty + safetyStock - usable - openSupply;
  const reasons = new Set<OrderReason>();
  let suggestedQty = 0;
  let shelfCap: number | null = null;
  const pack = Math.max(1, inputs.packSize);
  if (netRequirement > 1e-9) {
    const wanted = Math.max(netRequirement, inputs.minOrderQuantity);
    suggestedQty = Math.ceil(wanted / pack - 1e-9) * pack;
    if (suggestedQty > Math.ceil(netRequirement - 1e-9)) reasons.add('MOQ_ROUNDED');
    if (inputs.shelfLifeDays !== null) {
      // The new lot arrives after the lead time; older stock and supply sell first.
      const sellBy = L + inputs.shelfLifeDays - inputs.minShelfLifeDays;
      shelfCap = Math.max(0, Math.floor(D(sellBy) - usable - openSupply));
      if (suggestedQty > shelfCap) {
        suggestedQty = Math.floor(shelfCap / pack) * pack;
        reasons.add('CAPPED_BY_SHELF_LIFE');
        reasons.delete('MOQ_ROUNDED');
      }
    }
  }
  if (atRiskQty > 0) reasons.add('EXPIRY_RISK');
  if (inputs.demand.basis !== 'velocity' && curve.usedMonthWithoutPlan) reasons.add('NO_PLAN');
  if (inputs.demand.basis === 'planAdjusted' && inputs.demand.ratio < 1 && inputs.demand.planByMonth.size > 0) reasons.add('PLAN_BEHIND');
  if (late > 0) reasons.add('LATE_PO');
  if (beyondHorizon > 0) reasons.add('BEYOND_HORIZON');
  if (!inputs.hasVendor) reasons.add('NO_VENDOR');

  return {
    horizonDays: T,
    horizonDate: addDays(asOf, T),
    dailyDemand: Math.round(dailyDemand * 10_000) / 10_000,
    demandQty: round2(demandQty),
    safetyStock: round2(safetyStock),
    onHand,
    expiredQty,
    usable,
    atRiskQty,
    atRiskValue: sum(atRiskValues),
    openSupply,
    late,
    beyondHorizon,
    netRequirement: round2(netRequirement),
    suggestedQty,
    shelfCap,
    reasons: orderReasons.filter((r) => reasons.has(r)),
  };
}
