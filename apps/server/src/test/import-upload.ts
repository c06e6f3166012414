import type { FastifyInstance } from 'fastify';
import { bearer } from './test-app.ts';

/** A multipart/form-data body with one file field, as a browser sends an upload. */
export function multipartFile(fileName: string, bytes: Buffer, fieldName = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----erp-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** CSV text from rows of cells (quoted where needed). */
export function csvOf(rows: readonly (readonly string[])[]): Buffer {
  const field = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return Buffer.from(rows.map((row) => row.map(field).join(',')).join('\r\n'));
}

/** The import routes of one kind, called as a given user. */
export function importClient(app: FastifyInstance, kind: string) {
  return {
    preview(bytes: Buffer, token: string, fileName = 'import.csv') {
      const upload = multipartFile(fileName, bytes);
      return app.inject({ method: 'POST', url: `/api/imports/${kind}/preview`, payload: upload.payload, headers: { ...upload.headers, ...bearer(token) } });
    },
    remap(jobId: number, mapping: Record<string, string | null>, token: string) {
      return app.inject({ method: 'POST', url: `/api/imports/${kind}/${jobId}/preview`, payload: { mapping }, headers: bearer(token) });
    },
    run(jobId: number, body: { mode: string; mapping?: Record<string, string | null> }, token: string) {
      return app.inject({ method: 'POST', url: `/api/imports/${kind}/${jobId}/run`, payload: body, headers: bearer(token) });
    },
    job(jobId: number, token: string) {
      return app.inject({ method: 'GET', url: `/api/imports/jobs/${jobId}`, headers: bearer(token) });
    },
    rejected(jobId: number, format: 'csv' | 'xlsx', token: string) {
      return app.inject({ method: 'GET', url: `/api/imports/jobs/${jobId}/rejected?format=${format}`, headers: bearer(token) });
    },
    template(format: 'csv' | 'xlsx', token: string) {
      return app.inject({ method: 'GET', url: `/api/imports/${kind}/template?format=${format}`, headers: bearer(token) });
    },
  };
}
