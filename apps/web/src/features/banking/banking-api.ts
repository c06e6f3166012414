import type { BankStatementLine, BankSuggestion, CreateFromLineInput } from '@erp/domain';
import { http } from '../../lib/http.ts';

export async function autoMatch(statementId: number): Promise<{ message: string; matched: number; suggested: number; unmatched: number }> {
  const { data } = await http.post(`/api/bank-statements/${statementId}/auto-match`);
  return data;
}

export async function fetchSuggestions(lineId: number): Promise<BankSuggestion[]> {
  const { data } = await http.get<{ data: BankSuggestion[] }>(`/api/bank-statement-lines/${lineId}/suggestions`);
  return data.data;
}

export async function matchLine(lineId: number, entries: ({ entryId: number } | { chequeId: number })[]): Promise<BankStatementLine> {
  const { data } = await http.post<{ data: BankStatementLine }>(`/api/bank-statement-lines/${lineId}/match`, { entries });
  return data.data;
}

export async function unmatchLine(lineId: number): Promise<BankStatementLine> {
  const { data } = await http.post<{ data: BankStatementLine }>(`/api/bank-statement-lines/${lineId}/unmatch`);
  return data.data;
}

export async function createFromLine(lineId: number, body: CreateFromLineInput): Promise<{ message: string; document: { documentNumber: string } }> {
  const { data } = await http.post(`/api/bank-statement-lines/${lineId}/create`, body);
  return data;
}
