import {
  isDecimalString,
  lineMoney,
  type LineMoney,
  type LineTaxPreview,
  quotationDocument,
  type QuotationDetail,
  type QuotationInput,
  quotationMessages,
  type SaleTaxFacts,
} from '@erp/domain';
import { problemsOfIssues } from '../../../components/document/form-problems.ts';
import { saleFactsFor } from '../shared/line-tax-api.ts';
import { previewTotals } from '../shared/tax-totals.ts';

/** A line as the form holds it: price and discount are InputNumber strings (stringMode), or empty. */
export interface QuotationLineValues {
  itemId?: number | null;
  quantity?: number | null;
  price?: string | null;
  discountPercent?: string | null;
}

export interface QuotationFormValues {
  customerId?: number | null;
  /** The customer's region (from its option): the price list's prices are asked for it. Not sent. */
  regionId?: number | null;
  quotationDate?: string | null;
  validUntil?: string | null;
  terms?: string | null;
  lines?: (QuotationLineValues | undefined)[];
}

export const emptyQuotationLine = (): QuotationLineValues => ({ itemId: undefined, quantity: null, price: null, discountPercent: null });

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** A discount the money helpers take: empty is none; anything malformed or over 100% is no amount yet. */
function discountOf(line: QuotationLineValues | undefined): string | undefined {
  const discount = text(line?.discountPercent);
  if (discount === '') return '0';
  return isDecimalString(discount, 2, 3) && Number(discount) <= 100 ? discount : undefined;
}

/**
 * A line's money as the server will compute it (the domain's lineMoney): undefined while the
 * quantity, price or discount is missing or malformed (a line without a price is priced from
 * the price list by the server).
 */
export function quotationLineMoney(line: QuotationLineValues | undefined, facts: SaleTaxFacts): LineMoney | undefined {
  const quantity = line?.quantity;
  const price = text(line?.price);
  const discountPercent = discountOf(line);
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || !isDecimalString(price, 2) || discountPercent === undefined) return undefined;
  return lineMoney({ itemId: line?.itemId, quantity, price, discountPercent }, facts);
}

/**
 * The totals as the user types: the lines whose money can be computed, each taxed by its
 * item's facts in the preview, else by the settings' rate.
 */
export function quotationTotals(lines: readonly (QuotationLineValues | undefined)[] | undefined, taxRate: string, preview?: LineTaxPreview) {
  const taxed = (lines ?? []).flatMap((line) => {
    const facts = saleFactsFor(preview, line?.itemId, taxRate);
    const money = quotationLineMoney(line, facts);
    return money ? [{ money, facts }] : [];
  });
  return previewTotals(taxed, taxRate);
}

const optional = (value: string | null | undefined) => (text(value) === '' ? undefined : text(value));

/** Form values -> request body (QuotationInput); missing values stay missing, so the schema names them. */
export function quotationBodyOf(values: QuotationFormValues): QuotationInput {
  return {
    customerId: values.customerId ?? (undefined as unknown as number),
    quotationDate: values.quotationDate ?? (undefined as unknown as string),
    validUntil: values.validUntil ?? (undefined as unknown as string),
    terms: text(values.terms),
    lines: (values.lines ?? []).map((line) => ({
      itemId: line?.itemId ?? (undefined as unknown as number),
      quantity: line?.quantity ?? (undefined as unknown as number),
      ...(optional(line?.price) === undefined ? {} : { price: optional(line?.price) }),
      ...(optional(line?.discountPercent) === undefined ? {} : { discountPercent: optional(line?.discountPercent) }),
    })),
  };
}

export function quotationFormValuesOf(quotation: QuotationDetail): QuotationFormValues {
  return {
    customerId: quotation.customerId,
    regionId: quotation.regionId,
    quotationDate: quotation.quotationDate,
    validUntil: quotation.validUntil,
    terms: quotation.terms,
    lines: quotation.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity, price: line.price, discountPercent: line.discountPercent })),
  };
}

/**
 * What the server would refuse before sending, by field path: the declaration's input schema
 * and the validity after the date. The rest (an unapproved item, a customer of another region)
 * comes back as the server's 400 on the same paths.
 */
export function quotationFormProblems(values: QuotationFormValues): Record<string, string> {
  const body = quotationBodyOf(values);
  const parsed = quotationDocument.inputSchema.safeParse(body);
  const problems = parsed.success ? {} : problemsOfIssues(parsed.error.issues);
  if (!problems.validUntil && body.quotationDate && body.validUntil && body.validUntil < body.quotationDate) problems.validUntil = quotationMessages.validBeforeDate;
  return problems;
}
