import { divideRounded, formatDecimal, fromMinorUnits, multiplyDecimals, toMinorUnits } from '../money.ts';
import {
  type ChargeSplitMethod,
  type ImportChargeInput,
  type ImportShipmentWeight,
  importShipmentMessages as say,
  importTaxAccountOf,
  isCapitalised,
  type ShipmentSplitMethod,
} from './import-shipment.document.ts';

/**
 * Splits `total` over `weights` with cumulative rounding (issue 33, section 3): the running total
 * up to each line is rounded toward zero and each line takes the step from the one before, so the
 * shares add up to the total exactly, each within a cent of its proportion, and the cents left
 * over land on the last lines: 100,000.00 over three equal lines is 33,333.33, 33,333.33,
 * 33,333.34. Weights may be of either sign (a manual split of a credit note); they may not add to 0.
 */
export function splitCumulative(total: bigint, weights: readonly bigint[]): bigint[] {
  const whole = weights.reduce((a, b) => a + b, 0n);
  if (whole === 0n) throw new RangeError('The weights add to 0');
  let running = 0n;
  let before = 0n;
  return weights.map((weight) => {
    running += weight;
    const upTo = divideRounded(total * running, whole, 'down');
    const share = upTo - before;
    before = upTo;
    return share;
  });
}

/** A charge's amount in the company currency: amount x rate, half-up to the cent. */
export const companyAmountOf = (amount: string, exchangeRate: string): string => multiplyDecimals(amount, exchangeRate, { scale: 2, rounding: 'half-up' });

/** A receipt line as the split reads it, with its lot's facts (the lot: every row of its item and lot number). */
export interface ShipmentLineFacts {
  goodsReceiptId: number;
  goodsReceiptNumber: string;
  lineNo: number;
  itemId: number;
  inventoryId: number;
  lotNumber: string;
  quantity: number;
  /** The line's value in the company currency: quantity x the receipt's unit cost. */
  value: string;
  /** The lot (item and lot number, every place): its key. */
  lot: string;
  /** Q: the units that ever entered the lot (received, or stock adjusted in), net of their cancels. */
  entered: number;
  /** h: the units on hand in all its places. */
  inStock: number;
  /** The lot's unit cost now. */
  unitCost: string;
}

export interface PricedCharge extends ImportChargeInput {
  exchangeRate: string;
  companyAmount: string;
}

export interface ShipmentPreviewLine {
  goodsReceiptId: number;
  goodsReceiptNumber: string;
  lineNo: number;
  itemId: number;
  inventoryId: number;
  lotNumber: string;
  quantity: number;
  value: string;
  weightKg: string | null;
  allocated: string;
  inStock: number;
  unitCostBefore: string;
  unitCostIncrease: string;
  unitCostAfter: string;
  toInventory: string;
  toCostOfSales: string;
}

export interface ShipmentPreviewCharge {
  chargeNo: number;
  id: number | null;
  kind: ImportChargeInput['kind'];
  capitalised: boolean;
  amount: string;
  exchangeRate: string;
  companyAmount: string;
}

export interface ShipmentTotals {
  /** Every charge in the company currency. */
  amount: string;
  capitalised: string;
  toInventory: string;
  toCostOfSales: string;
  salesTaxInput: string;
  advanceIncomeTax: string;
}

export interface ShipmentPreview {
  lines: ShipmentPreviewLine[];
  charges: ShipmentPreviewCharge[];
  totals: ShipmentTotals;
}

export interface ShipmentSplitInput {
  splitMethod: ShipmentSplitMethod;
  weights: readonly ImportShipmentWeight[];
  charges: readonly PricedCharge[];
  lines: readonly ShipmentLineFacts[];
  /** The charges' ids once saved, by position. */
  chargeIds?: readonly (number | null)[];
}

/** The problems a split finds, by field (400), or the preview. */
export type ShipmentSplitResult = { problems: Record<string, string> } | { problems: null; preview: ShipmentPreview };

const key = (goodsReceiptId: number, lineNo: number) => `${goodsReceiptId}|${lineNo}`;

