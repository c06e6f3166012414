import {
  type LotTrace,
  type NoticeAcknowledgedInput,
  type NoticeChannel,
  type NoticeDocument,
  type NoticeSentInput,
  permittedIds,
  recallMessages,
  type RecallNoticeRow,
  type RecallStatus,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { traceLots } from './recall-trace.ts';

export interface RecallHead {
  id: number;
  status: RecallStatus;
  documentNumber: string | null;
}

/** The recall's head, locked when a record is written on it (a close waits for it, and it for a close); 404 when missing. */
export async function recallHead(executor: Executor, id: number, lock = false): Promise<RecallHead> {
  const [row] = await queryRows<RecallHead>(
    executor,
    sql`SELECT id, status, document_number AS "documentNumber" FROM recalls WHERE id = ${id}::int ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
  );
  if (!row) throw new NotFoundError();
  return { ...row, id: Number(row.id) };
}

/** Records are written only while the recall is open (409 otherwise). */
export function assertOpen(head: RecallHead): void {
  if (head.status !== 'open') throw new ConflictError(recallMessages.notOpen(head.status));
}

interface StoredNotice {
  customerId: number;
  sentOn: string | null;
  sentVia: NoticeChannel | null;
  acknowledgedOn: string | null;
}

async function storedNotices(executor: Executor, recallId: number): Promise<Map<number, StoredNotice>> {
  const rows = await queryRows<StoredNotice>(
    executor,
    sql`SELECT customer_id AS "customerId", sent_on::text AS "sentOn", sent_via AS "sentVia", acknowledged_on::text AS "acknowledgedOn"
        FROM recall_notices WHERE recall_id = ${recallId}::int`,
  );
  return new Map(rows.map((r) => [Number(r.customerId), { ...r, customerId: Number(r.customerId) }]));
}

/** One row per customer on the trace: what they hold of the lots, what we supplied them, and their notice. */
export function noticeRowsOf(trace: LotTrace, stored: ReadonlyMap<number, StoredNotice>): RecallNoticeRow[] {
  const documents = new Map<number, NoticeDocument[]>();
  const add = (customerId: number, document: NoticeDocument) => documents.set(customerId, [...(documents.get(customerId) ?? []), document]);
  for (const i of trace.invoices) {
    add(i.customerId, { documentType: 'invoice', documentId: i.invoiceId, documentNumber: i.documentNumber, date: i.invoiceDate, itemId: i.itemId, lotNumber: i.lotNumber, quantity: i.quantity });
  }
  for (const c of trace.consignments) {
    if (c.consignmentKind !== 'shipment') continue;
    add(c.customerId, { documentType: 'consignment', documentId: c.consignmentId, documentNumber: c.documentNumber, date: c.consignmentDate, itemId: c.itemId, lotNumber: c.lotNumber, quantity: c.quantity });
  }
  return trace.customers.map((customer) => {
    const notice = stored.get(customer.customerId);
    return {
      customerId: customer.customerId,
      customerName: customer.customerName,
      regionId: customer.regionId,
      quantity: customer.sold - customer.returned + customer.onSite,
      documents: documents.get(customer.customerId) ?? [],
      sentOn: notice?.sentOn ?? null,
      sentVia: notice?.sentVia ?? null,
      acknowledgedOn: notice?.acknowledgedOn ?? null,
    };
  });
}

/** GET /api/recalls/:id/notices: from opening, the customers of the actor's regions on the trace. */
export async function listNotices(executor: Executor, actor: Actor, recallId: number): Promise<RecallNoticeRow[]> {
  const head = await recallHead(executor, recallId);
  if (head.status === 'draft' || head.status === 'cancelled') return [];
  const trace = await traceLots(executor, { recallId }, permittedIds(actor.permissions, 'regions'));
  const stored = await storedNotices(executor, recallId);
  return noticeRowsOf(trace, stored);
}

/** The customer's notice row, on the trace as the actor sees it (404 otherwise), of an open recall (409 otherwise), the recall locked. */
async function noticeOf(tx: Tx, actor: Actor, recallId: number, customerId: number): Promise<{ head: RecallHead; row: RecallNoticeRow }> {
  const head = await recallHead(tx, recallId, true);
  const trace = await traceLots(tx, { recallId }, permittedIds(actor.permissions, 'regions'));
  const row = noticeRowsOf(trace, await storedNotices(tx, recallId)).find((r) => r.customerId === customerId);
  if (!row) throw new NotFoundError(recallMessages.customerNotOnTrace);
  assertOpen(head);
  return { head, row };
}

/**
 * POST /api/recalls/:id/notices/:customerId/sent: the letter went, today by courier unless said.
 * Sent again, the last letter counts: an acknowledgement of the one before is cleared (kept in
 * the audit), so the new letter waits for its own and the record never reads acknowledged before sent.
 */
export async function noticeSent(tx: Tx, actor: Actor, recallId: number, customerId: number, input: NoticeSentInput): Promise<RecallNoticeRow> {
  const sentOn = input.sentOn ?? todayIso();
  // As a disposal's date: a letter is recorded once it went.
  if (sentOn > todayIso()) throw new BadRequestError({ sentOn: recallMessages.sentAhead });
  const { row } = await noticeOf(tx, actor, recallId, customerId);
  await tx.execute(sql`INSERT INTO recall_notices (recall_id, customer_id, sent_on, sent_via, sent_by)
                       VALUES (${recallId}::int, ${customerId}::int, ${sentOn}::date, ${input.sentVia}::text, ${actor.userId}::int)
                       ON CONFLICT (recall_id, customer_id) DO UPDATE
                       SET sent_on = EXCLUDED.sent_on, sent_via = EXCLUDED.sent_via, sent_by = EXCLUDED.sent_by,
                           acknowledged_on = NULL, acknowledged_by = NULL, updated_at = now()`);
  await audit(tx, auditActorOf(actor), {
    action: 'noticeSent',
    resource: 'recalls',
    recordId: recallId,
    before: { customerId, sentOn: row.sentOn, sentVia: row.sentVia, acknowledgedOn: row.acknowledgedOn },
    after: { customerId, sentOn, sentVia: input.sentVia, acknowledgedOn: null },
  });
  return { ...row, sentOn, sentVia: input.sentVia, acknowledgedOn: null };
}

/** POST /api/recalls/:id/notices/:customerId/acknowledged: the signed slip came back (after the letter went: 409 before). */
export async function noticeAcknowledged(tx: Tx, actor: Actor, recallId: number, customerId: number, input: NoticeAcknowledgedInput): Promise<RecallNoticeRow> {
  const acknowledgedOn = input.acknowledgedOn ?? todayIso();
  if (acknowledgedOn > todayIso()) throw new BadRequestError({ acknowledgedOn: recallMessages.acknowledgedAhead });
  const { row } = await noticeOf(tx, actor, recallId, customerId);
  if (!row.sentOn) throw new ConflictError(recallMessages.notSentYet, { acknowledgedOn: recallMessages.notSentYet });
  if (acknowledgedOn < row.sentOn) throw new ConflictError(recallMessages.acknowledgedBeforeSent, { acknowledgedOn: recallMessages.acknowledgedBeforeSent });
  await tx.execute(sql`UPDATE recall_notices SET acknowledged_on = ${acknowledgedOn}::date, acknowledged_by = ${actor.userId}::int, updated_at = now()
                       WHERE recall_id = ${recallId}::int AND customer_id = ${customerId}::int`);
  await audit(tx, auditActorOf(actor), {
    action: 'noticeAcknowledged',
    resource: 'recalls',
    recordId: recallId,
    before: { customerId, acknowledgedOn: row.acknowledgedOn },
    after: { customerId, acknowledgedOn },
  });
  return { ...row, acknowledgedOn };
}
