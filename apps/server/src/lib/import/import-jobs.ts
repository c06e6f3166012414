import {
  importMessages,
  type ImportJobState,
  type ImportJobStatus,
  type ImportKindName,
  type ImportMode,
  type ImportPreview,
  type ImportPreviewRow,
  importPreviewRows,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { jsonValue, queryRows } from '../../db/client.ts';
import { audit } from '../../plugins/audit.ts';
import { type Actor, auditActorOf } from '../actor.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../app-error.ts';
import type { AnyImportKind, CheckedRow } from './import-kind.ts';
import { applyMapping, automaticMapping, type ImportMapping, parseMapping } from './mapping.ts';
import { type ParsedSheet, parseSpreadsheet } from './parse-file.ts';

/** A rejected row as kept with its job: the file's own cells and the errors by column key. */
export interface RejectedRow {
  rowNumber: number;
  cells: string[];
  errors: Record<string, string>;
}

/** How many row errors a refused all-or-nothing run names in its answer (the rejected rows' download has them all). */
const refusalErrorsShown = 100;

/** Previewed or failed jobs older than this are dropped with their files when a new import is previewed. */
const staleAfter = sql`interval '7 days'`;

/**
 * Progress of the runs of this process, readable while a run's transaction holds the
 * database (PGlite has one connection): job id -> counts. A run's rows commit with its job's
 * final state, so the table says `running` only while the transaction is open.
 */
const inProgress = new Map<number, { kind: ImportKindName; createdBy: number; fileName: string; mode: ImportMode; total: number; processed: number }>();

interface JobRecord {
  id: number;
  kind: ImportKindName;
  fileName: string;
  status: ImportJobStatus;
  mode: ImportMode | null;
  headers: string[];
  mapping: ImportMapping;
  totalRows: number;
  processedRows: number;
  importedRows: number;
  rejectedRows: number;
  error: string | null;
  createdBy: number | null;
  params: Record<string, unknown>;
}

const jobColumns = sql`id, kind, file_name AS "fileName", status, mode, headers, mapping, total_rows AS "totalRows", processed_rows AS "processedRows",
  imported_rows AS "importedRows", jsonb_array_length(rejected) AS "rejectedRows", error, created_by AS "createdBy", params`;


function recordOf(row: Record<string, unknown>): JobRecord {
  return {
    ...(row as unknown as JobRecord),
    id: Number(row.id),
    headers: jsonValue<string[]>(row.headers),
    mapping: jsonValue<ImportMapping>(row.mapping),
    params: jsonValue<Record<string, unknown>>(row.params ?? {}),
    totalRows: Number(row.totalRows),
    processedRows: Number(row.processedRows),
    importedRows: Number(row.importedRows),
    rejectedRows: Number(row.rejectedRows),
    createdBy: row.createdBy === null ? null : Number(row.createdBy),
  };
}

/** A job of the actor (another user's reads as missing), of the given kind when one is given. */
export async function findJob(executor: Executor, actor: Actor, jobId: number, kind?: ImportKindName): Promise<JobRecord> {
  const [row] = await queryRows(
    executor,
    sql`SELECT ${jobColumns} FROM import_jobs WHERE id = ${jobId}::int AND created_by = ${actor.userId}::int ${kind ? sql`AND kind = ${kind}` : sql``}`,
  );
  if (!row) throw new NotFoundError();
  return recordOf(row);
}

/** The job's state: from this process's run while it runs, else from its row. */
export function stateOf(job: JobRecord): ImportJobState {
  const running = inProgress.get(job.id);
  return {
    jobId: job.id,
    kind: job.kind,
    fileName: job.fileName,
    status: running ? 'running' : job.status,
    mode: running ? running.mode : job.mode,
    totalRows: job.totalRows,
    processedRows: running ? running.processed : job.processedRows,
    importedRows: job.importedRows,
    rejectedRows: job.rejectedRows,
    error: job.error,
  };
}

/** A running job of this process, without reading the database (its transaction holds PGlite's one connection). */
export function runningState(actor: Actor, jobId: number): (ImportJobState & { kind: ImportKindName }) | undefined {
  const running = inProgress.get(jobId);
  if (!running || running.createdBy !== actor.userId) return undefined;
  return {
    jobId,
    kind: running.kind,
    fileName: running.fileName,
    status: 'running',
    mode: running.mode,
    totalRows: running.total,
    processedRows: running.processed,
    importedRows: 0,
    rejectedRows: 0,
    error: null,
  };
}

interface CheckedSheet {
  checked: CheckedRow<unknown>[];
  values: Record<string, string>[];
}

/** The sheet through the mapping and the kind's checks; cells the parser could not read are errors of their row. */
async function checkSheet(executor: Executor, actor: Actor, kind: AnyImportKind, sheet: ParsedSheet, mapping: ImportMapping, params: Record<string, unknown>): Promise<CheckedSheet> {
  const mapped = applyMapping(sheet.rows, kind.columns, sheet.headers, mapping);
  const checked = (await kind.check(executor, actor, mapped, params)) as CheckedRow<unknown>[];
  mapped.forEach((row, index) => {
    if (!row.cellErrors) return;
    checked[index] = { rowNumber: row.rowNumber, errors: { ...(checked[index]!.errors ?? {}), ...row.cellErrors } };
  });
  return { checked, values: mapped.map((r) => r.values) };
}

function previewOf(job: { id: number; fileName: string }, kind: AnyImportKind, sheet: ParsedSheet, mapping: ImportMapping, result: CheckedSheet): ImportPreview {
  const invalidRows = result.checked.filter((r) => r.errors).length;
  const preview: ImportPreviewRow[] = result.checked.slice(0, importPreviewRows).map((row, index) => ({
    rowNumber: row.rowNumber,
    values: result.values[index]!,
    errors: row.errors ?? {},
  }));
  return {
    jobId: job.id,
    fileName: job.fileName,
    headers: sheet.headers,
    columns: kind.columns.map(({ key, label, required, hint }) => ({ key, label, required, ...(hint ? { hint } : {}) })),
    mapping,
    totalRows: sheet.rows.length,
    validRows: sheet.rows.length - invalidRows,
    invalidRows,
    preview,
  };
}

function sheetHasRows(sheet: ParsedSheet): void {
  if (sheet.rows.length === 0) throw new BadRequestError({ file: importMessages.noRows }, importMessages.noRows);
}

/**
 * Reads an uploaded file, maps its headers to the kind's columns, checks every row and keeps
 * the file as a `previewed` job, so the run needs no second upload.
 */
export async function previewImport(db: Db, actor: Actor, kind: AnyImportKind, file: { fileName: string; bytes: Buffer }, params: Record<string, unknown> = {}): Promise<ImportPreview> {
  const sheet = await parseSpreadsheet(file.bytes);
  sheetHasRows(sheet);
  const mapping = await firstMapping(db, actor, kind, sheet, params);
  const result = await checkSheet(db, actor, kind, sheet, mapping, params);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM import_jobs WHERE status IN ('previewed', 'failed') AND created_at < now() - ${staleAfter}`);
    const [job] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO import_jobs (kind, file_name, file, headers, mapping, total_rows, created_by, params)
          VALUES (${kind.name}, ${file.fileName}, ${file.bytes}::bytea, ${JSON.stringify(sheet.headers)}::jsonb, ${JSON.stringify(mapping)}::jsonb,
                  ${sheet.rows.length}::int, ${actor.userId}::int, ${JSON.stringify(params)}::jsonb)
          RETURNING id`,
    );
    return Number(job!.id);
  });
  return previewOf({ id, fileName: file.fileName }, kind, sheet, mapping, result);
}

