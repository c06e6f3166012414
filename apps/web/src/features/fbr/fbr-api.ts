import type { FbrResolveInput, FbrSubmissionDetail, FbrSubmissionRow, FbrSubmissionStatus } from '@erp/domain';
import { isAxiosError } from 'axios';
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

export const fbrLogoKey = ['fbr-logo'] as const;

/** The FBR Digital Invoicing logo the admin uploaded, as a data URL (it prints with the page), or null when there is none. */
export async function fetchFbrLogo(): Promise<string | null> {
  let response;
  try {
    response = await http.get<Blob>('/api/fbr/settings/logo', { responseType: 'blob' });
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return null;
    throw error;
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The FBR logo could not be read'));
    reader.readAsDataURL(response.data);
  });
}
