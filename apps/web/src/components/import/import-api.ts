import type { ImportJobState, ImportKindName, ImportMode, ImportPreview } from '@erp/domain';
import { http } from '../../lib/http.ts';
import { downloadFile } from '../resource/resource-api.ts';

export type ImportMapping = Record<string, string | null>;

/** Uploads the file (multipart, field `file`): the server checks every row and keeps the file as a job. */
export async function uploadForPreview(
  kind: ImportKindName,
  file: File,
  onProgress?: (percent: number) => void,
  /** The kind's upload parameters (a bank statement's `bankAccountId`), in the query string. */
  params?: Readonly<Record<string, string | number>>,
): Promise<ImportPreview> {
  const body = new FormData();
  body.append('file', file);
  const query = params && Object.keys(params).length > 0 ? `?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString()}` : '';
  const { data } = await http.post<ImportPreview>(`/api/imports/${kind}/preview${query}`, body, {
    // The JSON content type must not be sent with a FormData body.
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data;
}

/** The kept file checked again under another mapping. */
export async function previewAgain(kind: ImportKindName, jobId: number, mapping: ImportMapping): Promise<ImportPreview> {
  const { data } = await http.post<ImportPreview>(`/api/imports/${kind}/${jobId}/preview`, { mapping });
  return data;
}

export interface ImportRunResult {
  message: string;
  imported: number;
  /** Valid rows already held (a statement line imported before): nothing written. */
  skipped?: number;
  rejected: number;
  job: ImportJobState;
  /** A kind's own keys (a bank statement's `statementId`). */
  [key: string]: unknown;
}

export async function runImport(kind: ImportKindName, jobId: number, mode: ImportMode, mapping: ImportMapping): Promise<ImportRunResult> {
  const { data } = await http.post<ImportRunResult>(`/api/imports/${kind}/${jobId}/run`, { mode, mapping });
  return data;
}

export async function fetchImportJob(jobId: number): Promise<ImportJobState> {
  const { data } = await http.get<{ job: ImportJobState }>(`/api/imports/jobs/${jobId}`);
  return data.job;
}

export function downloadRejected(jobId: number, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(`/api/imports/jobs/${jobId}/rejected`, { format }, `rejected-${jobId}.${format}`);
}

export function downloadTemplate(kind: ImportKindName, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(`/api/imports/${kind}/template`, { format }, `${kind}-import-template.${format}`);
}
