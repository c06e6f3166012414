import { jointVentureDocument } from '@erp/domain';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export interface StatementSegment {
  from: string;
  to: string;
  partnerPercent: string;
  revenue: string;
  returns: string;
  costOfSales: string;
  expenses: string;
  fees: string;
  profit: string;
  partnerShare: string;
}

export interface VentureStatement {
  jointVentureId: number;
  ventureName: string;
  partnerName: string | null;
  from: string;
  to: string;
  revenue: string;
  returns: string;
  costOfSales: string;
  expenses: string;
  fees: string;
  profit: string;
  adjustments: string;
  lossBroughtForward: string;
  partnerShare: string;
  companyShare: string;
  carriedLoss: string;
  settled: string;
  due: string;
  hash: string;
  settlement: { id: number; documentNumber: string; statementHash: string } | null;
  segments: StatementSegment[];
}

export interface CapitalStatement {
  opening: string;
  closing: string;
  ledgerBalance: string;
  rows: { date: string; documentType: string; documentId: number; documentNumber: string; narration: string; debit: string; credit: string; balance: string }[];
}

export const ventureKeys = {
  statement: (id: number, from: string, to: string) => [jointVentureDocument.name, 'statement', id, from, to] as const,
  capital: (id: number, from: string, to: string) => [jointVentureDocument.name, 'capital', id, from, to] as const,
};

export async function fetchStatement(id: number, from: string, to: string): Promise<VentureStatement> {
  const { data } = await http.get<VentureStatement>(`/api/joint-ventures/${id}/statement`, { params: { from, to } });
  return data;
}

export const downloadStatementPdf = (id: number, from: string, to: string) => downloadFile(`/api/joint-ventures/${id}/statement/pdf`, { from, to }, `venture-${id}-${from}-${to}.pdf`);

export async function fetchCapital(id: number, from: string, to: string): Promise<CapitalStatement> {
  const { data } = await http.get<CapitalStatement>(`/api/joint-ventures/${id}/capital`, { params: { from, to } });
  return data;
}

export async function contributeCapital(id: number, body: { date: string; amount: string; accountId: number }): Promise<string> {
  const { data } = await http.post<{ message: string }>(`/api/joint-ventures/${id}/contributions`, body);
  return data.message;
}

/** A settlement of the period: the draft, then its posting (Settle). */
export async function settlePeriod(jointVentureId: number, from: string, to: string): Promise<{ message: string; documentNumber: string }> {
  const draft = await http.post<{ data: { id: number } }>('/api/jv-settlements', { jointVentureId, from, to });
  const posted = await http.post<{ message: string; data: { documentNumber: string } }>(`/api/jv-settlements/${draft.data.data.id}/post`);
  return { message: posted.data.message, documentNumber: posted.data.data.documentNumber };
}

/** A stored percentage (`40.0000`) as people write it: `40`, `12.5`. */
export const percentText = (value: string | null | undefined) => (!value ? '' : value.includes('.') ? value.replace(/\.?0+$/, '') : value);
