import type { AppRoute, ImportColumnInfo, ImportKindName } from '@erp/domain';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';

/** One column an import reads. `key` names the field (the API's name where there is one); `label` and `aliases` are matched against the file's headers. */
export interface ImportColumn extends ImportColumnInfo {
  aliases?: readonly string[];
  /** The template's example row. */
  example: string;
}

/** A data row of the file, its cells read through the mapping: column key -> trimmed text ('' when empty or unmapped). */
export interface ImportRow {
  rowNumber: number;
  values: Record<string, string>;
}

/** A row checked: the input the kind writes, or the errors by column key. */
export type CheckedRow<Input> = { rowNumber: number; input: Input; errors?: undefined } | { rowNumber: number; input?: undefined; errors: Record<string, string> };

/** The job a write belongs to, for what it writes (a narration, a note). */
export interface ImportJobRef {
  id: number;
  fileName: string;
  /** The upload's parameters as the kind's `params` parsed them (`{}` for a kind without). */
  params: Record<string, unknown>;
  /** The mapping the run used (a kind may remember it: a bank account's statement layout). */
  mapping: Readonly<Record<string, string | null>>;
}

/** What a write may answer beyond the ids: rows it skipped as already held, and keys of the run's answer (a statement's id). */
export interface ImportWritten {
  ids: number[];
  skipped?: number;
  answer?: Record<string, unknown>;
}

/** What a kind's write reports as it goes. */
export type ImportProgress = (rowsWritten: number) => void;

/**
 * An import, declared once per kind (items, vendors, opening stock): where it belongs (its
 * screen and scope decide who may run it, like the kind's own API), the columns it reads, how
 * rows become the API's input and are checked, and how the valid rows are written in bulk.
 */
export interface ImportKind<Input = unknown> {
  name: ImportKindName;
  title: string;
  /** The screen the import is on: the role table's rule for it decides who may import. */
  route: AppRoute;
  /** A scope needed on top of the route (opening stock: `stock-adjustments:post`). */
  scope?: string;
  /** The audit log's resource of the import's entry. */
  resource: string;
  columns: readonly ImportColumn[];
  /**
   * The upload's query string (`?bankAccountId=` of a bank statement), checked on the preview
   * (400 naming the field), kept with the job and handed to `check`, `write` and `initialMapping`.
   */
  params?: z.ZodType<Record<string, unknown>>;
  /** A mapping remembered for these parameters, tried before the automatic one (a bank account's last layout). */
  initialMapping?(executor: Executor, actor: Actor, params: Record<string, unknown>): Promise<Record<string, string | null> | undefined>;
  /** Keys the run's answer adds (their OpenAPI schema), given by the write's `answer`. */
  answerSchema?: Record<string, z.ZodType>;
  /**
   * Checks every row with the same rules as the API (its zod schemas, references by name,
   * duplicates in the file and against the database); references the actor may not see read
   * as unknown. Reads only.
   */
  check(tx: Executor, actor: Actor, rows: readonly ImportRow[], params: Record<string, unknown>): Promise<CheckedRow<Input>[]>;
  /** Writes every checked row inside the caller's transaction, or throws; answers the written records' ids (one record may hold many rows). */
  write(tx: Tx, actor: Actor, rows: readonly { rowNumber: number; input: Input }[], progress: ImportProgress, job: ImportJobRef): Promise<number[] | ImportWritten>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of kinds of different inputs
export type AnyImportKind = ImportKind<any>;
