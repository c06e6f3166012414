import { z } from 'zod';
import { canAccessRoute, type LayoutRoute } from '../access/routes.ts';
import { isReadOnlyRole, type Role } from '../access/roles.ts';
import { hasScope } from '../access/scopes.ts';
import { fromMinorUnits, isDecimalString, sumFitsColumn, toMinorUnits } from '../money.ts';
import { type FieldDeclaration, fieldSchema, type ListTotalDeclaration } from '../resource/declaration.ts';

/**
 * A business document (journal, purchase order, invoice...) declared once: its fields, its
 * lines, its states and the transitions between them (Tryton's Workflow). The server's
 * generic routes, runTransition and the web's document screens are derived from it.
 */

/** What a transition stamps on the document: `<stamp>_at` and `<stamp>_by`. */
export type DocumentStamp =
  | 'posted'
  | 'cancelled'
  | 'approved'
  | 'dispatched'
  | 'received'
  | 'sent'
  | 'accepted'
  | 'rejected'
  | 'deposited'
  | 'cleared'
  | 'bounced'
  | 'disposed'
  | 'submitted'
  | 'converted'
  | 'discarded'
  | 'activated'
  | 'closed'
  | 'locked'
  | 'unlocked';

export interface TransitionDeclaration<State extends string> {
  from: readonly State[];
  to: State;
  /** A scope beyond the route (`journals:cancel`); absent, anyone who may write on the route may run it. */
  scope?: string;
  stamp?: DocumentStamp;
  /** This transition gives the document its number (`<prefix>-<year>-<6 digits>`), unless it has one. */
  numbers?: boolean;
  /** The button's label: 'Post'. */
  label: string;
  /** The answer's message: 'Journal posted'. */
  done: string;
  /** Asked before running, when the step cannot be undone. */
  confirm?: string;
  /** The body the action takes (a cheque's deposit: bank account and date); absent, the body is ignored. */
  input?: z.ZodObject;
}

export interface DocumentDeclaration<State extends string, Action extends string> {
  /** API path segment (`/api/journals`), audit resource and scope prefix (`journals:delete`). */
  name: string;
  /** The screen; decides who may call the API (spec section 6). */
  route: LayoutRoute;
  title: string;
  /** Singular noun for messages: 'journal'. */
  singular: string;
  /** Numbers: `JV-2026-000123`. */
  numberPrefix: string;
  /**
   * The `document_type` its ledger rows carry (gl_entries, stock_moves). The rule: the name
   * (plural, like routes). Only the six documents that posted before the rule declare the
   * singular their rows already hold ('journal', 'invoice'...): the ledgers are append-only,
   * so their history keeps its word (docs/decisions/platform.md, issue 16).
   */
  documentType?: string;
  /** The wire key of the number when it is not only `documentNumber` (journals: `journalNumber`). */
  numberField?: string;
  /** The wire key of the document's date (`journalDate`): the list's from/to filter, the number's year, the period check. */
  dateField: string;
  /** Header fields; the date field is one of them. */
  fields: readonly FieldDeclaration[];
  lines: {
    fields: readonly FieldDeclaration[];
    min: number;
    max: number;
    /** A line's value, quantity x price (line field names), whose sum is a total of the document (`totalValue`). */
    value?: { quantity: string; price: string };
    /** The lines' wire key when not `lines` (a receipt's `allocations`); `max: 0` means the document has none. */
    key?: string;
    /** The key may be left out (a receipt without allocations: the server proposes them). */
    optional?: boolean;
    /** The lines' own rule, when a record kept its messages from before it was a document (a consignment's lines); the fields still name and label them. */
    schema?: z.ZodType;
  };
  states: readonly State[];
  stateLabels: Readonly<Record<State, string>>;
  /** The states in which the document and its lines may be changed or deleted (draft). */
  editableIn: readonly State[];
  /**
   * Set for a document numbered when its draft is created (a Generate Order run): its drafts are
   * never deleted, so no number is lost (numbers stay gapless per prefix and year). The message a
   * delete answers (409), naming the transition that ends a draft instead.
   */
  keepsDrafts?: string;
  transitions: Readonly<Record<Action, TransitionDeclaration<State>>>;
  /**
   * Money columns of the list row the list sums over its whole filter (every page), answered as
   * `totals` and shown as the list's totals row: an invoice's subtotal, tax and total.
   */
  listTotals?: readonly ListTotalDeclaration[];
  /**
   * A posted record (a consignment, a service visit, a deposit): its create writes it and runs
   * its `post` transition in the one transaction, so no draft is ever seen; it is never changed
   * or deleted, and `cancel` posts its reversal (postedRecordWorkflow gives both transitions).
   */
  postOnCreate?: boolean;
  /** A document kept as it came in (a bank statement): deleted while editable, never updated, so no row offers Edit. */
  neverUpdated?: boolean;
}

