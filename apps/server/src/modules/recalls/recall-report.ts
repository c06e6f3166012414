import { type LotTrace, permittedIds, type RecallDetail, type RecallReconciliation, recallMessages, type RecallReport } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, jsonValue, queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { listDisposals } from './recall-disposals.ts';
import { noticeRowsOf } from './recall-notices.ts';
import { traceLots } from './recall-trace.ts';

/** The trace's figures as the reconciliation answers them: per lot, totals, and whether it balances. */
export function reconciliationOf(trace: LotTrace): RecallReconciliation {
  const { transferredIn: _in, transferredOut: _out, ...totals } = trace.totals;
  return { lines: trace.lines, totals, balanced: trace.lines.every((line) => line.difference === 0) && totals.difference === 0 };
}

async function storedNoticeRows(executor: Executor, recallId: number) {
  const rows = await queryRows<{ customerId: number; sentOn: string | null; sentVia: 'courier' | 'email' | 'hand' | 'phone' | null; acknowledgedOn: string | null }>(
    executor,
    sql`SELECT customer_id AS "customerId", sent_on::text AS "sentOn", sent_via AS "sentVia", acknowledged_on::text AS "acknowledgedOn" FROM recall_notices WHERE recall_id = ${recallId}::int`,
  );
  return new Map(rows.map((r) => [Number(r.customerId), { ...r, customerId: Number(r.customerId) }]));
}

/**
 * Why an open recall may not close yet, company-wide (issue 31, section 2): customers on the
 * trace never sent a notice (named), units on hand (where), a reconciliation that does not balance.
 */
export async function closeRefusals(executor: Executor, recallId: number): Promise<Record<string, string>> {
  // One after another: inside a close's transaction, one connection runs one statement at a time.
  const trace = await traceLots(executor, { recallId }, undefined);
  const stored = await storedNoticeRows(executor, recallId);
  const refusals: Record<string, string> = {};
  const unsent = noticeRowsOf(trace, stored).filter((row) => row.sentOn === null);
  if (unsent.length > 0) refusals.notices = recallMessages.noticesUnsent(unsent.map((row) => row.customerName));
  if (trace.onHand.length > 0) {
    const places = trace.onHand.map((row) => `${row.quantity} of lot ${row.lotNumber} in ${row.regionName}${row.locationKind === 'warehouse' ? '' : row.locationKind === 'transit' ? ' (in transit)' : ' (at a customer)'}`);
    refusals.onHand = recallMessages.unitsLeft(places);
  }
  if (trace.totals.difference !== 0) refusals.difference = recallMessages.difference(trace.totals.difference);
  return refusals;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** `2026-12-03T10:00:00.000Z` or a Date: its day in the server's calendar, as `todayIso` says days. */
const dayOf = (at: unknown): string | null => (at === null || at === undefined ? null : todayIso(new Date(at as string)));

async function userName(executor: Executor, userId: number | null): Promise<{ id: number; name: string } | null> {
  if (userId === null) return null;
  const [row] = await queryRows<{ name: string }>(executor, sql`SELECT name FROM users WHERE id = ${userId}::int`);
  return { id: userId, name: row?.name ?? '' };
}

/** The report of the recall as the actor may see it now (a user kept to regions: their part). */
async function liveReport(executor: Executor, recall: RecallDetail, actor: Actor, closing?: { closedAt: string; closedBy: number; closingNotes: string }): Promise<RecallReport> {
  const regions = permittedIds(actor.permissions, 'regions');
  const trace = await traceLots(executor, { recallId: recall.id }, regions);
  const stored = await storedNoticeRows(executor, recall.id);
  const disposals = await listDisposals(executor, actor, recall.id);
  const closedAt = closing?.closedAt ?? (recall.closedAt as string | null);
  const closedBy = closing?.closedBy ?? (recall.closedBy as number | null);
  const openedOn = dayOf(recall.openedAt);
  const closedOn = dayOf(closedAt);
  const regionNames = new Map(trace.customers.map((c) => [c.customerId, c.regionName]));
  return {
    recall: {
      id: recall.id,
      documentNumber: recall.documentNumber,
      recallDate: recall.recallDate,
      recallClass: recall.recallClass,
      source: recall.source,
      sourceReference: recall.sourceReference,
      sourceDate: recall.sourceDate,
      reason: recall.reason,
      instructions: recall.instructions,
      status: closing ? 'closed' : recall.status,
      openedAt: recall.openedAt,
      reportDueDate: recall.reportDueDate,
      closedAt,
      closingNotes: closing?.closingNotes ?? recall.closingNotes,
      daysToClose: openedOn && closedOn ? daysBetween(openedOn, closedOn) : null,
    },
    lots: recall.lines,
    reconciliation: reconciliationOf(trace),
    customers: noticeRowsOf(trace, stored).map((row) => {
      const traced = trace.customers.find((c) => c.customerId === row.customerId)!;
      return {
        customerName: row.customerName,
        regionName: regionNames.get(row.customerId) ?? '',
        sold: traced.sold,
        returned: traced.returned,
        sentOn: row.sentOn,
        sentVia: row.sentVia,
        acknowledgedOn: row.acknowledgedOn,
      };
    }),
    disposals,
    closedBy: await userName(executor, closedBy),
    frozen: closing !== undefined || recall.status === 'closed',
  };
}

/** The report a close freezes: company-wide, as it stands at the close. */
export async function frozenReport(executor: Executor, recall: RecallDetail, actor: Actor, closingNotes: string): Promise<RecallReport> {
  const [row] = await queryRows<{ now: string | Date }>(executor, sql`SELECT now() AS now`);
  return liveReport(executor, recall, actor, { closedAt: new Date(row!.now).toISOString(), closedBy: actor.userId, closingNotes });
}

/**
 * GET /api/recalls/:id/report: a closed recall answers the report its close froze to a user of
 * every region; anyone else, and an open recall, the report as it stands (their regions' part).
 */
export async function recallReport(executor: Executor, recall: RecallDetail, actor: Actor): Promise<RecallReport> {
  if (recall.status === 'closed' && !permittedIds(actor.permissions, 'regions')) {
    const [row] = await queryRows<{ report: unknown }>(executor, sql`SELECT report FROM recalls WHERE id = ${recall.id}::int`);
    if (row?.report) return jsonValue<RecallReport>(row.report);
  }
  return liveReport(executor, recall, actor);
}
