import { z } from 'zod';
import { addDecimals, fromMinorUnits, multiply, percentage, toMinorUnits } from '../money.ts';
import { lineFurtherTax, lineTax, type SaleTaxFacts } from './line-tax.ts';
import { type ListTotalDeclaration, maxInt32 } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString, wholeNumberInput } from '../resource/numeric-input.ts';

/**
 * The money of a priced sales line (quotation, invoice, sales return), computed the same way
 * by the form, the server and the printout: `amount` = quantity x price less the discount,
 * rounded half-up to the cent once; its tax is lineTax's, from the facts the document read.
 */
export interface PricedLine {
  /** Absent where only the money matters (the demo's credit check): the facts may rate items apart. */
  itemId?: number | null;
  quantity: number;
  price: string;
  discountPercent?: string | null;
}

export interface LineMoney {
  /** quantity x price, before the discount. */
  gross: string;
  /** After the discount, before tax. */
  amount: string;
  taxAmount: string;
  furtherTaxAmount: string;
}

export interface SalesTotals {
  subtotal: string;
  taxAmount: string;
  furtherTaxAmount: string;
  /** The value excluding tax, the sales tax and the further tax. */
  grandTotal: string;
  /** Gross less subtotal: what the discounts gave away. */
  discountTotal: string;
}

export function lineMoney(line: PricedLine, facts: SaleTaxFacts): LineMoney {
  const gross = multiply(line.quantity, line.price);
  const discount = percentage(gross, line.discountPercent || '0');
  const amount = fromMinorUnits(toMinorUnits(gross) - toMinorUnits(discount));
  const taxable = { itemId: line.itemId, quantity: line.quantity, amount };
  return { gross, amount, taxAmount: lineTax(taxable, facts), furtherTaxAmount: lineFurtherTax(taxable, facts) };
}

export function salesTotals(lines: readonly LineMoney[]): SalesTotals {
  const subtotal = addDecimals(lines.map((l) => l.amount));
  const taxAmount = addDecimals(lines.map((l) => l.taxAmount));
  const furtherTaxAmount = addDecimals(lines.map((l) => l.furtherTaxAmount));
  const gross = addDecimals(lines.map((l) => l.gross));
  return {
    subtotal,
    taxAmount,
    furtherTaxAmount,
    grandTotal: addDecimals([subtotal, taxAmount, furtherTaxAmount]),
    discountTotal: fromMinorUnits(toMinorUnits(gross) - toMinorUnits(subtotal)),
  };
}

/**
 * `GET /api/sales/settings`: what the sales forms need of the settings (the tax rate their
 * totals bar applies, the currency, the near-expiry window of the lot tags), readable by every
 * role of a sales document screen (`/api/settings` is the admin's).
 */
export interface SalesSettings {
  taxRate: string;
  currency: string;
  nearExpiryDays: number;
  /** The letterhead and footer the printable invoice (/invoice/:id) shows. */
  companyName: string;
  address: string;
  phone: string;
  taxNumber: string;
  invoiceFooter: string;
  /** The company's registrations and rates (issue 29, section 1): '' when not registered. */
  ntn: string;
  strn: string;
  province: string | null;
  furtherTaxRate: string;
  withholdingSharePercent: string;
}

/** The screens whose forms read the sales settings. */
export const salesSettingsRoutes = ['/quotations', '/invoices', '/sales-returns', '/invoice/:id'] as const;

export const salesQuantitySchema = wholeNumberInput(
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Quantity is required' : 'Quantity must be a whole number') })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(maxInt32, { error: `Quantity must be at most ${maxInt32}` }),
);

export const salesPriceSchema = decimalInput(
  z
    .string({ error: numberOrNumericString('Price') })
    .trim()
    .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: 'Price must be a number of at most 16 digits and 2 decimals, not negative' }),
);

export const discountPercentSchema = decimalInput(
  z
    .string({ error: numberOrNumericString('Discount') })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'Discount must be a percentage with at most 2 decimals' })
    .refine((v) => Number(v) <= 100, { error: 'Discount must be at most 100%' }),
);

/**
 * What a quotation, invoice or sales return list sums over its whole filter (issue 27): before
 * tax, the tax, and with tax, so a figure that counts one of them ("Sales today, before tax")
 * finds it on its list.
 */
export const salesListTotals: readonly ListTotalDeclaration[] = [
  { name: 'subtotal', label: 'Before tax', kind: 'decimal' },
  { name: 'taxAmount', label: 'Tax', kind: 'decimal' },
  { name: 'grandTotal', label: 'With tax', kind: 'decimal' },
];
