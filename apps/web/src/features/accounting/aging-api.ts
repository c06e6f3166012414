import type { AgingBucket, DataTime, AgingDocument, AgingKind, AgingReport } from '@erp/domain';
import { http } from '../../lib/http.ts';

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

export async function fetchAging(query: AgingQuery): Promise<AgingReport & DataTime> {
  const { data } = await http.get<AgingReport & DataTime>('/api/accounting/aging', { params: query });
  return data;
}

export async function fetchAgingDocuments(cell: AgingCell): Promise<AgingDocument[]> {
  const { data } = await http.get<{ rows: AgingDocument[] }>('/api/accounting/aging/documents', { params: cell });
  return data.rows;
}
