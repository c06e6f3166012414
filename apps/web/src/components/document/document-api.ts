import type { DocumentDefinition, ListResponse } from '@erp/domain';
import { http } from '../../lib/http.ts';
import { listQueryParams, type ListParams } from '../resource/resource-api.ts';

/** A document as the API answers it (docs/API.md, Documents). */
export type DocumentRecord = { id: number; status: string; documentNumber?: string | null; [key: string]: unknown };

export interface DocumentAnswer<Doc> {
  message: string;
  data: Doc;
}

/** Query keys per document type: `[name]` invalidates the list and every open document. */
export const documentKeys = {
  all: (name: string) => [name] as const,
  list: (name: string, params: ListParams) => [name, 'list', params] as const,
  one: (name: string, id: number) => [name, 'one', id] as const,
};

type Named = Pick<DocumentDefinition, 'name'>;

export async function fetchDocuments<Row>(definition: Named, params: ListParams): Promise<ListResponse<Row>> {
  const { data } = await http.get<ListResponse<Row>>(`/api/${definition.name}`, { params: listQueryParams(params) });
  return data;
}

export async function fetchDocument<Doc>(definition: Named, id: number): Promise<Doc> {
  const { data } = await http.get<{ data: Doc }>(`/api/${definition.name}/${id}`);
  return data.data;
}

/** Saves a draft (new without `id`); with `post`, saves and posts it in one transaction (a refusal stores nothing). */
export async function saveDocument<Doc>(definition: Named, body: object, options: { id?: number; post?: boolean } = {}): Promise<DocumentAnswer<Doc>> {
  const payload = { ...body, ...(options.post ? { post: true } : {}) };
  const { data } =
    options.id === undefined
      ? await http.post<DocumentAnswer<Doc>>(`/api/${definition.name}`, payload)
      : await http.put<DocumentAnswer<Doc>>(`/api/${definition.name}/${options.id}`, payload);
  return data;
}

export async function deleteDocument(definition: Named, id: number): Promise<string> {
  const { data } = await http.delete<{ message: string }>(`/api/${definition.name}/${id}`);
  return data.message;
}

/** `POST /api/<name>/:id/<action>`: one declared transition, with its declared `input` as the body when it has one (a cheque's deposit). */
export async function runDocumentAction<Doc>(definition: Named, id: number, action: string, body?: object): Promise<DocumentAnswer<Doc>> {
  const { data } = await http.post<DocumentAnswer<Doc>>(`/api/${definition.name}/${id}/${action}`, body);
  return data;
}