/** How an editable document may be changed: a kept draft is never deleted, a document kept as it came never updated. */
function changesOf(declaration: { keepsDrafts?: string; neverUpdated?: boolean }): readonly ('edit' | 'delete')[] {
  if (declaration.keepsDrafts) return ['edit'];
  return declaration.neverUpdated ? ['delete'] : ['edit', 'delete'];
}

/** What a user may do with one document, in button order. */
export type DocumentAction<Action extends string> = 'edit' | 'delete' | Action;

export interface DocumentUser {
  role: Role;
  scopes?: readonly string[];
}

export interface DocumentDefinition<State extends string = string, Action extends string = string> extends DocumentDeclaration<State, Action> {
  /** The declared `documentType`, else the name. */
  documentType: string;
  /** The `<stamp>` of every transition that stamps (`posted`, `cancelled`): a `<stamp>_at` and `<stamp>_by` column each. */
  stamps: readonly DocumentStamp[];
  actions: readonly Action[];
  /** Header and lines, as a draft save sends them. */
  inputSchema: z.ZodObject;
  /** The body of a create or update: the input plus `post: true` to save and post in one transaction. */
  saveSchema: z.ZodObject;
  canTransition(status: State, action: Action): boolean;
  isEditable(status: State): boolean;
  /** Whether the user's role and scopes allow an action at all (the state aside). */
  mayRun(user: DocumentUser, action: DocumentAction<Action>): boolean;
  /** The actions a user may take on a document now: state, scope, and the auditor's read-only role. */
  allowedActions(document: { status: State }, user: DocumentUser | undefined): DocumentAction<Action>[];
  messages: {
    notEditable: string;
    cannot(action: Action, status: State): string;
  };
}

const numberWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A field's rule in a document: required as declared; otherwise its default, or absent. */
function documentFieldSchema(field: FieldDeclaration): z.ZodType {
  // A field's own schema says everything, its default included.
  if (field.schema) return fieldSchema(field);
  const base = fieldSchema(field);
  if (field.required) return base;
  return field.defaultValue !== undefined ? base.default(field.defaultValue as never) : base.optional();
}

function objectOf(fields: readonly FieldDeclaration[]) {
  return z.strictObject(Object.fromEntries(fields.filter((f) => f.form !== false).map((f) => [f.name, documentFieldSchema(f)])));
}

type LineInput = Record<string, unknown>;

/** The line's value, quantity x price, as a decimal string; absent while either is not a number. */
function lineValue(line: LineInput, value: { quantity: string; price: string }): string | undefined {
  const quantity = line[value.quantity];
  const price = line[value.price];
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || typeof price !== 'string' || !isDecimalString(price.trim(), 2, Number.POSITIVE_INFINITY)) return undefined;
  const product = BigInt(quantity) * toMinorUnits(price);
  return fromMinorUnits(product < 0n ? -product : product);
}

/**
 * The document's totals must fit their numeric(18, 2) columns: lines that each fit may
 * overflow together. Refused on `lines`, before the database would answer without a field.
 */
