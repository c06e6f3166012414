import type { AgingBucket, AgingKind } from '@erp/domain';
import { http } from '../../lib/http.ts';

/** What one customer or vendor owes (or is owed) by age, as of the date. */
export type AgingFigures = Record<AgingBucket | 'total', string>;

export interface AgingRow extends AgingFigures {
  partyId: number;
  partyName: string;
}

/** GET /api/accounting/aging (issue 9, section 4). */
export interface AgingReport {
  kind: AgingKind;
  asOf: string;
  rows: AgingRow[];
  totals: AgingFigures;
}

/** An open invoice or goods receipt behind a figure of the aging. */
export interface AgingDocument {
  id: number;
  documentType: 'invoices' | 'goods-receipts';
  documentNumber: string;
  date: string;
  dueDate: string;
  total: string;
  openAmount: string;
  daysPastDue: number;
  bucket: AgingBucket;
}

export interface AgingQuery {
  kind: AgingKind;
  asOf?: string;
}

/** A figure to drill into: one party, and one bucket or (none) its total. */
export interface AgingCell extends AgingQuery {
  partyId: number;
  bucket?: AgingBucket;
}

export const agingKeys = {
  report: (query: AgingQuery) => ['statements', 'aging', query] as const,
  documents: (cell: AgingCell) => ['statements', 'aging', 'documents', cell] as const,
};

export async function fetchAging(query: AgingQuery): Promise<AgingReport> {
  const { data } = await http.get<AgingReport>('/api/accounting/aging', { params: query });
  return data;
}

export async function fetchAgingDocuments(cell: AgingCell): Promise<AgingDocument[]> {
  const { data } = await http.get<{ rows: AgingDocument[] }>('/api/accounting/aging/documents', { params: cell });
  return data.rows;
}
