/**
 * Aging buckets (issue 9, section 4): days past the due date as of a date. `current` is not
 * yet due (or due that day).
 */
export const agingBuckets = [
  { key: 'current', label: 'Current', from: Number.NEGATIVE_INFINITY, to: 0 },
  { key: 'days1to30', label: '1-30', from: 1, to: 30 },
  { key: 'days31to60', label: '31-60', from: 31, to: 60 },
  { key: 'days61to90', label: '61-90', from: 61, to: 90 },
  { key: 'over90', label: 'Over 90', from: 91, to: Number.POSITIVE_INFINITY },
] as const;
export type AgingBucket = (typeof agingBuckets)[number]['key'];

export const agingKinds = ['receivable', 'payable'] as const;
export type AgingKind = (typeof agingKinds)[number];

/** What one customer or vendor owes (or is owed) by age, as of the date. */
export type AgingFigures = Record<AgingBucket | 'total', string>;

// A type, not an interface: a row is also a generic export row (Record<string, unknown>).
export type AgingRow = AgingFigures & {
  partyId: number;
  partyName: string;
};

/** GET /api/accounting/aging; server and web share it. */
export interface AgingReport {
  kind: AgingKind;
  asOf: string;
  rows: AgingRow[];
  totals: AgingFigures;
}

/**
 * What an aging figure is made of (issue 17, section 5), so the aging adds up to the party
 * accounts' balance: open documents (invoices, goods receipts); advances, the unallocated part
 * of posted receipts or payments, as credits (negative); and journal rows, every other row on
 * the party's account (the balances brought forward, journals, an asset bought on credit) and
 * the account's own opening balance, each due on its date.
 */
export const agingItemKinds = ['document', 'advance', 'journal'] as const;
export type AgingItemKind = (typeof agingItemKinds)[number];

/** One item behind a figure of the aging (GET /api/accounting/aging/documents). */
export interface AgingDocument {
  /** The document's id (for an account's opening balance, the account's). */
  id: number;
  itemKind: AgingItemKind;
  /** invoices, goods-receipts, receipts, payments, accounts (an opening balance), or the general ledger's document type of a journal row. */
  documentType: string;
  documentNumber: string;
  date: string;
  dueDate: string;
  daysPastDue: number;
  bucket: AgingBucket;
  total: string;
  openAmount: string;
}
