import type { ResourceDeclaration } from '@erp/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../app-context.ts';

export type Row = Record<string, unknown>;

/** A resource's special needs; everything not given here is served by the generic code. */
export interface ResourceHooks {
  /** Extra columns of every row (users: permissions, scopes, lastLoginAt). */
  rowColumns?: Record<string, AnyPgColumn>;
  /** Extra keys of every option (users: username, role); a column or an expression over the row (accounts: the head's name). */
  optionColumns?: Record<string, AnyPgColumn | SQL>;
  /** Narrows the rows a caller may see (the user's permissions), applied inside the query. */
  rowScope?: (auth: AuthContext) => SQL | undefined;
  create?: (request: FastifyRequest) => Promise<Row>;
  update?: (request: FastifyRequest, id: number) => Promise<Row>;
  remove?: (request: FastifyRequest, id: number) => Promise<void>;
  /** `POST /api/<resource>/:id/<action>`: state changes. Each answers the envelope's extra keys. */
  actions?: Record<string, (request: FastifyRequest, id: number) => Promise<{ message: string; data?: Row }>>;
}

export interface ResourceBinding {
  declaration: ResourceDeclaration;
  table: PgTable;
  hooks?: ResourceHooks;
}
