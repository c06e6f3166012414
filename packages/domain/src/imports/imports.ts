import type { ImportKindName } from '../areas.ts';

/**
 * Imports from CSV and Excel (issue 7, section 5): what the server answers and the web shows.
 * The kinds are named by their areas' manifests (`imports`); their columns, checks and writes
 * are declared on the server.
 */

/** Import the valid rows and reject the others, or import nothing when any row is invalid. */
export const importModes = [
  { value: 'validOnly', label: 'Import the valid rows, reject the others' },
  { value: 'allOrNothing', label: 'All or nothing: import only if every row is valid' },
] as const;
export type ImportMode = (typeof importModes)[number]['value'];

export type ImportJobStatus = 'previewed' | 'running' | 'done' | 'failed';

/** The largest file an import accepts. */
export const importMaxBytes = 50 * 1024 * 1024;

/**
 * The most an .xlsx may unpack to (its ZIP entries together): a 50 MB file of repeated cells
 * could otherwise unpack to gigabytes (a ZIP bomb) in the server's memory.
 */
export const importMaxUnpackedBytes = 200 * 1024 * 1024;

/** How many rows a preview shows. */
export const importPreviewRows = 20;

export const importMessages = {
  fileType: 'The file must be a CSV or an Excel (.xlsx) file',
  fileTooLarge: `The file must be at most ${importMaxBytes / 1024 / 1024} MB`,
  workbookTooLarge: `The workbook holds more than ${importMaxUnpackedBytes / 1024 / 1024} MB once unpacked; split it into smaller files`,
  fileMissing: 'Please choose a CSV or Excel file',
  noHeader: 'The file has no header row',
  noRows: 'The file has no data rows',
  previewed: 'Preview ready',
  imported: (imported: number, rejected: number, skipped = 0) => `${imported} row${imported === 1 ? '' : 's'} imported, ${skipped > 0 ? `${skipped} skipped (already held), ` : ''}${rejected} rejected`,
  allOrNothingRefused: (invalid: number) => `Nothing was imported: ${invalid} row${invalid === 1 ? ' has' : 's have'} errors`,
  notRunnable: 'This import has already run or is running',
  interrupted: 'The import was interrupted by a restart; nothing of it was stored. Run it again.',
  unknownHeader: (header: string) => `The file has no column "${header}"`,
  mappedTwice: (header: string) => `The column "${header}" is chosen for more than one field`,
  columnRequired: (label: string) => `Choose the file's column for ${label}`,
} as const;

/** One column an import reads: its key (the mapping's), label (matched against the file's headers) and whether a value is needed. */
export interface ImportColumnInfo {
  key: string;
  label: string;
  required: boolean;
  /** What the cell holds: "a category's name", "YYYY-MM-DD", "yes or no". */
  hint?: string;
}

/** A checked row: its row number in the file (the header is row 1), the mapped values by column key, and the errors by column key. */
export interface ImportPreviewRow {
  rowNumber: number;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The answer of a preview: the file's headers, the kind's columns, field -> header, the first rows checked, and the counts of the whole file. */
export interface ImportPreview {
  jobId: number;
  fileName: string;
  headers: string[];
  columns: ImportColumnInfo[];
  mapping: Record<string, string | null>;
  totalRows: number;
  validRows: number;
  invalidRows: number;
  preview: ImportPreviewRow[];
}

/** A job's state and progress. */
export interface ImportJobState {
  jobId: number;
  kind: ImportKindName;
  fileName: string;
  status: ImportJobStatus;
  mode: ImportMode | null;
  totalRows: number;
  processedRows: number;
  importedRows: number;
  rejectedRows: number;
  error: string | null;
}
