import type { DocumentDefinition } from '@erp/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.ts';
import { type AlongsideStatement } from './document-number.ts';
import type { Actor } from '../actor.ts';
import type { ExportColumn } from '../resource/resource-export.ts';

/** The states of a declaration (`StateOf<typeof journalDocument>`): bindings and handlers never restate them. */
export type StateOf<Definition extends { states: readonly string[] }> = Definition['states'][number];
/** The transitions of a declaration. */
export type ActionOf<Definition extends { actions: readonly string[] }> = Definition['actions'][number];

/** A document as the API answers it: the header row's keys and its lines. */
export type DocumentRow = { id: number; status: string; [key: string]: unknown };

/** What a document derives beyond its input: header and line values by the table's property name (`totalValue`), or by a declared field's name. */
export interface DraftValues {
  header?: Readonly<Record<string, unknown>>;
  /** One per input line, in order. */
  lines?: ReadonlyArray<Readonly<Record<string, unknown>>>;
}

/** What a write gave back: the row's id, the transaction's now() (created_at or updated_at) and the line ids by line number. */
export interface WrittenDraft {
  id: number;
  at: Date;
  lineIds: Map<number, number>;
}

/** The writer bound to one document type and request (draft-writer.ts): what a handler's create, update and transitions are handed. */
export interface DraftWriter {
  /** Writes a new draft and its lines in one statement. */
  insert(input: unknown, values?: DraftValues): Promise<WrittenDraft>;
  /** Replaces a draft whole (two statements). */
  update(id: number, input: unknown, values?: DraftValues): Promise<WrittenDraft>;
  /** The new draft as CTEs of the caller's statement (readPostingContext's `write`). */
  insertCtes(input: unknown, values?: DraftValues, options?: { linesWhere?: SQL }): { ctes: SQL; id: SQL; withLines: boolean };
  /** The written draft as a GET answers it; an update (`before`: the draft it replaced) keeps who created it and when. */
  answer<Detail extends DocumentRow>(written: WrittenDraft, input: unknown, values?: DraftValues, before?: DocumentRow): Detail;
}

/** The columns the machinery reads and writes on every document table (lib/document/document-columns.ts). */
export interface DocumentTableColumns {
  id: AnyPgColumn;
  number: AnyPgColumn;
  date: AnyPgColumn;
  status: AnyPgColumn;
}

/**
 * What a write handler gives back: the document as now written (built from what was written,
 * not read again) and, optionally, what it read on the way (a posting context), handed to
 * the post transition of a save-and-post so it need not read it again.
 */
export interface WrittenDocument<Detail extends DocumentRow> {
  document: Detail;
  context?: unknown;
}

/** Columns a claim adds to the status UPDATE: a value, or one given the number the posting took (a record numbered only when it posts). */
export type ClaimedSets = Readonly<Record<string, SQL | ((documentNumber: SQL) => SQL)>>;

/** What runTransition hands a transition handler. */
export interface TransitionStep {
  /**
   * The document's status, stamps, number and audit row as statements given the number: a handler that writes its own statement (postToLedger's) runs them in it and calls `claim`.
   * `sets`: more columns of the document (snake_case) for the same UPDATE, known only while posting (a total); one statement may update a row only once.
   * `auditExtra`: more keys of the transition's audit row (an override used while posting).
   */
  claim(sets?: ClaimedSets, auditExtra?: Record<string, unknown>): AlongsideStatement[];
  /**
   * Other areas' statements of this posting (their `postingWrites` hooks, document-hooks.ts),
   * prepared with `document` as it is to be posted: a handler that writes one statement asks for
   * them just before it and runs them in it, with what it claims. A posting that never asks gets
   * them run by the machinery after the handler; any other transition gets none.
   */
  hookWrites(document: DocumentRow): Promise<AlongsideStatement[]>;
  /** What a save-and-post's write handler read (a posting context). */
  context?: unknown;
  /** The action's body, parsed with the transition's declared `input` schema. */
  input?: unknown;
  /** The document type's draft writer (a journal's cancel writes its reversal with it). */
  drafts: DraftWriter;
  /**
   * What a posting of this document says of it, from the declaration: type, id, its date (the
   * declared date field's value), number prefix, date field and who posts. Spread into
   * `postToLedger` / `postDocument` and override what differs (a disposal's own date).
   */
  posting: DocumentPosting;
}

export interface DocumentPosting {
  documentType: string;
  documentId: number;
  documentDate: string;
  numberPrefix: string;
  dateField: string;
  actor: { userId: number | null };
}

export interface TransitionOutcome<Detail extends DocumentRow> {
  /** The document after the transition, built by the handler. */
  document: Detail;
  /** Set when the handler numbered the document (postToLedger) and ran the claimed statements. */
  documentNumber?: string;
  /** Extra keys of the transition's audit row (`reversalJournalId`). */
  audit?: Record<string, unknown>;
}

// Method syntax (bivariant in `document`), so a journal's handler fits a binding of any document.
export type TransitionHandler<Detail extends DocumentRow> = {
  run(tx: Tx, actor: Actor, document: Detail, step: TransitionStep): Promise<TransitionOutcome<Detail>>;
}['run'];

/** What a document type supplies: what its writes store and what its transitions post. */
/**
 * What the save is for: `post`, posted in the same transaction (a save-and-post), so a handler
 * may read what its posting checks with the draft's own write, one round trip less.
 */
export interface SaveIntent {
  post: boolean;
}

