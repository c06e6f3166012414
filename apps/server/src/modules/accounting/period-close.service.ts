import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { periodClose } from '../../db/schema/index.ts';
import { closedThrough } from '../../ledger/general-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { audit } from '../../plugins/audit.ts';

/** Closes the periods through a date, or with null reopens every one. The row lock waits for postings in flight. */
export async function closePeriods(tx: Tx, actor: Actor, through: string | null): Promise<string | null> {
  await tx.execute(sql`SELECT 1 FROM period_close WHERE id = 1 FOR UPDATE`);
  const before = await closedThrough(tx);
  await tx
    .insert(periodClose)
    .values({ id: 1, closedThrough: through, updatedBy: actor.userId })
    .onConflictDoUpdate({ target: periodClose.id, set: { closedThrough: through, updatedBy: actor.userId, updatedAt: sql`now()` } });
  await audit(tx, auditActorOf(actor), { action: 'close-period', resource: 'period-close', recordId: 1, before: { closedThrough: before }, after: { closedThrough: through } });
  return through;
}
