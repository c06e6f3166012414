/** One general-ledger entry as an account's ledger shows it, with the running balance after it. */
export interface LedgerRow {
  entryId: number;
  entryDate: string;
  documentType: string;
  documentId: number;
  documentNumber: string;
  narration: string;
  memo: string;
  debit: string;
  credit: string;
  /** Signed: positive Dr, negative Cr (formatBalance shows it). */
  balance: string;
  /** On a control account's ledger (receivables, payables), the customer's or vendor's account the row is on. */
  account?: { id: number; accountCode: string; accountName: string };
  /** Issue 33: a foreign-currency line's currency, rate and amounts; null in the company currency. */
  currency: string | null;
  exchangeRate: string | null;
  foreignDebit: string | null;
  foreignCredit: string | null;
}

export interface LedgerResponse {
  status: number;
  message: string;
  account: { id: number; accountCode: string; accountName: string; headType: string; currency: string };
  from: string;
  to: string;
  openingBalance: string;
  rows: LedgerRow[];
  /** Totals of the whole range, not only this page. */
  totals: { debit: string; credit: string; count: number };
  closingBalance: string;
  /** Issue 33: an account kept in a foreign currency, its balances in that currency (Dr +, Cr -); absent otherwise. */
  foreignOpening?: string;
  foreignClosing?: string;
  /** Pass back as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface TrialBalanceRow {
  accountId: number;
  accountCode: string;
  accountName: string;
  headType: string;
  headName: string;
  subHeadName: string | null;
  opening: string;
  debit: string;
  credit: string;
  closing: string;
}

export interface StatementLine {
  label: string;
  accountId?: number;
  amount: string;
  children?: StatementLine[];
}

/** Where each statement drills down to: the account's ledger for the same period. */
export function ledgerPath(accountId: number, from?: string, to?: string, dimension: { departmentId?: string | undefined; regionId?: string | undefined } = {}): string {
  // A statement narrowed to a department or region opens its accounts' ledgers narrowed alike, so the figures agree.
  const query = [from ? `from=${from}` : '', to ? `to=${to}` : '', dimension.departmentId ? `departmentId=${dimension.departmentId}` : '', dimension.regionId ? `regionId=${dimension.regionId}` : '']
    .filter(Boolean)
    .join('&');
  return `/ledger/${accountId}${query ? `?${query}` : ''}`;
}

/** The fiscal year holding a date, given the month it starts in (settings). */
export function fiscalYearOf(date: Date, startMonth: number): { from: string; to: string } {
  const month = date.getUTCMonth() + 1;
  const startYear = month >= startMonth ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  const from = `${startYear}-${pad(startMonth)}-01`;
  const end = new Date(Date.UTC(startYear + 1, startMonth - 1, 0));
  return { from, to: `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}` };
}
