import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db, Tx } from '../db/client.ts';

/** Every statement the transaction's session prepares or runs from now on (drizzle sends each through prepareQuery): the set-based tests' count. */
export function countStatements(tx: Tx): { count: number; restore(): void } {
  const session = (tx as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const original = session.prepareQuery;
  // A database's session outlives the count (a sender's, given the app's database): restore hands it back.
  const counter = { count: 0, restore: () => void (session.prepareQuery = original) };
  session.prepareQuery = (...args: unknown[]) => {
    counter.count += 1;
    return original.apply(session, args);
  };
  return counter;
}

/**
 * A second handle on the same database (the same pool or PGlite), with a session of its own: a
 * count on it sees only the statements of the code handed it, not those the app's own timers send
 * through the app's handle meanwhile.
 */
export function ownHandle(database: Database): Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return (database.kind === 'pglite' ? drizzlePglite({ client: client as PGlite }) : drizzleNodePostgres({ client: client as pg.Pool })) as unknown as Db;
}
