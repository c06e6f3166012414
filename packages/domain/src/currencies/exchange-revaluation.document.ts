import { defineDocument } from '../document/define-document.ts';
import { currencyCodeSchema, exchangeRateScale, exchangeRateSchema } from './currencies.ts';

/**
 * A month-end exchange revaluation (issue 33, section 2): what the company owes foreign vendors
 * (their open bills), what it has paid them ahead (their open advances) and what its foreign
 * cash and bank accounts hold, on `revaluationDate`, at that date's rates (or the rates given):
 * each difference to what the books carry goes to unrealised exchange gain or loss, and is
 * reversed the next day, so a later payment still settles at the bills' own rates. Company-wide:
 * users of every region only.
 */
export const exchangeRevaluationDocument = defineDocument({
  name: 'exchange-revaluations',
  route: '/accounting',
  title: 'Exchange revaluations',
  singular: 'exchange revaluation',
  numberPrefix: 'FXR',
  dateField: 'revaluationDate',
  fields: [{ name: 'revaluationDate', label: 'Revaluation date', kind: 'date', required: true }],
  // The rates the user gives instead of the date's own; a currency left out takes the date's rate.
  lines: {
    key: 'rates',
    optional: true,
    fields: [
      { name: 'currency', label: 'Currency', kind: 'text', maxLength: 3, required: true, picks: { resource: 'currencies', key: 'code' }, schema: currencyCodeSchema() },
      { name: 'rate', label: 'Rate', kind: 'decimal', scale: exchangeRateScale, required: true, schema: exchangeRateSchema() },
    ],
    min: 0,
    max: 50,
  },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: {
      from: ['draft'],
      to: 'posted',
      stamp: 'posted',
      numbers: true,
      label: 'Post',
      done: 'Exchange revaluation posted',
      confirm: 'Post this revaluation? Its differences go to unrealised exchange gain or loss, reversed the next day.',
    },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'exchange-revaluations:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Exchange revaluation cancelled',
      confirm: 'Cancel this revaluation? Its entries and their reversal are both taken back, each on its own date.',
    },
  },
});

export interface ExchangeRevaluationRateInput {
  currency: string;
  rate: string;
}

export interface ExchangeRevaluationInput {
  revaluationDate: string;
  rates?: ExchangeRevaluationRateInput[];
}

/**
 * What a row revalues: a vendor's bill (a goods receipt, or an import shipment's charge: its id, the
 * number `IMP-YYYY-NNNNNN/charge`), a vendor's advance (a payment), or a foreign cash or bank
 * account's balance.
 */
export const revaluationRowTypes = ['goods-receipts', 'import-shipment-charges', 'payments', 'accounts'] as const;
export type RevaluationRowType = (typeof revaluationRowTypes)[number];

/**
 * One open item at the revaluation date: its foreign amount open, what the books carry it at (company
 * currency), the rate, what it is worth at that rate and the difference: gain (+) or loss (-) to the
 * company (a bill, a liability: carrying - revalued; an advance or a balance, assets: revalued - carrying).
 */
export interface ExchangeRevaluationRow {
  rowNo: number;
  /** The vendor of a bill or an advance; null for an account's balance. */
  vendorId: number | null;
  vendorName: string | null;
  /** The account the difference is posted to: the vendor's payable account, or the cash or bank account. */
  accountId: number;
  accountName: string;
  documentType: RevaluationRowType;
  documentId: number;
  /** The bill's or the payment's number; the account's code for a balance. */
  documentNumber: string;
  currency: string;
  openForeign: string;
  carryingAmount: string;
  rate: string;
  revaluedAmount: string;
  difference: string;
}

export type ExchangeRevaluationDetail = {
  id: number;
  documentNumber: string | null;
  status: (typeof exchangeRevaluationDocument.states)[number];
  revaluationDate: string;
  /** The day the reversal is dated: the revaluation date's next day. */
  reversalDate: string;
  rates: Array<ExchangeRevaluationRateInput & { lineNo: number }>;
  /** As the last save computed them (a draft) or the posting did (posted, cancelled). */
  rows: ExchangeRevaluationRow[];
  /** Per currency, the rate the rows took and where from (`given` in the body, else the date's stored rate). */
  appliedRates: Array<{ currency: string; rate: string; source: 'given' | 'stored'; rateDate: string }>;
  totals: { difference: string; gain: string; loss: string; rows: number };
  /**
   * The ledger documents the posting and its reversal are filed under: the revaluation's own
   * (document type `exchange-revaluations`, this id), the reversal's rows dated `reversalDate`;
   * null until posted (docs/decisions/currencies.md, "Revaluations post as their own ledger document").
   */
  journalId: number | null;
  reversalJournalId: number | null;
  postedAt: string | Date | null;
  postedBy: number | null;
  cancelledAt: string | Date | null;
  cancelledBy: number | null;
  createdBy: number | null;
  createdAt: string | Date;
  updatedAt: string | Date;
};

export const revaluationMessages = {
  /** Another revaluation, draft or posted, holds the date. */
  dateTaken: (date: string, number: string | null) => `The revaluation of ${date} already exists (${number ?? 'a draft'}); change or cancel it instead`,
  givenTwice: (currency: string) => `${currency} is given twice`,
  companyRate: (currency: string) => `${currency} is the company currency; it is not revalued`,
  /** A user limited to regions: the revaluation is company-wide. */
  everyRegion: 'Only a user of every region revalues: a revaluation covers every region',
} as const;
