import type { Tx } from '../db/client.ts';

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
