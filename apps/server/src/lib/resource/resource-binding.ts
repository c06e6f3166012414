import type { ResourceDeclaration } from '@erp/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';
import type { AppServices } from '../app-services.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../actor.ts';

export type Row = Record<string, unknown>;

/**
 * Whose rows: anything carrying the caller's permission lists, a request's user
 * (`auth.user`) or a service's actor (lib/actor.ts).
 */
export interface RowScopeSubject {
  permissions: Readonly<Record<string, readonly number[] | undefined>>;
}

/** The condition that keeps a caller to their rows, on reads and writes alike; undefined allows all. */
export type RowScope = (subject: RowScopeSubject) => SQL | undefined;

/**
 * Writes that belong with a generic create, update or delete, in its transaction: a vendor's
 * or customer's own ledger account is created, renamed and removed with it.
 */
export interface ResourceWriteHooks {
  /** Columns the server adds to a new row (the account it just created), after the input is validated. */
  beforeInsert?: (tx: Executor, actor: Actor, input: Row) => Promise<Row>;
  /** Writes that need the new row's id (an item's first tax facts from the body's `taxFacts`), before the row is read back. */
  afterInsert?: (tx: Executor, actor: Actor, id: number, input: Row) => Promise<void>;
  /**
   * Refuses a change the declaration cannot express (who may give a row which values), before it
   * is written; may answer columns the server sets with it (a default that follows a changed field).
   */
  beforeUpdate?: (tx: Executor, actor: Actor, before: Row, input: Row) => Promise<void | Row>;
  afterUpdate?: (tx: Executor, actor: Actor, before: Row, after: Row) => Promise<void>;
  /** Refuses a delete the generic checks cannot see (postings on the account). */
  beforeDelete?: (tx: Executor, actor: Actor, before: Row) => Promise<void>;
  afterDelete?: (tx: Executor, actor: Actor, before: Row) => Promise<void>;
}

/** A resource's special needs; everything not given here is served by the generic code. */
export interface ResourceHooks {
  /** Writes joining the generic create, update and delete's transaction. */
  writes?: ResourceWriteHooks;
  /** Extra columns of every row (users: permissions, scopes, lastLoginAt); a column or an expression over the row (customers: the balance). */
  rowColumns?: Record<string, AnyPgColumn | SQL>;
  /** Extra keys of every option (users: username, role); a column or an expression over the row (accounts: the head's name). */
  optionColumns?: Record<string, AnyPgColumn | SQL>;
  /** Narrows the rows a caller may see and change (the user's permissions), applied inside the query. */
  rowScope?: RowScope;
  /** The condition of each of the declaration's `namedFilters`, for the caller (items below reorder level in their warehouses). */
  namedFilters?: Record<string, (subject: RowScopeSubject) => SQL>;
  /** The expression over the row each of the declaration's `listTotals` sums (an account's balance). */
  listTotals?: Record<string, SQL>;
  /**
   * Writes replacing the generic ones; `input` is the body as `schemas` (or the declaration's)
   * validated it, `ctx` the app's services (bindings are declared before any app exists).
   */
  create?: (actor: Actor, input: Row, ctx: AppServices) => Promise<Row>;
  update?: (actor: Actor, id: number, input: Row, ctx: AppServices) => Promise<Row>;
  remove?: (actor: Actor, id: number, ctx: AppServices) => Promise<void>;
  /** `POST /api/<resource>/:id/<action>`: state changes. Each answers the envelope's extra keys. */
  actions?: Record<string, (actor: Actor, id: number, input: Row | undefined, ctx: AppServices) => Promise<{ message: string; data?: Row }>>;
  /** The bodies the hooks above take: they validate them and document them; the declaration's schemas otherwise. */
  schemas?: { create?: ZodType; update?: ZodType; actions?: Record<string, ZodType> };
}

export interface ResourceBinding {
  /**
   * The resource's records are found by the command palette (lib/search): by name, and by the
   * `code` field when given (an item's article number).
   */
  search?: true | { code: string };
  declaration: ResourceDeclaration;
  table: PgTable;
  hooks?: ResourceHooks;
}
