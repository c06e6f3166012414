import type { ResourceDeclaration } from '@erp/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

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

/** A resource's special needs; everything not given here is served by the generic code. */
export interface ResourceHooks {
  /** Extra columns of every row (users: permissions, scopes, lastLoginAt). */
  rowColumns?: Record<string, AnyPgColumn>;
  /** Extra keys of every option (users: username, role); a column or an expression over the row (accounts: the head's name). */
  optionColumns?: Record<string, AnyPgColumn | SQL>;
  /** Narrows the rows a caller may see and change (the user's permissions), applied inside the query. */
  rowScope?: RowScope;
  create?: (request: FastifyRequest) => Promise<Row>;
  update?: (request: FastifyRequest, id: number) => Promise<Row>;
  remove?: (request: FastifyRequest, id: number) => Promise<void>;
  /** `POST /api/<resource>/:id/<action>`: state changes. Each answers the envelope's extra keys. */
  actions?: Record<string, (request: FastifyRequest, id: number) => Promise<{ message: string; data?: Row }>>;
  /** The bodies the hooks above parse, for the API document; the declaration's schemas otherwise. */
  schemas?: { create?: ZodType; update?: ZodType; actions?: Record<string, ZodType> };
}

export interface ResourceBinding {
  declaration: ResourceDeclaration;
  table: PgTable;
  hooks?: ResourceHooks;
}