/** The kind's remembered mapping where it still fits the file's headers, else the automatic one. */
async function firstMapping(db: Db, actor: Actor, kind: AnyImportKind, sheet: ParsedSheet, params: Record<string, unknown>): Promise<ImportMapping> {
  const automatic = automaticMapping(kind.columns, sheet.headers);
  const remembered = kind.initialMapping ? await kind.initialMapping(db, actor, params) : undefined;
  if (!remembered) return automatic;
  try {
    const kept = parseMapping(remembered, kind.columns, sheet.headers);
    return Object.values(kept).some((header) => header !== null) ? kept : automatic;
  } catch {
    return automatic;
  }
}

async function fileOf(executor: Executor, jobId: number): Promise<Buffer> {
  const [row] = await queryRows<{ file: Uint8Array | null }>(executor, sql`SELECT file FROM import_jobs WHERE id = ${jobId}::int`);
  if (!row?.file) throw new ConflictError(importMessages.notRunnable);
  return Buffer.from(row.file);
}

/** The kept file checked again under another mapping (the user changed a column). */
export async function remapImport(db: Db, actor: Actor, kind: AnyImportKind, jobId: number, given: ImportMapping): Promise<ImportPreview> {
  const job = await findJob(db, actor, jobId, kind.name);
  if (job.status !== 'previewed' && job.status !== 'failed') throw new ConflictError(importMessages.notRunnable);
  const sheet = await parseSpreadsheet(await fileOf(db, jobId));
  const mapping = parseMapping(given, kind.columns, sheet.headers);
  const result = await checkSheet(db, actor, kind, sheet, mapping, job.params);
  await db.execute(sql`UPDATE import_jobs SET mapping = ${JSON.stringify(mapping)}::jsonb, updated_at = now() WHERE id = ${jobId}::int`);
  return previewOf(job, kind, sheet, mapping, result);
}