export interface DocumentHandlers<Input, Detail extends DocumentRow, Action extends string> {
  /**
   * Writes a new draft (header and lines) with `drafts` (lib/document/draft-writer.ts), after the
   * type's checks, refusing what the database would refuse (a missing account) with 400.
   */
  create(tx: Tx, actor: Actor, input: Input, drafts: DraftWriter, intent: SaveIntent): Promise<WrittenDocument<Detail>>;
  /** Replaces a draft whole. `before` is the locked document. */
  update(tx: Tx, actor: Actor, before: Detail, input: Input, drafts: DraftWriter): Promise<WrittenDocument<Detail>>;
  transitions: { [A in Action]: TransitionHandler<Detail> };
}

/** A list filter beyond ids: its value's rule and its condition (undefined: no condition). */
export interface QueryFilter {
  schema: z.ZodType;
  condition(value: never): SQL | undefined;
}

/** How the generic queries read the document type's table. */
export interface DocumentQueries<Detail extends DocumentRow> {
  /** The list row (docs/api/<area>.md): columns or expressions of the document table. */
  rowSelection: Record<string, AnyPgColumn | SQL>;
  /** The lines as one JSON column of the document's row (`json_agg`). */
  linesSelection: SQL;
  /** The list's free-text search: columns of the document table, or a condition given the ILIKE pattern (a referenced row's name). */
  searchColumns: readonly (AnyPgColumn | ((pattern: string) => SQL))[];
  /** Sort keys of the list; the first is the default (newest first). */
  sortColumns: Record<string, AnyPgColumn>;
  /** Narrows what an actor may see of the list (permissions.regions...), inside the query. */
  rowScope?: (actor: Actor) => SQL | undefined;
  /**
   * The row as `actor` may see it, when its figures depend on the actor's row scope as well as
   * which rows it sees (a pay run's totals over the slips of the actor's regions only); absent,
   * `rowSelection` for everyone. Reads without an actor (a write's reread) take `rowSelection`.
   */
  rowSelectionFor?: (actor: Actor) => Record<string, AnyPgColumn | SQL>;
  exportColumns?: ExportColumn[];
  /**
   * The type's own list filters beyond status and dates, each an id in the query string
   * (`?customerId=3`) and the condition it puts on the list (a report's drill-down).
   */
  listFilters?: Record<string, (id: number) => SQL>;
  /**
   * Filters of other kinds (a cheque's direction, its due-date range, a named view): the
   * query-string rule of each (optional) and the condition its parsed value puts on the list.
   */
  queryFilters?: Record<string, QueryFilter>;
  /** Turns a read row into the answer's shape (JSON lines parsed, numbers as numbers). */
  shape?: (row: Record<string, unknown>) => Detail;
}

export interface DocumentBinding<Input = unknown, Detail extends DocumentRow = DocumentRow, State extends string = string, Action extends string = string> {
  definition: DocumentDefinition<State, Action>;
  table: PgTable;
  columns: DocumentTableColumns;
  /** The lines' table and its key to the document (lib/document/draft-writer.ts writes both); absent for a document without lines. */
  lineTable?: {
    table: PgTable;
    parent: AnyPgColumn;
    /** The lines change after the draft too (a receipt's allocations, applied and released): no trigger keeps them. */
    openAfterDraft?: boolean;
    /** The lines answer without their ids (journals, stock adjustments, transfers). */
    withoutIds?: boolean;
    /**
     * A column that names a line within its document (a sales plan's `item_id`: one line per
     * item). A draft's update then keeps the lines whose key stays (updated in place), deletes the
     * others and inserts the new ones, instead of replacing every line: what refers to a line's
     * key (items.plans) changes only for the keys that came or went. Needs the lines' (parent,
     * line_no) unique constraint DEFERRABLE, as lines may trade numbers.
     */
    matchBy?: AnyPgColumn;
  };
  /**
   * Columns (SQL names) a transition writes besides status, updated_at and the stamps, which
   * stay writable once the document leaves its editable states (a receipt's `allocated_amount`):
   * the last argument of its trigger (lib/document/document-tables.ts).
   */
  workflowColumns?: readonly string[];
  queries: DocumentQueries<Detail>;
  handlers: DocumentHandlers<Input, Detail, Action>;
  /**
   * Refuses (403) an actor who may see the document (row scope) but not act on it: `edit`
   * (an update), `delete`, or a transition. Called with the locked document after its state
   * is checked. For a scope narrower for writes than for reads (a transfer's destination
   * sees it, only its source changes it).
   */
  assertMayWrite?(actor: Actor, document: Detail, action: Action | 'edit' | 'delete'): void;
  /**
   * Locks, before the machinery locks this document, the rows of other documents the
   * transition will lock and that come first in the one lock order of documents
   * (docs/ARCHITECTURE.md, "Lock order"): a receipt's or payment's cheque before its cancel
   * locks the receipt, as a bounce does. Not called when the document came locked already.
   */
  lockFirst?(tx: Tx, id: number, action: Action): Promise<void>;
  /** The field that titles the document in the command palette, when the derived one would not (lib/search/search-rows.ts). */
  searchTitle?: string;
  /** Where the command palette opens one, when not at its route's own address (a goods receipt opens on its order screen's tab). */
  searchRoute?: (id: number) => string;
}

/** Any document type's binding, as the generic code takes it. */
export type AnyDocumentBinding = DocumentBinding<unknown, DocumentRow, string, string>;

/** Reads that take an executor: a transaction or the pool. */
export type DocumentReader = Executor;
