import type { JournalStatus } from './journal.document.ts';
import type { StatementLine, TrialBalanceRow } from './ledger.ts';

/**
 * What the accounting API answers (docs/api/accounting.md). `Time` is a Date on the server
 * and an ISO string once it has crossed the wire.
 */
export type JournalRow<Time = string> = {
  id: number;
  journalNumber: string | null;
  journalDate: string;
  narration: string;
  status: JournalStatus;
  totalDebit: string;
  totalCredit: string;
  postedAt: Time | null;
  postedBy: number | null;
  postedByName: string | null;
  cancelledAt: Time | null;
  cancelledBy: number | null;
  reversalJournalId: number | null;
  reversesJournalId: number | null;
  createdBy: number | null;
  createdAt: Time;
  updatedAt: Time;
};

export interface JournalLineRow {
  lineNo: number;
  accountId: number;
  account: { id: number; accountCode: string; accountName: string };
  debit: string;
  credit: string;
  memo: string;
  /** Stamps the line's ledger row carries (issue 21); null when the line names none. */
  jointVentureId?: number | null;
  rentalAgreementId?: number | null;
  /** Issue 33: the line's figures in the account's foreign currency; null when it gives none. */
  currency?: string | null;
  exchangeRate?: string | null;
  foreignDebit?: string | null;
  foreignCredit?: string | null;
}

export type JournalDetail<Time = string> = JournalRow<Time> & { lines: JournalLineRow[] };

export interface TrialBalance {
  from: string;
  to: string;
  rows: TrialBalanceRow[];
  totals: { opening: string; debit: string; credit: string; closing: string };
}

export interface ProfitAndLoss {
  from: string;
  to: string;
  income: StatementLine[];
  expenses: StatementLine[];
  totalIncome: string;
  totalExpenses: string;
  profit: string;
}

/**
 * The P&L with a column per department (issue 20): `departments` are the columns' ids in order,
 * then the entries of no department, then the total; each row's `amounts` follow that order.
 */
export interface ProfitAndLossByDepartment {
  from: string;
  to: string;
  departments: number[];
  rows: Array<{ accountId: number; accountCode: string; accountName: string; headType: 'income' | 'expense'; amounts: string[] }>;
  totalIncome: string[];
  totalExpenses: string[];
  profit: string[];
}

export interface BalanceSheet {
  to: string;
  fiscalYearFrom: string;
  assets: StatementLine[];
  liabilities: StatementLine[];
  equity: StatementLine[];
  totalAssets: string;
  totalLiabilities: string;
  totalEquity: string;
  totalLiabilitiesAndEquity: string;
  profit: string;
}
