import type { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import { type Executor, queryPrepared, type Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { namedHooks } from '../named-hooks.ts';
import type { DocumentRow } from './document-binding.ts';
import type { AlongsideStatement } from './document-number.ts';

/**
 * Runs inside the posting's transaction after its rows are written, once per batch (a batch of
 * one for a single document): what another area keeps of a posting (a row of its own table, an
 * outbox entry). A throw rolls the whole posting back.
 */
export type PostedHook = (tx: Tx, actor: Actor, postedIds: readonly number[]) => Promise<void>;

/**
 * Runs before a posting's statement, with the document as it is to be posted (its lines and tax
 * as the handler settled them, already in the transaction): prepares what another area writes of
 * the posting (FBR's outbox row) as statements given the posting's number, which the posting runs
 * inside its own statement. Its reads happen before the number's row is locked, and its writes take
 * no round trip of their own, so every posting of the type waits no longer for the number. May
 * refuse like a guard (409, 400); nothing is stored then.
 */
export type PostingWritesHook = (tx: Tx, actor: Actor, document: DocumentRow) => Promise<readonly AlongsideStatement[]>;

/**
 * Runs before a posting or a cancel writes anything, with the documents as read (locked): may
 * refuse with the usual errors (ConflictError 409, BadRequestError 400 naming the field), and
 * then nothing is stored. It may answer keys the transition's audit row carries (the licences'
 * `licenceOverride` when a holder of the override posts past an expired licence).
 */
export type GuardHook = (tx: Tx, actor: Actor, documents: readonly DocumentRow[]) => Promise<void | GuardAudit>;

/** What a guard adds to its transition's audit row, under keys of its area's own. */
export type GuardAudit = Readonly<Record<string, unknown>>;

/** Each id's values; an id the map lacks answers every field null. */
export type AnswerValues = ReadonlyMap<number, Readonly<Record<string, unknown>>>;

/**
 * How an area reads its answer fields: a function of its own (`read`, its statements), or a
 * statement (`batched.rows`) that the machinery runs together with the other areas' in ONE round
 * trip, its rows turned into values by `batched.answers`. The rows travel as JSON: text, integers
 * and booleans as they are; dates, timestamps, decimals and bigints must be selected as text. The
 * statement is pasted as a subquery: no trailing `;` or comment.
 */
export type AnswerRead =
  | { read(executor: Executor, ids: readonly number[]): Promise<AnswerValues>; batched?: never }
  | { batched: BatchedAnswerRead; read?: never };

export interface BatchedAnswerRead {
  rows(ids: readonly number[]): SQL;
  answers(rows: ReadonlyArray<Readonly<Record<string, unknown>>>, ids: readonly number[], executor: Executor): AnswerValues | Promise<AnswerValues>;
}

/**
 * Fields an area adds to another area's document answers (its GET, its list rows, the answers of
 * its saves and transitions): FBR's state of an invoice. Read for a whole page of ids at once.
 */
export type AnswerFields = {
  /** The fields and their types, for the API document. */
  fields: Readonly<Record<string, z.ZodType>>;
} & AnswerRead;

/**
 * Fields an area adds to each line of another area's document answers (GET and the answers of its
 * saves and transitions; list rows have no lines), under the line's `into` object (`item`: the
 * licences' `item.registrationNumber` on an invoice line) or on the line itself. Read by line id.
 */
export type LineAnswerFields = {
  into?: string;
  fields: Readonly<Record<string, z.ZodType>>;
} & AnswerRead;

/** What an area's manifest may add to other areas' documents, by document name (`invoices`, `sales-returns`). */
export interface DocumentHookDeclarations {
  /** After a transition into `posted` (and every other path that posts the type, as rental invoices do). */
  onPosted?: Readonly<Record<string, PostedHook>>;
  /**
   * Into a transition into `posted`: statements run in the posting's own statement (a handler that
   * writes one runs them there; otherwise the machinery runs them after the handler). Paths that
   * post outside the machinery (rental invoices) run `onPosted` only.
   */
  postingWrites?: Readonly<Record<string, PostingWritesHook>>;
  /** Before a transition into `posted`. */
  beforePost?: Readonly<Record<string, GuardHook>>;
  /** Before the `cancel` transition. */
  beforeCancel?: Readonly<Record<string, GuardHook>>;
  /**
   * Before any transition, by document then action (`{'purchase-orders': {approve: guard}}`): the
   * licences refuse approving an order of an item whose registration lapsed.
   */
  beforeTransition?: Readonly<Record<string, Readonly<Record<string, GuardHook>>>>;
  /**
   * After a draft's create or update is written (and the save of a save-and-post), before its
   * audit row, in its transaction, with the draft as answered: another area's rules on what the
   * draft names (a receipt line's storage unit, an order line's registration), checked when the
   * user saves rather than only at the post. A refusal stores nothing.
   */
  beforeSave?: Readonly<Record<string, GuardHook>>;
  /** Fields of the area's own on the document's answers. */
  answerFields?: Readonly<Record<string, AnswerFields>>;
  /** Fields of the area's own on each line of the document's answers. */
  answerLineFields?: Readonly<Record<string, LineAnswerFields>>;
}

/**
 * The hooks of the areas an app serves, by document name, bound when the app is built (lib's
 * named hooks: process-wide, handed back when the app closes, so the next file's app in the same
 * worker never runs a fixture's hooks).
 */
const bound = {
  onPosted: namedHooks<PostedHook>(),
  postingWrites: namedHooks<PostingWritesHook>(),
  beforePost: namedHooks<GuardHook>(),
  beforeCancel: namedHooks<GuardHook>(),
  beforeTransition: namedHooks<GuardHook>(),
  beforeSave: namedHooks<GuardHook>(),
  answerFields: namedHooks<AnswerFields>(),
  answerLineFields: namedHooks<LineAnswerFields>(),
};

/** A document's action as one hook name: `purchase-orders approve`. */
const actionKey = (documentName: string, action: string) => `${documentName} ${action}`;

function byAction(hooks: DocumentHookDeclarations['beforeTransition']): Record<string, GuardHook> {
  return Object.fromEntries(Object.entries(hooks ?? {}).flatMap(([documentName, actions]) => Object.entries(actions).map(([action, hook]) => [actionKey(documentName, action), hook])));
}

/** Binds the hooks of `areas` (in their order); answers the function that restores the hooks bound before. */
export function bindDocumentHooks(areas: readonly DocumentHookDeclarations[]): () => void {
  // Refused before anything is bound: which area's field would answer depends on the list's order.
  const byDocument = new Map<string, string[]>();
  for (const area of areas) for (const [documentName, fields] of Object.entries(area.answerFields ?? {})) byDocument.set(documentName, [...(byDocument.get(documentName) ?? []), ...Object.keys(fields.fields)]);
  for (const [documentName, names] of byDocument) {
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice) throw new Error(`Answer field ${documentName}.${twice} is declared by two areas`);
  }
  const restores = [
    bound.onPosted.bind(areas, (area) => area.onPosted),
    bound.postingWrites.bind(areas, (area) => area.postingWrites),
    bound.beforePost.bind(areas, (area) => area.beforePost),
    bound.beforeCancel.bind(areas, (area) => area.beforeCancel),
    bound.beforeTransition.bind(areas, (area) => byAction(area.beforeTransition)),
    bound.beforeSave.bind(areas, (area) => area.beforeSave),
    bound.answerFields.bind(areas, (area) => area.answerFields),
    bound.answerLineFields.bind(areas, (area) => area.answerLineFields),
  ];
  return () => restores.forEach((restore) => restore());
}

/** The document names an area's hooks name: the fold checks each is a document it serves. */
export function hookedDocumentNames(area: DocumentHookDeclarations): string[] {
  return [...new Set([area.onPosted, area.postingWrites, area.beforePost, area.beforeCancel, area.beforeTransition, area.beforeSave, area.answerFields, area.answerLineFields].flatMap((hooks) => Object.keys(hooks ?? {})))];
}

/** Every area's `onPosted` hook of `documentName`, in the areas' order. */
export async function runPostedHooks(tx: Tx, actor: Actor, documentName: string, postedIds: readonly number[]): Promise<void> {
  if (postedIds.length === 0) return;
  for (const hook of bound.onPosted.of(documentName)) await hook(tx, actor, postedIds);
}

/** Every area's `postingWrites` statements of a posting of `document` (a `documentName`), in the areas' order. */
export async function runPostingWritesHooks(tx: Tx, actor: Actor, documentName: string, document: DocumentRow): Promise<AlongsideStatement[]> {
  const statements: AlongsideStatement[] = [];
  for (const hook of bound.postingWrites.of(documentName)) statements.push(...(await hook(tx, actor, document)));
  return statements;
}

/** Every area's guard of `documentName` before a posting, a cancel or a draft's save; what they add to the audit row, together. */
export async function runGuardHooks(tx: Tx, actor: Actor, kind: 'beforePost' | 'beforeCancel' | 'beforeSave', documentName: string, documents: readonly DocumentRow[]): Promise<GuardAudit> {
  return runGuards(bound[kind].of(documentName), tx, actor, documents);
}

/** Every area's guard of `documentName`'s `action` (beforeTransition). */
export async function runTransitionGuards(tx: Tx, actor: Actor, documentName: string, action: string, documents: readonly DocumentRow[]): Promise<GuardAudit> {
  return runGuards(bound.beforeTransition.of(actionKey(documentName, action)), tx, actor, documents);
}

async function runGuards(hooks: readonly GuardHook[], tx: Tx, actor: Actor, documents: readonly DocumentRow[]): Promise<GuardAudit> {
  if (documents.length === 0) return {};
  const added: Record<string, unknown> = {};
  for (const hook of hooks) Object.assign(added, (await hook(tx, actor, documents)) ?? {});
  return added;
}

/** Every area's answer fields of `documentName`, by name (for the API document). */
export function answerFieldSchemas(documentName: string): Record<string, z.ZodType> {
  return Object.assign({}, ...bound.answerFields.of(documentName).map((declared) => declared.fields)) as Record<string, z.ZodType>;
}

/**
 * `rows` with every area's answer fields of `documentName`, on the rows and on their lines (null
 * where an area has none for a row): the batched reads of all areas in one statement, then each
 * `read` of its own, one after the other (a transaction's connection takes one statement at a time).
 */
export async function withAnswerFields<Row extends { id: number }>(executor: Executor, documentName: string, rows: readonly Row[]): Promise<Row[]> {
  if (rows.length === 0) return [...rows];
  const header = bound.answerFields.of(documentName);
  const lineFields = bound.answerLineFields.of(documentName);
  const linesOf = (row: Row) => (row as { lines?: unknown }).lines;
  const withLines = lineFields.length > 0 && rows.some((row) => Array.isArray(linesOf(row)));
  if (header.length === 0 && !withLines) return [...rows];
  const ids = rows.map((row) => row.id);
  const lineIds = withLines
    ? rows.flatMap((row) => {
        const lines = linesOf(row);
        return Array.isArray(lines) ? lines.flatMap((line: { id?: unknown }) => (typeof line?.id === 'number' ? [line.id] : [])) : [];
      })
    : [];
  const reads = [...header.map((fields) => ({ fields, ids })), ...(withLines ? lineFields.map((fields) => ({ fields, ids: lineIds })) : [])];
  const values = await readAll(executor, reads);
  const headerValues = values.slice(0, header.length);
  const lineValues = values.slice(header.length);
  const valuesOf = (fields: { fields: Readonly<Record<string, z.ZodType>> }, found: AnswerValues, id: number) =>
    Object.fromEntries(Object.keys(fields.fields).map((name) => [name, found.get(id)?.[name] ?? null]));
  return rows.map((row) => {
    const answered: Record<string, unknown> = Object.assign({ ...row }, ...header.map((fields, index) => valuesOf(fields, headerValues[index]!, row.id)));
    const lines = linesOf(row);
    if (!withLines || !Array.isArray(lines)) return answered as Row;
    answered.lines = lines.map((line: Record<string, unknown>) => {
      let next = { ...line };
      lineFields.forEach((fields, index) => {
        const found = valuesOf(fields, lineValues[index]!, line.id as number);
        next = fields.into ? { ...next, [fields.into]: { ...((next[fields.into] as Record<string, unknown> | null) ?? {}), ...found } } : { ...next, ...found };
      });
      return next;
    });
    return answered as Row;
  });
}

/** Each read's values, in order: the batched ones from one statement, the others by their own reads. */
async function readAll(executor: Executor, reads: ReadonlyArray<{ fields: AnswerRead; ids: readonly number[] }>): Promise<AnswerValues[]> {
  const batched = reads.flatMap((read, index) => (read.fields.batched && read.ids.length > 0 ? [{ index, batched: read.fields.batched, ids: read.ids }] : []));
  const values: AnswerValues[] = reads.map(() => new Map());
  if (batched.length > 0) {
    const columns = batched.map((read, at) => sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${read.batched.rows(read.ids)}) r) AS ${sql.identifier(`r${at}`)}`);
    const [row] = await queryPrepared<Record<string, ReadonlyArray<Record<string, unknown>>>>(executor, sql`SELECT ${sql.join(columns, sql`, `)}`);
    for (const [at, read] of batched.entries()) values[read.index] = await read.batched.answers(row![`r${at}`] ?? [], read.ids, executor);
  }
  for (const [index, read] of reads.entries()) {
    if (read.fields.read && read.ids.length > 0) values[index] = await read.fields.read(executor, read.ids);
  }
  return values;
}
