import { importMaxBytes, type ImportMode, importModes, importPreviewRows } from '@erp/domain';
import { z } from 'zod';
import { envelope, fileDownload, idParam, routeSchema } from '../openapi.ts';
import { exportFormatQuery } from '../resource/resource-export.ts';
import type { AnyImportKind } from './import-kind.ts';
import { mappingSchema } from './mapping.ts';

const tags = ['Imports'];

const jobParams = z.object({ jobId: idParam.describe('The import job id') });

const mapping = mappingSchema;

const column = z.object({ key: z.string(), label: z.string(), required: z.boolean(), hint: z.string().optional() });

const previewRow = z.object({
  rowNumber: z.int().describe('The row as the spreadsheet numbers it (the header is row 1)'),
  values: z.record(z.string(), z.string()).describe('Column key -> the cell, through the mapping'),
  errors: z.record(z.string(), z.string()).describe('Column key -> what is wrong (empty: the row is valid)'),
});

const preview = {
  jobId: z.int(),
  fileName: z.string(),
  headers: z.array(z.string()).describe("The file's header row"),
  columns: z.array(column).describe('What the import reads'),
  mapping,
  totalRows: z.int(),
  validRows: z.int(),
  invalidRows: z.int(),
  preview: z.array(previewRow).describe(`The first ${importPreviewRows} rows, checked`),
};

const job = z
  .object({
    jobId: z.int(),
    kind: z.string(),
    fileName: z.string(),
    status: z.enum(['previewed', 'running', 'done', 'failed']),
    mode: z.enum(['validOnly', 'allOrNothing']).nullable(),
    totalRows: z.int(),
    processedRows: z.int().describe('Rows checked or written so far: the progress'),
    importedRows: z.int(),
    rejectedRows: z.int(),
    error: z.string().nullable(),
  })
  .describe('An import job');

export const runBody = z.strictObject({
  mode: z
    .enum(importModes.map((m) => m.value) as [ImportMode, ...ImportMode[]], { error: 'Mode must be validOnly or allOrNothing' })
    .describe(importModes.map((m) => `${m.value}: ${m.label}`).join('; ')),
  mapping: mapping.optional().describe('The mapping to use; the preview\'s when absent'),
});

export const remapBody = z.strictObject({ mapping });

/** The OpenAPI schemas of one kind's routes (lib/import/register-import.ts). */
export function importKindDocs(kind: AnyImportKind) {
  const kindTags = [...tags, kind.title];
  return {
    preview: routeSchema({
      tags: kindTags,
      summary: `Upload a ${kind.title.toLowerCase()} file and preview its import`,
      description: `multipart/form-data with one file field \`file\`: CSV (comma, semicolon, tab or pipe separated; UTF-8, UTF-16 or Windows-1252) or Excel .xlsx, recognised by content, at most ${importMaxBytes / 1024 / 1024} MB. Every row is checked; the file is kept as an import job for the run. Columns: ${kind.columns.map((c) => c.label).join(', ')}.`,
      consumes: ['multipart/form-data'],
      ...(kind.params ? { querystring: kind.params } : {}),
      body: z.object({ file: z.string().meta({ format: 'binary' }) }),
      response: { 200: envelope(preview, 'Preview ready') },
    }),
    remap: routeSchema({
      tags: kindTags,
      summary: `Preview a ${kind.title.toLowerCase()} import again under another column mapping`,
      params: jobParams,
      body: remapBody,
      response: { 200: envelope(preview, 'Preview ready') },
    }),
    run: routeSchema({
      tags: kindTags,
      summary: `Run a previewed ${kind.title.toLowerCase()} import`,
      description:
        'Checks every row again and writes the valid ones in one transaction. allOrNothing: any invalid row stores nothing and answers 400 with `errors` keyed `rows.<row number>.<column key>` (the first 100).',
      params: jobParams,
      body: runBody,
      response: { 200: envelope({ imported: z.int(), skipped: z.int().describe('Valid rows already held: nothing written for them'), rejected: z.int(), ...(kind.answerSchema ?? {}), job }, 'Imported') },
    }),
    template: routeSchema({
      tags: kindTags,
      summary: `Download the ${kind.title.toLowerCase()} import's template`,
      description: 'The header row and one example row.',
      querystring: exportFormatQuery,
      response: { 200: fileDownload },
    }),
  };
}

export const importJobDocs = {
  state: routeSchema({ tags, summary: "Read an import job's status and progress", params: jobParams, response: { 200: envelope({ job }) } }),
  rejected: routeSchema({
    tags,
    summary: "Download an import job's rejected rows",
    description: "The file's own columns, with the row number and an Errors column.",
    params: jobParams,
    querystring: exportFormatQuery,
    response: { 200: fileDownload },
  }),
};
