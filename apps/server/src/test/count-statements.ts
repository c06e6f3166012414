import type { Tx } from '../db/client.ts';

/** Every statement the transaction's session prepares or runs from now on (drizzle sends each through prepareQuery): the set-based tests' count. */
export function countStatements(tx: Tx): { count: number } {
  const counter = { count: 0 };
  const session = (tx as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const original = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    counter.count += 1;
    return original(...args);
  };
  return counter;
}
