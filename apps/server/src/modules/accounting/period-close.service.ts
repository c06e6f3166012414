import { periodCloseMessages, yearEndCloseMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { periodClose } from '../../db/schema/index.ts';
import { closedThrough, todayIso } from '../../ledger/general-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { closedYearsThrough } from './year-end-close.service.ts';

/**
 * Moves the close date under the row lock (it waits for postings in flight), unless `refusal` of
 * the current date says why not; one audit row. `refusal` runs after the lock: what it reads is
 * read by later statements, so it sees what a close or year-end close that held the lock committed.
 */
async function setClosedThrough(
  tx: Tx,
  actor: Actor,
  action: 'close-period' | 'reopen-period',
  value: string | null,
  refusal: (current: string | null) => string | undefined | Promise<string | undefined>,
): Promise<string | null> {
  await tx.execute(sql`SELECT 1 FROM period_close WHERE id = 1 FOR UPDATE`);
  const before = await closedThrough(tx);
  const refused = await refusal(before);
  if (refused) throw new BadRequestError({ closedThrough: refused });
  await tx
    .insert(periodClose)
    .values({ id: 1, closedThrough: value, updatedBy: actor.userId })
    .onConflictDoUpdate({ target: periodClose.id, set: { closedThrough: value, updatedBy: actor.userId, updatedAt: sql`now()` } });
  await audit(tx, auditActorOf(actor), { action, resource: 'period-close', recordId: 1, before: { closedThrough: before }, after: { closedThrough: value } });
  return value;
}

/** Closes the periods through a day: forward only (or the same day), never past today. */
export async function closePeriods(tx: Tx, actor: Actor, through: string): Promise<string | null> {
  const today = todayIso();
  if (through > today) throw new BadRequestError({ closedThrough: periodCloseMessages.future(today) });
  return setClosedThrough(tx, actor, 'close-period', through, (current) => (current !== null && through < current ? periodCloseMessages.backwards(current) : undefined));
}

/** Reopens periods: closed through an earlier day, or null (all open). */
export async function reopenPeriods(tx: Tx, actor: Actor, through: string | null): Promise<string | null> {
  return setClosedThrough(tx, actor, 'reopen-period', through, async (current) => {
    if (current === null || (through !== null && through >= current)) return periodCloseMessages.reopenForward(current);
    // A closed fiscal year stays closed (issue 27): its closing journal holds its result. Read
    // under the lock a year-end close takes too: read before it, a close committed while this
    // reopen waited would go unseen, and the reopen would open its year again.
    const closedYear = await closedYearsThrough(tx);
    if (closedYear && (through === null || through < closedYear.to)) return yearEndCloseMessages.reopenClosedYear(closedYear.fiscalYear, closedYear.to);
    return undefined;
  });
}