function totalsProblem(declaration: { lines: DocumentDeclaration<string, string>['lines'] }, lines: readonly LineInput[]): string | undefined {
  for (const field of declaration.lines.fields) {
    if (field.kind !== 'decimal') continue;
    const values = lines.flatMap((line) => (typeof line[field.name] === 'string' ? [line[field.name] as string] : []));
    if (!sumFitsColumn(values, field.scale ?? 2)) return documentMessages.totalTooLarge(field.label);
  }
  const { value } = declaration.lines;
  // Values summed without their sign: each one, and any net of them, must fit.
  if (value && !sumFitsColumn(lines.flatMap((line) => lineValue(line, value) ?? []))) return documentMessages.totalTooLarge('Value');
  return undefined;
}

export const documentMessages = {
  totalTooLarge: (label: string) => `The ${label.toLowerCase()} total would have more than 16 digits before the decimal point`,
};

export function defineDocument<const State extends string, const Action extends string>(
  declaration: DocumentDeclaration<State, Action>,
): DocumentDefinition<State, Action> {
  const { singular, lines } = declaration;
  const count = (n: number) => numberWords[n] ?? String(n);
  const lineArray = lines.schema ?? z
    .array(objectOf(lines.fields))
    .min(lines.min, { error: `A ${singular} needs at least ${count(lines.min)} line${lines.min === 1 ? '' : 's'}` })
    .max(lines.max, { error: `A ${singular} holds at most ${lines.max} lines` })
    .superRefine((list, context) => {
      const problem = totalsProblem(declaration, list);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
  const header = objectOf(declaration.fields);
  const inputSchema = lines.max === 0 ? header : header.extend({ [lines.key ?? 'lines']: lines.optional ? lineArray.optional() : lineArray });
  if (declaration.postOnCreate && !(['post', 'cancel'] as string[]).every((action) => action in declaration.transitions)) {
    throw new Error(`${declaration.name}: a posted record declares post and cancel (postedRecordWorkflow)`);
  }
  // A posted record is always posted by its create: no `post` key to send.
  const saveSchema = declaration.postOnCreate ? inputSchema : inputSchema.extend({ post: z.boolean({ error: 'Post must be true or false' }).optional() });
  const actions = Object.keys(declaration.transitions) as Action[];

  const canTransition = (status: State, action: Action) => declaration.transitions[action]?.from.includes(status) ?? false;
  const isEditable = (status: State) => declaration.editableIn.includes(status);
  const mayRun = (user: DocumentUser, action: DocumentAction<Action>) => {
    if (isReadOnlyRole(user.role) || !canAccessRoute(user.role, declaration.route)) return false;
    if (action === 'edit') return true;
    const scope = action === 'delete' ? `${declaration.name}:delete` : declaration.transitions[action as Action].scope;
    return scope === undefined || hasScope(user.role, user.scopes, scope);
  };

  const stamps = [...new Set(actions.flatMap((action) => declaration.transitions[action].stamp ?? []))];

  return {
    ...declaration,
    documentType: declaration.documentType ?? declaration.name,
    stamps,
    actions,
    inputSchema,
    saveSchema,
    canTransition,
    isEditable,
    mayRun,
    allowedActions(document, user) {
      if (!user) return [];
      const possible: DocumentAction<Action>[] = [
        ...(isEditable(document.status) && !declaration.postOnCreate ? changesOf(declaration) : []),
        ...actions.filter((action) => canTransition(document.status, action)),
      ];
      return possible.filter((action) => mayRun(user, action));
    },
    messages: {
      notEditable: declaration.postOnCreate
        ? `A ${singular} is kept as recorded: cancel it and record another`
        : `Only a ${declaration.editableIn.map((s) => declaration.stateLabels[s].toLowerCase()).join(' or ')} can be changed`,
      cannot: (action, status) => `A ${status} ${singular} cannot be ${declaration.transitions[action].done.split(' ').at(-1)}`,
    },
  };
}