/** Each capitalised charge's shares of the lines (minor units), or the problems. */
function chargeShares(input: ShipmentSplitInput, problems: Record<string, string>): bigint[][] {
  const { lines } = input;
  const weightOf = new Map(input.weights.map((w) => [key(w.goodsReceiptId, w.lineNo), w.weightKg]));
  const indexOf = new Map(lines.map((line, index) => [key(line.goodsReceiptId, line.lineNo), index]));
  const zero = () => lines.map(() => 0n);
  return input.charges.map((charge, c) => {
    if (!isCapitalised(charge.kind)) return zero();
    const total = toMinorUnits(charge.companyAmount);
    const method: ChargeSplitMethod = charge.splitMethod ?? input.splitMethod;
    const methodField = charge.splitMethod ? `charges.${c}.splitMethod` : 'splitMethod';
    if (method === 'manual') {
      const allocations = charge.allocations ?? [];
      const weights = zero();
      let unknownLine = false;
      allocations.forEach((allocation, a) => {
        const index = indexOf.get(key(allocation.goodsReceiptId, allocation.lineNo));
        if (index === undefined) {
          problems[`charges.${c}.allocations.${a}.lineNo`] = say.allocationLine;
          unknownLine = true;
        } else weights[index] = weights[index]! + toMinorUnits(allocation.amount);
      });
      const allocated = allocations.reduce((s, a) => s + toMinorUnits(a.amount), 0n);
      if (allocated !== toMinorUnits(charge.amount)) {
        problems[`charges.${c}.allocations`] = say.allocationsDiffer(formatDecimal(fromMinorUnits(allocated)), formatDecimal(charge.amount));
        return zero();
      }
      // The split is refused already; the known lines' weights may add to 0, which a foreign
      // charge's proportional split below cannot divide by (a 500 where the line is the 400).
      if (unknownLine) return zero();
      // In the company currency the hand split is followed in proportion (exact when the rate is 1).
      return allocated === total ? weights : splitCumulative(total, weights);
    }
    let weights: bigint[];
    if (method === 'value') weights = lines.map((l) => toMinorUnits(l.value));
    else if (method === 'quantity') weights = lines.map((l) => BigInt(l.quantity));
    else {
      const missing = lines.find((l) => weightOf.get(key(l.goodsReceiptId, l.lineNo)) === undefined);
      if (missing) {
        problems.weights = say.weightMissing(missing.goodsReceiptNumber, missing.lineNo);
        return zero();
      }
      weights = lines.map((l) => toMinorUnits(weightOf.get(key(l.goodsReceiptId, l.lineNo))!, 3));
    }
    if (weights.reduce((a, b) => a + b, 0n) === 0n) {
      problems[methodField] = method === 'value' ? say.noValue : method === 'quantity' ? say.noQuantity : say.noWeight;
      return zero();
    }
    return splitCumulative(total, weights);
  });
}

/**
 * The landed costs of a shipment (issue 33, section 3), pure: each capitalised charge split over
 * the receipts' lines, each line's share A raising its lot's unit cost by d = A / Q (Q the units
 * that ever entered the lot) half-up to the cent; the units on hand h take h x d to Inventory, and
 * the rest, A - h x d, goes to cost of sales: the units sold, written off or consumed, and the
 * rounding. Lines of one lot each add their own d.
 */
export function previewShipment(input: ShipmentSplitInput): ShipmentSplitResult {
  const problems: Record<string, string> = {};
  const shares = chargeShares(input, problems);
  if (Object.keys(problems).length > 0) return { problems };
  const weightOf = new Map(input.weights.map((w) => [key(w.goodsReceiptId, w.lineNo), w.weightKg]));
  const raisedSoFar = new Map<string, bigint>();
  let toInventory = 0n;
  let toCostOfSales = 0n;
  const lines = input.lines.map((line, index): ShipmentPreviewLine => {
    const allocated = shares.reduce((s, charge) => s + charge[index]!, 0n);
    const increase = line.entered > 0 ? divideRounded(allocated, BigInt(line.entered), 'half-up') : 0n;
    const inventory = increase * BigInt(line.inStock);
    const before = toMinorUnits(line.unitCost) + (raisedSoFar.get(line.lot) ?? 0n);
    raisedSoFar.set(line.lot, (raisedSoFar.get(line.lot) ?? 0n) + increase);
    toInventory += inventory;
    toCostOfSales += allocated - inventory;
    return {
      goodsReceiptId: line.goodsReceiptId,
      goodsReceiptNumber: line.goodsReceiptNumber,
      lineNo: line.lineNo,
      itemId: line.itemId,
      inventoryId: line.inventoryId,
      lotNumber: line.lotNumber,
      quantity: line.quantity,
      value: line.value,
      weightKg: weightOf.get(key(line.goodsReceiptId, line.lineNo)) ?? null,
      allocated: fromMinorUnits(allocated),
      inStock: line.inStock,
      unitCostBefore: fromMinorUnits(before),
      unitCostIncrease: fromMinorUnits(increase),
      unitCostAfter: fromMinorUnits(before + increase),
      toInventory: fromMinorUnits(inventory),
      toCostOfSales: fromMinorUnits(allocated - inventory),
    };
  });
  const charges = input.charges.map((charge, c): ShipmentPreviewCharge => ({
    chargeNo: c + 1,
    id: input.chargeIds?.[c] ?? null,
    kind: charge.kind,
    capitalised: isCapitalised(charge.kind),
    amount: charge.amount,
    exchangeRate: charge.exchangeRate,
    companyAmount: charge.companyAmount,
  }));
  const sumOf = (pick: (charge: PricedCharge) => boolean) => fromMinorUnits(input.charges.filter(pick).reduce((s, c) => s + toMinorUnits(c.companyAmount), 0n));
  return {
    problems: null,
    preview: {
      lines,
      charges,
      totals: {
        amount: sumOf(() => true),
        capitalised: sumOf((c) => isCapitalised(c.kind)),
        toInventory: fromMinorUnits(toInventory),
        toCostOfSales: fromMinorUnits(toCostOfSales),
        salesTaxInput: sumOf((c) => importTaxAccountOf(c.kind) === 'salesTaxInput'),
        advanceIncomeTax: sumOf((c) => importTaxAccountOf(c.kind) === 'advanceIncomeTax'),
      },
    },
  };
}
