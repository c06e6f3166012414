import type { BalanceSheet, DataTime, JournalDetail, JournalLineRow, JournalRow, LedgerResponse, ProfitAndLoss, TrialBalance, YearEndCloses } from '@erp/domain';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export type { JournalDetail, JournalLineRow, JournalRow };

export interface JournalBody {
  journalDate: string;
  narration: string;
  lines: { accountId: number; debit: string; credit: string; memo: string; currency?: string | null; exchangeRate?: string | null; foreignDebit?: string | null; foreignCredit?: string | null }[];
}

export const accountingKeys = {
  // Journals are a document: components/document/document-api.ts (documentKeys) reads and writes them.
  ledger: ['ledger'] as const,
  ledgerOf: (accountId: number, from?: string, to?: string, dimension: LedgerDimension = {}) =>
    ['ledger', accountId, from ?? '', to ?? '', dimension.departmentId ?? '', dimension.regionId ?? ''] as const,
  statements: ['statements'] as const,
  statement: (name: string, query: Record<string, string | undefined>) => ['statements', name, query] as const,
  periodClose: ['statements', 'period-close'] as const,
  yearEndClose: ['statements', 'year-end-close'] as const,
};

/** The department or region a ledger is narrowed to (ids as the address holds them). */
export interface LedgerDimension {
  departmentId?: string | undefined;
  regionId?: string | undefined;
}

export interface LedgerQuery extends LedgerDimension {
  from?: string;
  to?: string;
  after?: string;
  pageSize?: number;
}

export async function fetchLedger(accountId: number, query: LedgerQuery): Promise<LedgerResponse & DataTime> {
  const { data } = await http.get<LedgerResponse & DataTime>(`/api/ledger/${accountId}`, { params: query });
  return data;
}

export function downloadLedger(accountId: number, format: 'csv' | 'xlsx', from?: string, to?: string, dimension: LedgerDimension = {}): Promise<void> {
  return downloadFile(`/api/ledger/${accountId}/export`, { format, from, to, ...dimension }, `ledger-${accountId}.${format}`);
}

export type { TrialBalance as TrialBalanceResponse };

export type { ProfitAndLoss as ProfitAndLossResponse };

export type { BalanceSheet as BalanceSheetResponse };

export async function fetchStatement<T>(name: 'trial-balance' | 'profit-and-loss' | 'profit-and-loss/by-department' | 'balance-sheet', query: Record<string, string | undefined>): Promise<T & DataTime> {
  const { data } = await http.get<T & DataTime>(`/api/accounting/${name}`, { params: query });
  return data;
}

export async function fetchPeriodClose(): Promise<string | null> {
  const { data } = await http.get<{ closedThrough: string | null }>('/api/accounting/period-close');
  return data.closedThrough;
}

export async function savePeriodClose(closedThrough: string): Promise<string> {
  const { data } = await http.post<{ message: string }>('/api/accounting/period-close', { closedThrough });
  return data.message;
}

/** The admin's own action (issue 17): the books closed through an earlier day, or null for none. */
export async function reopenPeriods(closedThrough: string | null): Promise<string> {
  const { data } = await http.post<{ message: string }>('/api/accounting/period-reopen', { closedThrough });
  return data.message;
}


/** Issue 27: the closed fiscal years, the month they start in and the last one ended. */
export async function fetchYearEndCloses(): Promise<YearEndCloses> {
  const { data } = await http.get<YearEndCloses>('/api/accounting/year-end-close');
  return data;
}

/** The admin posts a fiscal year's closing journal (every period of it closed first). */
export async function closeFiscalYear(fiscalYear: number): Promise<string> {
  const { data } = await http.post<{ message: string }>('/api/accounting/year-end-close', { fiscalYear });
  return data.message;
}