function rejectedOf(sheet: ParsedSheet, checked: readonly CheckedRow<unknown>[]): RejectedRow[] {
  return checked.flatMap((row, index) => (row.errors ? [{ rowNumber: row.rowNumber, cells: sheet.rows[index]!.cells, errors: row.errors }] : []));
}

/** `rows.<row number>.<column>`: the refused rows of an all-or-nothing run, the first hundred. */
function refusalErrors(rejected: readonly RejectedRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  let count = 0;
  for (const row of rejected) {
    for (const [key, message] of Object.entries(row.errors)) {
      if (count++ >= refusalErrorsShown) return errors;
      errors[`rows.${row.rowNumber}.${key}`] = message;
    }
  }
  return errors;
}

export interface ImportResult {
  imported: number;
  /** Valid rows the kind found already held and wrote nothing for (a statement line imported before). */
  skipped: number;
  rejected: number;
  job: ImportJobState;
  /** The kind's own keys (`answerSchema`): a bank statement's `statementId`. */
  [key: string]: unknown;
}

/**
 * Runs a previewed (or failed) job: the rows are checked again inside the transaction that
 * writes them, so what is written is what was checked against the data as it is now. Valid
 * rows are written by the kind in bulk, the job's final state and one audit entry in the same
 * transaction. All or nothing: any invalid row stores nothing and answers 400 with the errors.
 * A refusal or failure leaves the job runnable again, its rejected rows downloadable.
 */
