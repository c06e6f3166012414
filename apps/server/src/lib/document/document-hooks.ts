import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { namedHooks } from '../named-hooks.ts';
import type { DocumentRow } from './document-binding.ts';

/**
 * Runs inside the posting's transaction after its rows are written, once per batch (a batch of
 * one for a single document): what another area keeps of a posting (a row of its own table, an
 * outbox entry). A throw rolls the whole posting back.
 */
export type PostedHook = (tx: Tx, actor: Actor, postedIds: readonly number[]) => Promise<void>;

/**
 * Runs before a posting or a cancel writes anything, with the documents as read (locked): may
 * refuse with the usual errors (ConflictError 409, BadRequestError 400 naming the field), and
 * then nothing is stored. It may answer keys the transition's audit row carries (the licences'
 * `licenceOverride` when a holder of the override posts past an expired licence).
 */
export type GuardHook = (tx: Tx, actor: Actor, documents: readonly DocumentRow[]) => Promise<void | GuardAudit>;

/** What a guard adds to its transition's audit row, under keys of its area's own. */
export type GuardAudit = Readonly<Record<string, unknown>>;

/**
 * Fields an area adds to another area's document answers (its GET, its list rows, the answers of
 * its saves and transitions): FBR's state of an invoice. Read for a whole page of ids at once.
 */
export interface AnswerFields {
  /** The fields and their types, for the API document. */
  fields: Readonly<Record<string, z.ZodType>>;
  /** Each id's values; an id the map lacks answers every field null. */
  read(executor: Executor, ids: readonly number[]): Promise<ReadonlyMap<number, Readonly<Record<string, unknown>>>>;
}

/**
 * Fields an area adds to each line of another area's document answers (GET and the answers of its
 * saves and transitions; list rows have no lines), under the line's `into` object (`item`: the
 * licences' `item.registrationNumber` on an invoice line) or on the line itself. Read by line id.
 */
export interface LineAnswerFields {
  into?: string;
  fields: Readonly<Record<string, z.ZodType>>;
  read(executor: Executor, lineIds: readonly number[]): Promise<ReadonlyMap<number, Readonly<Record<string, unknown>>>>;
}

/** What an area's manifest may add to other areas' documents, by document name (`invoices`, `sales-returns`). */
export interface DocumentHookDeclarations {
  /** After a transition into `posted` (and every other path that posts the type, as rental invoices do). */
  onPosted?: Readonly<Record<string, PostedHook>>;
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
  return [...new Set([area.onPosted, area.beforePost, area.beforeCancel, area.beforeTransition, area.beforeSave, area.answerFields, area.answerLineFields].flatMap((hooks) => Object.keys(hooks ?? {})))];
}

/** Every area's `onPosted` hook of `documentName`, in the areas' order. */
export async function runPostedHooks(tx: Tx, actor: Actor, documentName: string, postedIds: readonly number[]): Promise<void> {
  if (postedIds.length === 0) return;
  for (const hook of bound.onPosted.of(documentName)) await hook(tx, actor, postedIds);
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

/** `rows` with every area's answer fields of `documentName` (null where an area has none for a row): one read per area for the lot. */
export async function withAnswerFields<Row extends { id: number }>(executor: Executor, documentName: string, rows: readonly Row[]): Promise<Row[]> {
  const declared = bound.answerFields.of(documentName);
  if (rows.length === 0) return [...rows];
  if (declared.length === 0) return withLineAnswerFields(executor, documentName, rows);
  return withLineAnswerFields(executor, documentName, await withHeaderAnswerFields(executor, declared, rows));
}

async function withHeaderAnswerFields<Row extends { id: number }>(executor: Executor, declared: readonly AnswerFields[], rows: readonly Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.id);
  // One after the other: a transaction's connection takes one statement at a time.
  const values: ReadonlyMap<number, Readonly<Record<string, unknown>>>[] = [];
  for (const fields of declared) values.push(await fields.read(executor, ids));
  return rows.map((row) =>
    Object.assign(
      { ...row },
      ...declared.map((fields, index) => Object.fromEntries(Object.keys(fields.fields).map((name) => [name, values[index]!.get(row.id)?.[name] ?? null]))),
    ),
  );
}

/** The rows' lines (where a row carries `lines`) with every area's line fields of `documentName`. */
async function withLineAnswerFields<Row extends { id: number }>(executor: Executor, documentName: string, rows: readonly Row[]): Promise<Row[]> {
  const declared = bound.answerLineFields.of(documentName);
  const linesOf = (row: Row) => (row as { lines?: unknown }).lines;
  if (declared.length === 0 || !rows.some((row) => Array.isArray(linesOf(row)))) return [...rows];
  const lineIds = rows.flatMap((row) => {
    const lines = linesOf(row);
    return Array.isArray(lines) ? lines.flatMap((line: { id?: unknown }) => (typeof line?.id === 'number' ? [line.id] : [])) : [];
  });
  const values: ReadonlyMap<number, Readonly<Record<string, unknown>>>[] = [];
  for (const fields of declared) values.push(lineIds.length === 0 ? new Map() : await fields.read(executor, lineIds));
  return rows.map((row) => {
    const lines = linesOf(row);
    if (!Array.isArray(lines)) return row;
    const answered = lines.map((line: Record<string, unknown>) => {
      let next = { ...line };
      declared.forEach((fields, index) => {
        const found = Object.fromEntries(Object.keys(fields.fields).map((name) => [name, values[index]!.get(line.id as number)?.[name] ?? null]));
        next = fields.into ? { ...next, [fields.into]: { ...((next[fields.into] as Record<string, unknown> | null) ?? {}), ...found } } : { ...next, ...found };
      });
      return next;
    });
    return { ...row, lines: answered };
  });
}
