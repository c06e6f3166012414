import type { BalanceSheet, JournalDetail, JournalLineRow, JournalRow, LedgerResponse, ListResponse, ProfitAndLoss, TrialBalance } from '@erp/domain';
import { downloadFile, listQueryParams, type ListParams } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export type { JournalDetail, JournalLineRow, JournalRow };

export interface JournalBody {
  journalDate: string;
  narration: string;
  lines: { accountId: number; debit: string; credit: string; memo: string }[];
}

export const accountingKeys = {
  journals: ['journals'] as const,
  journalList: (params: ListParams) => ['journals', 'list', params] as const,
  journal: (id: number) => ['journals', 'one', id] as const,
  ledger: ['ledger'] as const,
  ledgerOf: (accountId: number, from?: string, to?: string) => ['ledger', accountId, from ?? '', to ?? ''] as const,
  statements: ['statements'] as const,
  statement: (name: string, query: Record<string, string | undefined>) => ['statements', name, query] as const,
  periodClose: ['statements', 'period-close'] as const,
};

export async function fetchJournals(params: ListParams): Promise<ListResponse<JournalRow>> {
  const { data } = await http.get<ListResponse<JournalRow>>('/api/journals', { params: listQueryParams(params) });
  return data;
}

export async function fetchJournal(id: number): Promise<JournalDetail> {
  const { data } = await http.get<{ data: JournalDetail }>(`/api/journals/${id}`);
  return data.data;
}

interface SavedJournal {
  message: string;
  data: JournalDetail;
}

/** Saves a new journal; with `post`, saves and posts it in one transaction (a refusal stores nothing). */
export async function createJournal(body: JournalBody, post = false): Promise<SavedJournal> {
  const { data } = await http.post<SavedJournal>('/api/journals', { ...body, ...(post ? { post } : {}) });
  return data;
}

/** Replaces a draft; with `post`, replaces and posts it in one transaction. */
export async function updateJournal(id: number, body: JournalBody, post = false): Promise<SavedJournal> {
  const { data } = await http.put<SavedJournal>(`/api/journals/${id}`, { ...body, ...(post ? { post } : {}) });
  return data;
}

export async function deleteJournal(id: number): Promise<string> {
  const { data } = await http.delete<{ message: string }>(`/api/journals/${id}`);
  return data.message;
}

export async function cancelJournal(id: number): Promise<{ message: string; data?: JournalDetail }> {
  const { data } = await http.post<{ message: string; data?: JournalDetail }>(`/api/journals/${id}/cancel`);
  return data;
}

export interface LedgerQuery {
  from?: string;
  to?: string;
  after?: string;
  pageSize?: number;
}

export async function fetchLedger(accountId: number, query: LedgerQuery): Promise<LedgerResponse> {
  const { data } = await http.get<LedgerResponse>(`/api/ledger/${accountId}`, { params: query });
  return data;
}

export function downloadLedger(accountId: number, format: 'csv' | 'xlsx', from?: string, to?: string): Promise<void> {
  return downloadFile(`/api/ledger/${accountId}/export`, { format, from, to }, `ledger-${accountId}.${format}`);
}

export type { TrialBalance as TrialBalanceResponse };

export type { ProfitAndLoss as ProfitAndLossResponse };

export type { BalanceSheet as BalanceSheetResponse };

export async function fetchStatement<T>(name: 'trial-balance' | 'profit-and-loss' | 'balance-sheet', query: Record<string, string | undefined>): Promise<T> {
  const { data } = await http.get<T>(`/api/accounting/${name}`, { params: query });
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

/** Where a ledger row's document opens. Later modules add their document types here. */
export function documentPath(documentType: string, documentId: number): string | undefined {
  if (documentType === 'journal' || documentType === 'journals') return `/journals/${documentId}`;
  return undefined;
}
