import { addDays } from '../dates/days.ts';
import { fromMinorUnits, percentage, toMinorUnits } from '../money.ts';
import type { LossRule, VentureBasis, VentureShare } from './joint-venture.document.ts';

/** A venture's ledger figures over some days, each positive on its normal side. */
export interface VentureFigures {
  revenue: string;
  returns: string;
  costOfSales: string;
  expenses: string;
}

/** The days of a period under one share version, with their ledger figures. */
export interface ShareSegment extends VentureFigures {
  from: string;
  to: string;
  partnerPercent: string;
}

export interface VentureTerms {
  basis: VentureBasis;
  feePercent: string;
  lossRule: LossRule;
}

export interface VentureStatementFigures extends VentureFigures {
  fees: string;
  /** The profit on the venture's basis, after fees and prior-period adjustments. */
  profit: string;
  /** Profit of rows posted to settled periods after their settlement (in `profit`). */
  adjustments: string;
  lossBroughtForward: string;
  partnerShare: string;
  companyShare: string;
  carriedLoss: string;
  segments: (ShareSegment & { fees: string; profit: string; partnerShare: string })[];
}

const units = toMinorUnits;
const money = fromMinorUnits;

/**
 * The days of [from, to] under each share version (the version in effect on a day is the
 * latest effective on or before it); days before the first version are not shared.
 */
export function shareSegments(shares: readonly VentureShare[], from: string, to: string): { from: string; to: string; partnerPercent: string }[] {
  const sorted = [...shares].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  const segments: { from: string; to: string; partnerPercent: string }[] = [];
  sorted.forEach((share, index) => {
    const next = sorted[index + 1]?.effectiveFrom;
    const start = share.effectiveFrom > from ? share.effectiveFrom : from;
    const end = next && addDays(next, -1) < to ? addDays(next, -1) : to;
    if (start <= end) segments.push({ from: start, to: end, partnerPercent: share.partnerPercent });
  });
  return segments;
}

/** What is shared of some figures on a basis: net revenue, less cost of sales (gross margin), less expenses (net profit), less the fee on net revenue. */
function profitOf(figures: VentureFigures, terms: VentureTerms): { fees: bigint; profit: bigint } {
  const netRevenue = units(figures.revenue) - units(figures.returns);
  const fees = units(percentage(money(netRevenue), terms.feePercent));
  let profit = netRevenue - fees;
  if (terms.basis !== 'revenue') profit -= units(figures.costOfSales);
  if (terms.basis === 'netProfit') profit -= units(figures.expenses);
  return { fees, profit };
}

/**
 * The statement's arithmetic (issue 21, section 3): per share segment, the fee on net revenue
 * and the profit on the basis, the partner's % of it (rounded half-up per segment); the prior
 * periods' adjustments go with the first segment. Loss rule `share`: the partner bears its % of
 * a loss (a negative share); `carryForward`: losses (and the one brought forward) are absorbed
 * by later profit before anything is shared, and what is left is carried.
 */
export function ventureStatement(
  segments: readonly ShareSegment[],
  terms: VentureTerms,
  extra: { adjustments?: VentureFigures; lossBroughtForward?: string } = {},
): VentureStatementFigures {
  const zero: VentureFigures = { revenue: '0.00', returns: '0.00', costOfSales: '0.00', expenses: '0.00' };
  const adjustments = extra.adjustments ?? zero;
  const adjustment = profitOf(adjustments, terms);
  let carry = terms.lossRule === 'carryForward' ? units(extra.lossBroughtForward ?? '0') : 0n;
  const totals = { revenue: 0n, returns: 0n, costOfSales: 0n, expenses: 0n, fees: 0n, profit: 0n, partner: 0n };
  const shown = segments.map((segment, index) => {
    const own = profitOf(segment, terms);
    const fees = own.fees + (index === 0 ? adjustment.fees : 0n);
    const profit = own.profit + (index === 0 ? adjustment.profit : 0n);
    let shared = profit;
    if (terms.lossRule === 'carryForward') {
      shared = profit - carry;
      carry = shared < 0n ? -shared : 0n;
      if (shared < 0n) shared = 0n;
    }
    const partner = units(percentage(money(shared), segment.partnerPercent));
    totals.revenue += units(segment.revenue);
    totals.returns += units(segment.returns);
    totals.costOfSales += units(segment.costOfSales);
    totals.expenses += units(segment.expenses);
    totals.fees += fees;
    totals.profit += profit;
    totals.partner += partner;
    return { ...segment, fees: money(fees), profit: money(profit), partnerShare: money(partner) };
  });
  return {
    revenue: money(totals.revenue),
    returns: money(totals.returns),
    costOfSales: money(totals.costOfSales),
    expenses: money(totals.expenses),
    fees: money(totals.fees),
    profit: money(totals.profit),
    adjustments: money(adjustment.profit),
    lossBroughtForward: terms.lossRule === 'carryForward' ? money(units(extra.lossBroughtForward ?? '0')) : '0.00',
    partnerShare: money(totals.partner),
    companyShare: money(totals.profit - totals.partner),
    carriedLoss: money(carry),
    segments: shown,
  };
}
