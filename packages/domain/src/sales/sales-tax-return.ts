import { z } from 'zod';
import { reportPageQuery } from '../reports/report-page.ts';
import type { SaleType } from '../inventory/inventory.area.ts';
import { maxYear, minYear } from '../resource/declaration.ts';
import type { RegistrationType } from './customers.ts';

/**
 * The monthly sales tax return's sales annex (issue 29, section 8: Annexure-C of the Sales Tax
 * Act's return): every posted invoice of goods (kind `sale`; rental invoices are services,
 * taxed by the provinces) and sales return of the month, one row per document and HS code,
 * sale type and rate, as its lines were taxed; a return in its own month, negative. A document
 * posted and cancelled in the same month is left out; one cancelled in a later month is
 * negated there (the ledger's mirror rows), so the month's rows add up to what the month's
 * ledger holds on Sales tax payable and Further tax payable.
 */

/** `YYYY-MM`: a month of the years the application accepts. */
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const salesTaxReturnMessages = {
  monthRequired: 'Month is required',
  month: 'Month must be a month (YYYY-MM)',
} as const;

export const salesTaxReturnQuerySchema = z.object({
  month: z
    .string({ error: salesTaxReturnMessages.monthRequired })
    .regex(monthPattern, { error: salesTaxReturnMessages.month })
    .refine((value) => Number(value.slice(0, 4)) >= minYear && Number(value.slice(0, 4)) <= maxYear, { error: salesTaxReturnMessages.month })
    .describe('The month of the return, YYYY-MM'),
  ...reportPageQuery,
});
export type SalesTaxReturnQuery = z.infer<typeof salesTaxReturnQuerySchema>;

/** The documents the annex lists: an invoice (a sale), or a sales return (a credit note). */
export const salesTaxReturnDocumentTypes = ['invoice', 'salesReturn'] as const;
export type SalesTaxReturnDocumentType = (typeof salesTaxReturnDocumentTypes)[number];

/** The money of a row, a summary row or the totals: decimal strings, two decimals, negative for a return or a cancellation. */
export interface SalesTaxReturnFigures {
  /** Value excluding sales tax (the lines' amounts after discount). */
  amount: string;
  taxAmount: string;
  furtherTaxAmount: string;
}

/** One document's lines of one HS code, sale type and rate (and the schedule they name). */
export interface SalesTaxReturnRow extends SalesTaxReturnFigures {
  documentType: SalesTaxReturnDocumentType;
  documentId: number;
  documentNumber: string;
  /** The document's date; for a cancellation of a document of an earlier month, the day it was cancelled. */
  documentDate: string;
  customerId: number;
  buyerName: string;
  /** The buyer's NTN, else its CNIC, else null. */
  buyerNtnCnic: string | null;
  /** As the invoice recorded it when written (a return: its invoice's). */
  buyerRegistrationType: RegistrationType;
  /** The customer's province (null when not recorded). */
  buyerProvince: string | null;
  hsCode: string | null;
  saleType: SaleType;
  /** `18.00`. */
  taxRate: string;
  /** `18%`, `5%`, `Exempt`. */
  rateLabel: string;
  sroScheduleNo: string;
  sroItemSerialNo: string;
}

/** The rows summed per buyer registration, sale type and rate. */
export interface SalesTaxReturnSummaryRow extends SalesTaxReturnFigures {
  buyerRegistrationType: RegistrationType;
  saleType: SaleType;
  taxRate: string;
  rateLabel: string;
}

/** The answer of GET /api/accounting/sales-tax-return (beside status and message). */
export interface SalesTaxReturn {
  month: string;
  /** The page of rows asked for (all of them in the export), by date then number. */
  rows: SalesTaxReturnRow[];
  /** How many rows the month has; `summary` and `totals` count them all. */
  total: number;
  page: number;
  pageSize: number;
  summary: SalesTaxReturnSummaryRow[];
  totals: SalesTaxReturnFigures;
  /** The month's credits less debits of invoices and sales returns on Sales tax payable and Further tax payable. */
  gl: { taxAmount: string; furtherTaxAmount: string };
  /** (totals.taxAmount + totals.furtherTaxAmount) - (gl.taxAmount + gl.furtherTaxAmount): `0.00` when the documents and the ledger agree. */
  difference: string;
}
