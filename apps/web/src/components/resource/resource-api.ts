import type { GenericOption, ListResponse, OptionsResponse } from '@erp/domain';
import { AxiosError } from 'axios';
import { errorMessage, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

/** A row as the API sends it: `{id, <fields>, createdAt, updatedAt}` plus nested references. */
export type ResourceRow = { id: number; createdAt?: string; updatedAt?: string } & Record<string, unknown>;

export interface ListParams {
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  filters?: Record<string, unknown>;
}

export function listQueryParams({ filters, ...rest }: ListParams): Record<string, unknown> {
  const params: Record<string, unknown> = { ...rest };
  if (!params.search) delete params.search;
  if (!params.sort) {
    delete params.sort;
    delete params.order;
  }
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (value !== undefined && value !== null && value !== '') params[key] = value;
  }
  return params;
}

export const resourceKeys = {
  all: (resource: string) => ['resource', resource] as const,
  list: (resource: string, params: ListParams) => ['resource', resource, 'list', params] as const,
  /** Without params: the prefix of every options query of the resource, for invalidation. */
  options: (resource: string, params?: OptionsParams) => (params ? (['options', resource, params] as const) : (['options', resource] as const)),
};

export async function fetchList(resource: string, params: ListParams): Promise<ListResponse<ResourceRow>> {
  const { data } = await http.get<ListResponse<ResourceRow>>(`/api/${resource}`, { params: listQueryParams(params) });
  return data;
}

export async function createRow(resource: string, values: unknown): Promise<ResourceRow> {
  const { data } = await http.post<{ data: ResourceRow }>(`/api/${resource}`, values);
  return data.data;
}

export async function updateRow(resource: string, id: number, values: unknown): Promise<ResourceRow> {
  const { data } = await http.put<{ data: ResourceRow }>(`/api/${resource}/${id}`, values);
  return data.data;
}

export async function deleteRow(resource: string, id: number): Promise<string> {
  const { data } = await http.delete<{ message: string }>(`/api/${resource}/${id}`);
  return data.message;
}

/** Server-side search, and the ids of the current value so its label always resolves. */
export interface OptionsParams {
  search?: string;
  ids?: number[];
  /** 0 fetches only the options named in `ids`. */
  limit?: number;
  /** A resource's own options filters (inventory: `purpose`, `itemId`, `regionId`). */
  filters?: Record<string, string | number>;
}

export interface OptionsPage {
  options: GenericOption[];
  hasMore: boolean;
}

/** What an options call comes to (spec section 7): options, or a warning / error to show. */
export type OptionsOutcome =
  | { kind: 'options'; options: GenericOption[]; hasMore: boolean }
  | { kind: 'warning'; message: string }
  | { kind: 'error'; message: string };

export function optionsOutcomeOf(result: { status: number; body?: Partial<OptionsResponse<GenericOption>> } | { error: unknown }): OptionsOutcome {
  if ('error' in result) {
    const error = result.error;
    const status = error instanceof AxiosError ? error.response?.status : undefined;
    if (status === 404) return { kind: 'warning', message: errorMessage(error) };
    return { kind: 'error', message: errorMessage(error) };
  }
  const status = result.body?.status ?? result.status;
  if (status === 200) return { kind: 'options', options: result.body?.options ?? [], hasMore: result.body?.hasMore ?? false };
  if (status === 404) return { kind: 'warning', message: result.body?.message ?? '' };
  return { kind: 'error', message: result.body?.message ?? '' };
}

/** GET /api/<resource>/options; 404 warns, any other failure errors, both with the server's message. */
export async function fetchOptions(resource: string, params: OptionsParams = {}): Promise<OptionsPage> {
  let outcome: OptionsOutcome;
  const query = {
    ...(params.search ? { search: params.search } : {}),
    ...(params.ids?.length ? { ids: params.ids } : {}),
    ...(params.limit !== undefined ? { limit: params.limit } : {}),
    ...params.filters,
  };
  try {
    const response = await http.get<OptionsResponse<GenericOption>>(`/api/${resource}/options`, Object.keys(query).length ? { params: query } : undefined);
    outcome = optionsOutcomeOf({ status: response.status, body: response.data });
  } catch (error) {
    outcome = optionsOutcomeOf({ error });
  }
  if (outcome.kind === 'options') return { options: outcome.options, hasMore: outcome.hasMore };
  if (outcome.kind === 'warning') notify.warning(outcome.message, `options-${resource}`);
  else notify.error(outcome.message, `options-${resource}`);
  return { options: [], hasMore: false };
}

/** Downloads GET /api/<resource>/export with the list's query, through the authenticated client. */
export async function downloadExport(resource: string, format: 'csv' | 'xlsx', params: ListParams): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...query } = params;
  await downloadFile(
    `/api/${resource}/export`,
    { ...listQueryParams({ ...query, page: 1, pageSize: 1 }), page: undefined, pageSize: undefined, format },
    `${resource.replaceAll('/', '-')}.${format}`,
  );
}

/** GET a file through the authenticated client and save it under the server's file name. */
export async function downloadFile(url: string, params: Record<string, unknown>, fallbackName: string): Promise<void> {
  try {
    const response = await http.get<Blob>(url, { params, responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
    const fileName = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
    const objectUrl = URL.createObjectURL(response.data);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  } catch (error) {
    // A blob response hides the JSON error body; read it so the catalogue sees the message.
    if (error instanceof AxiosError && error.response?.data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await error.response.data.text()) as unknown;
      } catch {
        error.response.data = undefined;
      }
    }
    throw error;
  }
}
