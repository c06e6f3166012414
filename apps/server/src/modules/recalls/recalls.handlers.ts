import {
  addDays,
  hasScope,
  lotLabel,
  permittedIds,
  recallDocument,
  type RecallInput,
  recallMessages,
  recallOpenScope,
  recallProblems,
  recallReportDays,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { allocateDocumentNumber } from '../../lib/document/document-number.ts';
import { recallLots } from '../inventory/inventory.api.ts';
import { closeRefusals, frozenReport } from './recall-report.ts';
import { receivedSql, type RecallDetail } from './recalls.queries.ts';

const { numberPrefix } = recallDocument;

interface LineFacts {
  ord: number;
  itemId: number;
  lotNumber: string;
  itemName: string | null;
  articleNumber: string | null;
  unit: string | null;
  dateExpiry: string | null;
  held: boolean;
  received: number;
  onHand: number;
  /** The number of another open recall of the lot. */
  openRecall: string | null;
}

function assertMayOpen(actor: Actor): void {
  if (!hasScope(actor.role, actor.scopes, recallOpenScope)) throw new ForbiddenError(recallMessages.scope);
}

/**
 * The binding's write check, before the state's (scope before state): a change needs
 * recalls:open like a create; a close, a user of every region (they alone see every unit).
 */
export function assertRecallWrite(actor: Actor, _recall: RecallDetail, action: ActionOf<typeof recallDocument> | 'edit' | 'delete'): void {
  if (action === 'edit') assertMayOpen(actor);
  if (action === 'close' && permittedIds(actor.permissions, 'regions')) throw new ForbiddenError(recallMessages.closeEveryRegion);
}

/** What each line's lot is: its item, whether we ever held it (a row anywhere), its figures, and another open recall of it. */
async function lineFacts(tx: Tx, input: RecallInput, recallId: number | null): Promise<LineFacts[]> {
  const rows = await queryRows<LineFacts>(
    tx,
    sql`SELECT v.ord::int AS ord, v.item_id AS "itemId", v.lot_number AS "lotNumber", it.item_name AS "itemName", it.article_number AS "articleNumber", it.unit,
               (SELECT max(i.date_expiry)::text FROM inventory i WHERE i.item_id = v.item_id AND i.lot_number = v.lot_number) AS "dateExpiry",
               EXISTS (SELECT 1 FROM inventory i WHERE i.item_id = v.item_id AND i.lot_number = v.lot_number) AS held,
               ${receivedSql('v')} AS received,
               (SELECT coalesce(sum(i.quantity), 0)::int FROM inventory i WHERE i.item_id = v.item_id AND i.lot_number = v.lot_number) AS "onHand",
               (SELECT r.document_number FROM recall_lines rl JOIN recalls r ON r.id = rl.recall_id
                 WHERE rl.item_id = v.item_id AND rl.lot_number = v.lot_number AND r.status = 'open' AND r.id <> ${recallId ?? 0}::int
                 ORDER BY r.id LIMIT 1) AS "openRecall"
        FROM unnest(${intArray(input.lines.map((l) => l.itemId))}, ${textArray(input.lines.map((l) => l.lotNumber))}) WITH ORDINALITY AS v(item_id, lot_number, ord)
        LEFT JOIN items it ON it.id = v.item_id
        ORDER BY v.ord`,
  );
  return rows.map((r) => ({ ...r, ord: Number(r.ord), itemId: Number(r.itemId), received: Number(r.received), onHand: Number(r.onHand) }));
}

/**
 * Refuses, naming the field, what the fields alone cannot say: a source reference unless
 * internal, each lot once, an item that exists, a lot we held somewhere (any region: a recall is
 * company-wide), and (409) a lot already under another open recall.
 */
async function assertRecall(tx: Tx, input: RecallInput, recallId: number | null): Promise<LineFacts[]> {
  const problems = recallProblems(input);
  const facts = await lineFacts(tx, input, recallId);
  facts.forEach((fact, index) => {
    if (fact.itemName === null) problems[`lines.${index}.itemId`] ??= recallMessages.itemMissing;
    else if (!fact.held) problems[`lines.${index}.lotNumber`] ??= recallMessages.neverHeld(fact.lotNumber, fact.itemName);
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  assertNoOtherOpenRecall(facts);
  return facts;
}

function assertNoOtherOpenRecall(facts: readonly LineFacts[]): void {
  const clashes: Record<string, string> = {};
  facts.forEach((fact, index) => {
    if (fact.openRecall) clashes[`lines.${index}.lotNumber`] = recallMessages.underOpenRecall(lotLabel(fact.itemName ?? '', fact.lotNumber), fact.openRecall);
  });
  const [first] = Object.values(clashes);
  if (first) throw new ConflictError(first, clashes);
}

/** The recall's lines whose lot another open recall holds (read after the lots' locks), 409 naming each. */
async function assertNoOtherOpenRecallOf(tx: Tx, recallId: number): Promise<void> {
  const clashes = await queryRows<{ lineNo: number; itemName: string; lotNumber: string; documentNumber: string }>(
    tx,
    sql`SELECT l.line_no AS "lineNo", it.item_name AS "itemName", l.lot_number AS "lotNumber", min(r.document_number) AS "documentNumber"
        FROM recall_lines l JOIN items it ON it.id = l.item_id
        JOIN recall_lines o ON o.item_id = l.item_id AND o.lot_number = l.lot_number AND o.recall_id <> l.recall_id
        JOIN recalls r ON r.id = o.recall_id AND r.status = 'open'
        WHERE l.recall_id = ${recallId}::int
        GROUP BY l.line_no, it.item_name, l.lot_number ORDER BY l.line_no`,
  );
  const errors = Object.fromEntries(clashes.map((c) => [`lines.${Number(c.lineNo) - 1}.lotNumber`, recallMessages.underOpenRecall(lotLabel(c.itemName, c.lotNumber), c.documentNumber)]));
  const [first] = Object.values(errors);
  if (first) throw new ConflictError(first, errors);
}

/** A recall dated today unless it says otherwise. */
const dated = (input: RecallInput): RecallInput => ({ ...input, recallDate: input.recallDate ?? todayIso() });

/** The draft as written, each line completed from what the check read (no re-read): what a GET answers. */
function draftOf(draft: RecallDetail, facts: readonly LineFacts[]): RecallDetail {
  return {
    ...draft,
    openedAt: null,
    openedBy: null,
    reportDueDate: null,
    overdue: false,
    closingNotes: '',
    lines: draft.lines.map((line, index) => {
      const fact = facts[index]!;
      return {
        lineNo: line.lineNo,
        itemId: line.itemId,
        lotNumber: line.lotNumber,
        item: { itemName: fact.itemName!, articleNumber: fact.articleNumber!, unit: fact.unit! },
        dateExpiry: fact.dateExpiry,
        received: fact.received,
        onHand: fact.onHand,
      };
    }),
  };
}

/**
 * Locks every inventory row of the recall's lots in id order (the lots' place in the one lock
 * order), so a recall of the same lot opening at the same time waits and then sees this one open.
 */
async function lockLots(tx: Tx, recallId: number): Promise<void> {
  await tx.execute(sql`SELECT i.id FROM inventory i JOIN recall_lines l ON l.item_id = i.item_id AND l.lot_number = i.lot_number
                       WHERE l.recall_id = ${recallId}::int ORDER BY i.id FOR NO KEY UPDATE OF i`);
}

export function recallHandlers(reread: (tx: Tx, id: number) => Promise<RecallDetail>): DocumentHandlers<RecallInput, RecallDetail, ActionOf<typeof recallDocument>> {
  return {
    async create(tx, actor, input, drafts) {
      assertMayOpen(actor);
      const filled = dated(input);
      const facts = await assertRecall(tx, filled, null);
      return { document: draftOf(drafts.answer(await drafts.insert(filled), filled), facts) };
    },
    async update(tx, actor, before, input, drafts) {
      assertMayOpen(actor);
      const filled = dated(input);
      const facts = await assertRecall(tx, filled, before.id);
      return { document: draftOf(drafts.answer(await drafts.update(before.id, filled), filled, undefined, before), facts) };
    },
    transitions: {
      /**
       * One transaction: the lots locked, no other open recall of them (checked again under the
       * locks), the number, then every row of the lots recalled in every region and place,
       * whatever the opener's regions, and the recall's status, stamps and audit row.
       */
      async open(tx, actor, recall, step) {
        await lockLots(tx, recall.id);
        await assertNoOtherOpenRecallOf(tx, recall.id);
        const documentNumber = await allocateDocumentNumber(tx, numberPrefix, recall.recallDate);
        await recallLots(tx, actor, {
          recallId: recall.id,
          documentNumber,
          lots: recall.lines.map(({ itemId, lotNumber }) => ({ itemId, lotNumber })),
          reason: `Recall ${documentNumber} (class ${recall.recallClass}): ${recall.reason}`.slice(0, 500),
        });
        const openedOn = todayIso();
        const writes = step.claim({
          opened_at: sql`now()`,
          opened_by: sql`${actor.userId}::int`,
          report_due_date: sql`${addDays(openedOn, recallReportDays)}::date`,
        });
        for (const write of writes) await tx.execute(write(sql`${documentNumber}::text`));
        return { document: await reread(tx, recall.id), documentNumber };
      },
      /**
       * Only a user of every region closes (they alone see every unit), and only when every
       * customer on the trace was sent a notice, nothing is on hand and the reconciliation
       * balances (409 naming each). The report is frozen as it stands.
       */
      async close(tx, actor, recall, step) {
        // A return restocking the lot while the close counts what is on hand waits for it, or is counted.
        await lockLots(tx, recall.id);
        const refusals = await closeRefusals(tx, recall.id);
        const [first] = Object.values(refusals);
        if (first) throw new ConflictError(recallMessages.closeRefused, refusals);
        const { closingNotes } = (step.input ?? {}) as { closingNotes?: string };
        const report = await frozenReport(tx, recall, actor, closingNotes ?? '');
        const writes = step.claim({ closing_notes: sql`${closingNotes ?? ''}::text`, report: sql`${JSON.stringify(report)}::jsonb` });
        for (const write of writes) await tx.execute(write(sql`${recall.documentNumber}::text`));
        return { document: await reread(tx, recall.id) };
      },
      // A draft has held nothing: the machinery writes the status and stamps.
      async cancel(_tx, _actor, recall) {
        return { document: recall };
      },
    },
  };
}
