import { z } from 'zod';
import { dateSchema } from '../resource/declaration.ts';
import { furtherTaxFollows, type ItemTaxFactsRow, rateLabelOf, type SaleType } from '../inventory/inventory.area.ts';
import { addDecimals, canonicalDecimal, compareDecimal } from '../money.ts';
import type { SaleTaxFacts } from './line-tax.ts';
import type { RegistrationType } from './customers.ts';

/**
 * Tax per line (issue 29, section 4): each line of a quotation, invoice or return copies the
 * facts of its item in force on the document's date, so a later change of the facts never
 * changes a document, and FBR receives what was printed.
 */

/** What a line copies of its item's row in force on the document's date. */
export type TaxFactsInForce = Omit<ItemTaxFactsRow, 'id' | 'itemId' | 'effectiveFrom' | 'rateLabel'>;

/** What a document knows of its buyer and the company when it taxes its lines. */
export interface BuyerTaxFacts {
  registrationType: RegistrationType;
  /** The settings' further tax rate (percent). */
  furtherTaxRate: string;
  /** The settings' standard rate: a line whose item has no row (none should) is taxed by it. */
  standardRate: string;
}

/** The facts a line copies: what its tax was computed from, and what the tax invoice and FBR print. */
export interface LineTaxFields {
  hsCode: string | null;
  fbrUom: string | null;
  saleType: SaleType;
  taxRate: string;
  rateLabel: string;
  sroScheduleNo: string;
  sroItemSerialNo: string;
  retailPrice: string | null;
  /** The further tax rate this line bears: the settings' for an unregistered buyer on an item it applies to, else 0.00. */
  furtherTaxRate: string;
}

/** A line's copy of its item's facts, for this buyer. */
export function lineTaxFields(row: TaxFactsInForce | null | undefined, buyer: BuyerTaxFacts): LineTaxFields {
  const saleType = row?.saleType ?? 'standardRate';
  const taxRate = canonicalDecimal(row?.rate ?? buyer.standardRate);
  const applies = row ? row.furtherTaxApplies : furtherTaxFollows(saleType);
  return {
    hsCode: row?.hsCode ?? null,
    fbrUom: row?.fbrUom ?? null,
    saleType,
    taxRate,
    rateLabel: rateLabelOf(saleType, taxRate),
    sroScheduleNo: row?.sroScheduleNo ?? '',
    sroItemSerialNo: row?.sroItemSerialNo ?? '',
    retailPrice: row?.retailPrice ? canonicalDecimal(row.retailPrice) : null,
    furtherTaxRate: buyer.registrationType === 'unregistered' && applies ? canonicalDecimal(buyer.furtherTaxRate) : '0.00',
  };
}

/** What lineTax and lineFurtherTax compute a line's tax from, out of its copied facts. */
export const saleTaxFactsOf = (fields: Pick<LineTaxFields, 'saleType' | 'taxRate' | 'retailPrice' | 'furtherTaxRate'>): SaleTaxFacts => ({
  rate: fields.taxRate,
  saleType: fields.saleType,
  retailPrice: fields.retailPrice,
  furtherTaxRate: fields.furtherTaxRate,
});

/** A line as the totals per rate read it. */
export interface TaxedLine {
  saleType: SaleType;
  taxRate: string;
  amount: string;
  taxAmount: string;
  furtherTaxAmount: string;
}

/** One row of a document's totals per rate. */
export interface TaxSummaryRow {
  saleType: SaleType;
  taxRate: string;
  rateLabel: string;
  amount: string;
  taxAmount: string;
  furtherTaxAmount: string;
  total: string;
}

