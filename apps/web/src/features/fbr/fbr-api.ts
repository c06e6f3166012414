import type { FbrResolveInput, FbrSubmissionDetail, FbrSubmissionRow, FbrSubmissionStatus } from '@erp/domain';
import { http } from '../../lib/http.ts';

export interface SubmissionsQuery {
  status?: FbrSubmissionStatus;
  awaiting?: boolean;
  search?: string;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface SubmissionsPage {
  data: FbrSubmissionRow[];
  total: number;
  counts: Record<FbrSubmissionStatus, number>;
}

export const fbrKeys = {
  all: ['fbr-submissions'] as const,
  list: (query: SubmissionsQuery) => ['fbr-submissions', 'list', query] as const,
  one: (id: number) => ['fbr-submissions', 'one', id] as const,
};

/** The query's parameters as the server reads them (no empty ones, awaiting only when asked). */
export const submissionsParams = (query: SubmissionsQuery) => ({
  status: query.status,
  awaiting: query.awaiting ? 'true' : undefined,
  search: query.search || undefined,
  sort: query.sort,
  order: query.order,
  page: query.page,
  pageSize: query.pageSize,
});

export async function fetchSubmissions(query: SubmissionsQuery): Promise<SubmissionsPage> {
  const { data } = await http.get<SubmissionsPage>('/api/fbr-submissions', { params: submissionsParams(query) });
  return data;
}

export async function fetchSubmission(id: number): Promise<FbrSubmissionDetail> {
  const { data } = await http.get<{ data: FbrSubmissionDetail }>(`/api/fbr-submissions/${id}`);
  return data.data;
}

export type SubmissionAction = 'resend' | 'release' | 'resolve';

/** POST /api/fbr-submissions/:id/<action>: answers the row as it now is, and the server's message. */
export async function actOnSubmission(id: number, action: SubmissionAction, body?: FbrResolveInput): Promise<{ message: string; data: FbrSubmissionDetail }> {
  const { data } = await http.post<{ message: string; data: FbrSubmissionDetail }>(`/api/fbr-submissions/${id}/${action}`, body ?? {});
  return data;
}