export async function runImport(
  db: Db,
  actor: Actor,
  kind: AnyImportKind,
  jobId: number,
  /** `engine`: the database's (Database.kind); on PostgreSQL the progress is shared with other processes. */
  options: { mode: ImportMode; mapping?: ImportMapping; engine: 'pglite' | 'postgres' },
): Promise<ImportResult> {
  const job = await findJob(db, actor, jobId, kind.name);
  const [claimed] = await queryRows<{ id: number }>(
    db,
    sql`UPDATE import_jobs SET status = 'running', mode = ${options.mode}, processed_rows = 0, error = NULL, updated_at = now()
        WHERE id = ${jobId}::int AND status IN ('previewed', 'failed') RETURNING id`,
  );
  if (!claimed) throw new ConflictError(importMessages.notRunnable);
  const progress = { kind: kind.name, createdBy: actor.userId, fileName: job.fileName, mode: options.mode, total: job.totalRows, processed: 0 };
  let rejected: RejectedRow[] = [];
  try {
    const sheet = await parseSpreadsheet(await fileOf(db, jobId));
    const mapping = options.mapping === undefined ? job.mapping : parseMapping(options.mapping, kind.columns, sheet.headers);
    inProgress.set(jobId, progress);
    const result = await db.transaction(async (tx) => {
      const { checked } = await checkSheet(tx, actor, kind, sheet, mapping, job.params);
      rejected = rejectedOf(sheet, checked);
      if (options.mode === 'allOrNothing' && rejected.length > 0) {
        throw new BadRequestError(refusalErrors(rejected), importMessages.allOrNothingRefused(rejected.length));
      }
      const valid = checked.flatMap((row) => (row.input !== undefined ? [{ rowNumber: row.rowNumber, input: row.input }] : []));
      progress.processed = rejected.length;
      const report = (written: number) => {
        progress.processed = rejected.length + written;
        if (options.engine === 'postgres') shareProgress(db, jobId, progress.processed);
      };
      const written = valid.length > 0 ? await kind.write(tx, actor, valid, report, { id: jobId, fileName: job.fileName, params: job.params, mapping }) : [];
      const { ids, skipped = 0, answer = {} } = Array.isArray(written) ? { ids: written } : written;
      // Rows, not records: opening stock writes 500 rows as one adjustment. Every valid row was written (or skipped as held), or the write threw.
      const imported = valid.length - skipped;
      await audit(tx, auditActorOf(actor), {
        action: 'import',
        resource: kind.resource,
        recordId: `import-${jobId}`,
        after: { kind: kind.name, jobId, fileName: job.fileName, mode: options.mode, imported, skipped, rejected: rejected.length, ids },
      });
      await tx.execute(
        sql`UPDATE import_jobs SET status = 'done', mapping = ${JSON.stringify(mapping)}::jsonb, total_rows = ${sheet.rows.length}::int,
              processed_rows = ${sheet.rows.length}::int, imported_rows = ${imported}::int, rejected = ${JSON.stringify(rejected)}::jsonb,
              file = NULL, updated_at = now(), finished_at = now()
            WHERE id = ${jobId}::int`,
      );
      return { ...answer, imported, skipped, rejected: rejected.length };
    });
    inProgress.delete(jobId);
    return { ...result, job: stateOf(await findJob(db, actor, jobId)) };
  } catch (error) {
    inProgress.delete(jobId);
    // The caller's mistake (a mapping, an invalid row of an all-or-nothing run) leaves the job as previewed; anything else, failed.
    const refused = error instanceof AppError && error.statusCode < 500;
    const message = error instanceof AppError ? error.message : 'The import failed; nothing of it was stored';
    await db.execute(
      sql`UPDATE import_jobs SET status = ${refused ? 'previewed' : 'failed'}, error = ${message}, rejected = ${JSON.stringify(rejected)}::jsonb,
            processed_rows = 0, updated_at = now()
          WHERE id = ${jobId}::int`,
    );
    throw error;
  }
}

/** The rejected rows of a job, for their download. */
export async function rejectedRowsOf(db: Db, actor: Actor, jobId: number): Promise<{ job: JobRecord; rows: RejectedRow[] }> {
  const job = await findJob(db, actor, jobId);
  const [row] = await queryRows<{ rejected: unknown }>(db, sql`SELECT rejected FROM import_jobs WHERE id = ${jobId}::int`);
  return { job, rows: jsonValue<RejectedRow[]>(row!.rejected) };
}

/**
 * Jobs left `running` by a process that stopped: their transaction rolled back, so nothing of
 * them was stored. Marked failed at start-up, runnable again (one server per database: PGlite
 * locks its data directory; see the decisions).
 */
export async function failInterruptedJobs(db: Db, options: { onlyProcess?: boolean } = { onlyProcess: true }): Promise<void> {
  // With several processes, a running import may be another's: only one whose progress stopped moving is a dead process's.
  const stale = options.onlyProcess ? sql`` : sql`AND updated_at < now() - interval '2 minutes'`;
  await db.execute(sql`UPDATE import_jobs SET status = 'failed', error = ${importMessages.interrupted}, processed_rows = 0, updated_at = now() WHERE status = 'running' ${stale}`);
}

const sharedAt = new Map<number, number>();

/**
 * On PostgreSQL, a running import's progress written to its row (outside its transaction, at
 * most once a second), so a status page served by another process shows it, and its
 * `updated_at` says the import is alive. Not on PGlite: its one connection is the import's.
 */
function shareProgress(db: Db, jobId: number, processed: number): void {
  const now = Date.now();
  if (now - (sharedAt.get(jobId) ?? 0) < 1_000) return;
  sharedAt.set(jobId, now);
  if (sharedAt.size > 1_000) sharedAt.clear();
  void db
    .execute(sql`UPDATE import_jobs SET processed_rows = ${processed}::int, updated_at = now() WHERE id = ${jobId}::int AND status = 'running'`)
    .catch(() => undefined);
}