/** A document's totals per sale type and rate, highest rate first (then by sale type, so the order never depends on the lines'). */
export function taxSummaryOf(lines: readonly TaxedLine[]): TaxSummaryRow[] {
  const groups = new Map<string, TaxedLine[]>();
  for (const line of lines) {
    const key = `${line.saleType}|${canonicalDecimal(line.taxRate)}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const rows = [...groups.values()].map((group) => {
    const { saleType } = group[0]!;
    const taxRate = canonicalDecimal(group[0]!.taxRate);
    const amount = addDecimals(group.map((l) => l.amount));
    const taxAmount = addDecimals(group.map((l) => l.taxAmount));
    const furtherTaxAmount = addDecimals(group.map((l) => l.furtherTaxAmount));
    return { saleType, taxRate, rateLabel: rateLabelOf(saleType, taxRate), amount, taxAmount, furtherTaxAmount, total: addDecimals([amount, taxAmount, furtherTaxAmount]) };
  });
  return rows.sort((a, b) => compareDecimal(b.taxRate, a.taxRate) || a.saleType.localeCompare(b.saleType));
}

/** The header's `taxRate`: the lines' one rate when they share it, else null (a document of no lines keeps `fallback`). */
export function sharedTaxRate(lines: readonly Pick<TaxedLine, 'taxRate'>[], fallback: string | null = null): string | null {
  if (lines.length === 0) return fallback;
  const rates = new Set(lines.map((l) => canonicalDecimal(l.taxRate)));
  return rates.size === 1 ? [...rates][0]! : null;
}

/** A line's value including tax: its amount, sales tax and further tax. */
export const lineTotalOf = (line: Pick<TaxedLine, 'amount' | 'taxAmount' | 'furtherTaxAmount'>) => addDecimals([line.amount, line.taxAmount, line.furtherTaxAmount]);

/** A buyer's registrations as a tax invoice prints them (absent on answers written before issue 29's). */
export interface BuyerRegistrations {
  ntn?: string | null;
  cnic?: string | null;
  strn?: string | null;
}

/** What a quotation or invoice line answers of its tax (issue 29, section 4). */
export interface LineTaxAnswer extends LineTaxFields {
  furtherTaxAmount: string;
  /** amount + tax + further tax. */
  lineTotal: string;
}

/** What a quotation, invoice or return header answers of its tax, besides subtotal, taxAmount and grandTotal. */
export interface DocumentTaxAnswer {
  furtherTaxAmount: string;
  taxSummary: TaxSummaryRow[];
}

/** A stored line's tax as it answers: its copied facts with the label and total derived (one rule for every reader). */
export function lineTaxAnswer(line: Omit<LineTaxFields, 'rateLabel'> & Pick<TaxedLine, 'amount' | 'taxAmount' | 'furtherTaxAmount'>): LineTaxAnswer {
  const { hsCode, fbrUom, saleType, taxRate, sroScheduleNo, sroItemSerialNo, retailPrice, furtherTaxRate, furtherTaxAmount } = line;
  return {
    hsCode,
    fbrUom,
    saleType,
    taxRate,
    rateLabel: rateLabelOf(saleType, taxRate),
    sroScheduleNo,
    sroItemSerialNo,
    retailPrice,
    furtherTaxRate,
    furtherTaxAmount,
    lineTotal: lineTotalOf(line),
  };
}

/** GET /api/sales/line-tax: what the quotation and invoice forms tax their lines by before saving (the server computes again when it writes). */
export const lineTaxQuerySchema = z.object({
  itemIds: z
    .string({ error: 'Items must be a comma-separated list of item ids' })
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: 'Items must be a comma-separated list of at most 200 item ids' })
    .transform((value) => [...new Set(value.split(',').map(Number))]),
  customerId: z.coerce.number({ error: 'Customer must be an id' }).int({ error: 'Customer must be an id' }).positive({ error: 'Customer must be an id' }).max(2147483647).optional(),
  date: dateSchema('Date'),
});

/** The preview's answer: each item's line facts for this buyer on the date (absent: not the caller's or not there). */
export interface LineTaxPreview {
  buyerRegistrationType: RegistrationType | null;
  lines: Record<string, LineTaxFields>;
}
