import { addDecimals, chequeDocument, type ChequeInput, type DocumentDefinition, fromMinorUnits, moneyMessages, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { closedThrough, type LedgerLineInput, postToLedger, reverseInLedger, todayIso, transferLines } from '../../ledger/general-ledger.ts';
import { allocateDocumentNumber, type AlongsideStatement } from '../../lib/document/document-number.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { type PaymentTarget, paymentTargetOf } from '../../lib/payment-targets.ts';
import type { DocumentHandlers, DocumentRow, TransitionStep, DraftWriter } from '../../lib/document/document-binding.ts';
import {
  allocationRowsOf,
  applyStatements,
  type MoneySource,
  nextLineNo,
  planAllocations,
  type PlannedAllocation,
  plannedTotal,
  releaseStatements,
  runStatements,
  namedTargetLines,
  targetOfLines,
  withholds,
} from './allocations.ts';
import { cancelChequeStatement, insertCheque, lockChequeOf, type NewCheque } from './money-accounts.ts';

/** What a receipt or payment holds, as its handlers read it. */
export interface MoneyDocument extends DocumentRow {
  documentNumber: string | null;
  regionId: number | null;
  amount: string;
  allocatedAmount: string;
  cheque: ChequeInput | null;
  allocations: ReadonlyArray<{ amount: string; released: boolean }>;
}

/** A save's header, checked and resolved: what it stores beyond its input (by property) and the allocations asked for. */
export interface MoneyHeader {
  values: Record<string, unknown>;
  /** The customer or vendor whose documents the money is allocated to; null: no allocations (an employee, an expense). */
  partyId: number | null;
  amount: string;
  date: string;
  /** As sent, by target id; absent: proposed oldest due first. */
  requested?: PlannedAllocation[];
  /** The field of the payment target the allocations go to ('invoiceId'; a payment to an employee: 'paySlipId'). */
  field: string;
}

/**
 * What a posting differs in: two lines of the document's amount, Dr one account and Cr the
 * other, both stamped with the region and the party; by cheque, how the register's row reads.
 */
export interface MoneyPosting {
  /** The entry's narration; the lines' memo is its start. */
  narration: string;
  debitAccountId: number;
  creditAccountId: number;
  party: Pick<NewCheque, 'regionId' | 'partyType' | 'partyId'>;
  /** Used only when the document is paid by cheque. */
  cheque: Pick<NewCheque, 'direction' | 'status' | 'payeeName' | 'receiptId' | 'paymentId' | 'bankAccountId'>;
}

/** What differs between receipts and payments; moneyHandlers does the rest. */
export interface MoneyKind<Input, Detail extends MoneyDocument> {
  source: MoneySource;
  /** The field of the payment target a stored document's allocations go to (a payment's depends on its payee). */
  targetFieldOf(document: Detail): string;
  /** The declaration: its document type and number prefix. */
  definition: Pick<DocumentDefinition, 'documentType' | 'numberPrefix'>;
  dateField: string;
  /** 'Receipt': refusals read "Receipt allocations add up to more than the amount". */
  label: string;
  /** Checks a save (400 naming fields) and resolves its columns. */
  header(tx: Tx, actor: Actor, input: Input): Promise<MoneyHeader>;
  partyOf(document: Detail): number | null;
  /** A stored draft's allocation lines as requests. */
  requestedOf(document: Detail): PlannedAllocation[];
  posting(tx: Tx, document: Detail): Promise<MoneyPosting>;
  /** Why a posted document with its cheque in `status` may not be cancelled, if so. */
  cancelRefusal(chequeStatus: string): string | undefined;
  /** The document as a GET answers it (after a write). */
  read(tx: Tx, id: number): Promise<Detail>;
  /**
   * What the party withheld on the allocations (receipts, issue 29, section 6): `check` refuses
   * it (400 naming `allocations.N.taxWithheld`), `lines` posts it beside the money's two lines.
   */
  withholding?: {
    check(tx: Tx, partyId: number, lines: readonly PlannedAllocation[]): Promise<void>;
    lines(tx: Tx, document: Detail, lines: readonly PlannedAllocation[], memo: string): Promise<LedgerLineInput[]>;
  };
  /**
   * A document in another currency than the company's (a payment to a foreign vendor, issue 33):
   * `post` answers its lines in place of the two of the amount, `allocate` the lines of a later
   * allocation's difference, each with the difference posted (gain +, loss -) that the document
   * adds up in `exchange_difference`; undefined: nothing particular.
   */
  exchange?: {
    post(tx: Tx, document: Detail, lines: readonly PlannedAllocation[], posting: MoneyPosting, memo: string): Promise<ExchangePosting | undefined>;
    allocate(tx: Tx, document: Detail, lines: readonly PlannedAllocation[], memo: string, target: PaymentTarget): Promise<ExchangePosting | undefined>;
  };
}

export interface ExchangePosting {
  lines: LedgerLineInput[];
  difference: string;
}

/** What a receipt and a payment store alike beyond their fields: the account the money moves through, and the cheque as entered. */
export function moneyValues(input: { cheque?: ChequeInput | null }, accountId: number): Record<string, unknown> {
  const cheque = input.cheque ?? null;
  return { accountId, chequeNumber: cheque?.chequeNumber ?? null, chequeBank: cheque?.bank ?? null, chequeDate: cheque?.chequeDate ?? null };
}

/** What a save hands its posting in the same request: whether the allocations were proposed (then proposed again under the locks). */
interface SaveContext {
  proposed: boolean;
}

/**
 * The handlers of a receipt or a payment: saving the draft with its allocation lines
 * (proposed oldest due first when left out), posting (the ledger rows, the allocations applied
 * under the targets' locks, the cheque recorded, number, status and audit row in one
 * statement), allocating more of a posted document's advance, and cancelling (reversed,
 * allocations released, a cheque not yet presented given back).
 */
export function moneyHandlers<Input, Detail extends MoneyDocument, Action extends 'post' | 'allocate' | 'cancel'>(
  kind: MoneyKind<Input, Detail>,
): DocumentHandlers<Input, Detail, Action> {
  const rows = allocationRowsOf(kind.source);
  const sourceColumn = kind.source === 'receipts' ? 'receipt_id' : 'payment_id';

  async function planned(tx: Tx, actor: Actor, header: MoneyHeader, lock: boolean): Promise<PlannedAllocation[]> {
    if (header.partyId === null) return [];
    const target = paymentTargetOf(header.field);
    const lines = await planAllocations(tx, { target, partyId: header.partyId, available: header.amount, requested: header.requested, label: kind.label, lock, scope: target.scope(actor) });
    if (kind.withholding && withholds(lines)) await kind.withholding.check(tx, header.partyId, lines);
    return lines;
  }

  /** The ledger lines of what the allocations withheld; none without. */
  const withheldLines = (tx: Tx, document: Detail, lines: readonly PlannedAllocation[], memo: string) =>
    kind.withholding && withholds(lines) ? kind.withholding.lines(tx, document, lines, memo) : Promise.resolve([]);

  /** An allocation line as the draft stores it: the target's field, the money and what was withheld (lines without those fields, a payment's, leave them out). */
  const lineOf = (field: string, line: PlannedAllocation) => ({
    [field]: line.targetId,
    amount: line.amount,
    ...(kind.withholding ? { taxWithheld: line.taxWithheld ?? '0.00', incomeTaxWithheld: line.incomeTaxWithheld ?? '0.00' } : {}),
  });

  /** The draft with its allocation lines as planned (proposed oldest due first when left out). */
  async function write(tx: Tx, actor: Actor, input: Input, drafts: DraftWriter, id?: number) {
    const header = await kind.header(tx, actor, input);
    const lines = await planned(tx, actor, header, false);
    const written = { ...input, allocations: lines.map((line) => lineOf(header.field, line)) };
    const values = { header: header.values, lines: lines.map(() => ({ allocationDate: header.date })) };
    const { id: documentId } = id === undefined ? await drafts.insert(written, values) : await drafts.update(id, written, values);
    const context: SaveContext = { proposed: header.requested === undefined };
    return { document: await kind.read(tx, documentId), context };
  }

  return {
    create: (tx, actor, input, drafts) => write(tx, actor, input, drafts),
    update: (tx, actor, before, input, drafts) => write(tx, actor, input, drafts, before.id),
    transitions: {
      /**
       * The allocations checked again under the targets' locks (proposed again, oldest due
       * first, when the save left them out), then one statement: the number, the ledger rows,
       * the targets' paid amounts, the cheque's row, status, stamps and audit row.
       */
      async post(tx: Tx, actor: Actor, draft: Detail, step: TransitionStep) {
        const partyId = kind.partyOf(draft);
        const proposed = (step.context as SaveContext | undefined)?.proposed ?? false;
        const field = kind.targetFieldOf(draft);
        const header: MoneyHeader = { values: {}, partyId, amount: draft.amount, date: draft[kind.dateField] as string, requested: proposed ? undefined : kind.requestedOf(draft), field };
        const lines = await planned(tx, actor, header, true);
        // A proposal made again under the locks replaces the draft's lines, unless it came out the same (the usual save-and-post).
        const stored = kind.requestedOf(draft);
        const rewrite = proposed && (stored.length !== lines.length || stored.some((l, index) => l.targetId !== lines[index]!.targetId || toMinorUnits(l.amount) !== toMinorUnits(lines[index]!.amount)));
        if (rewrite) await tx.execute(sql`DELETE FROM ${rows.table} WHERE ${rows.key} = ${draft.id}::int`);
        const posting = await kind.posting(tx, draft);
        const narration = posting.narration.slice(0, 500);
        const memo = narration.slice(0, 200);
        const cheque = draft.cheque && {
          ...posting.cheque,
          ...posting.party,
          cheque: draft.cheque,
          amount: draft.amount,
          createdBy: actor.userId,
          documentNumber: await allocateDocumentNumber(tx, chequeDocument.numberPrefix, draft.cheque.chequeDate),
        };
        const total = plannedTotal(lines);
        const exchanged = await kind.exchange?.post(tx, draft, lines, posting, memo);
        await postToLedger(tx, {
          ...step.posting,
          narration,
          lines: exchanged ? exchanged.lines : [...transferLines(posting.debitAccountId, posting.creditAccountId, draft.amount, memo, posting.party), ...(await withheldLines(tx, draft, lines, memo))],
          alongside: [
            ...step.claim({ allocated_amount: sql`${total}::numeric`, ...(exchanged ? { exchange_difference: sql`${exchanged.difference}::numeric` } : {}) }),
            ...applyStatements(paymentTargetOf(field), draft.id, lines, rewrite ? { firstLineNo: 1, date: header.date } : null),
            ...(cheque ? [() => insertCheque(cheque)] : []),
          ],
        });
        const document = await kind.read(tx, draft.id);
        return { document, documentNumber: document.documentNumber! };
      },

      /** More of a posted document's advance allocated (as asked, or oldest due first), dated today; no ledger rows: the money is on the party's account already. */
      async allocate(tx: Tx, actor: Actor, document: Detail, step: TransitionStep) {
        // An expense or an advance paid out has no payee whose documents it could settle: refused, not answered as done.
        if (kind.partyOf(document) === null) throw new BadRequestError({ allocations: moneyMessages.noPayee });
        const available = fromMinorUnits(toMinorUnits(document.amount) - toMinorUnits(document.allocatedAmount));
        if (toMinorUnits(available) <= 0n) throw new ConflictError(moneyMessages.nothingToAllocate);
        const asked = namedTargetLines(kind.source, (step.input as { allocations?: Array<Record<string, unknown> & { amount: string }> } | undefined)?.allocations);
        // Lines may name another target of the party's (another area's bills) than the document's own.
        const target = targetOfLines(kind.targetFieldOf(document), asked);
        const requested = asked?.map((a) => ({
          targetId: Number(a[target.field]),
          amount: a.amount,
          ...(typeof a.taxWithheld === 'string' ? { taxWithheld: a.taxWithheld } : {}),
          ...(typeof a.incomeTaxWithheld === 'string' ? { incomeTaxWithheld: a.incomeTaxWithheld } : {}),
        }));
        const lines = await planned(tx, actor, { values: {}, partyId: kind.partyOf(document), amount: available, date: todayIso(), requested, field: target.field }, true);
        const total = plannedTotal(lines);
        const at = { firstLineNo: await nextLineNo(tx, kind.source, document.id), date: todayIso() };
        // Before the allocations are applied: the bills' carrying amounts are read as they stood.
        const exchanged = await kind.exchange?.allocate(tx, document, lines, `Exchange difference on ${kind.label.toLowerCase()} ${document.documentNumber}`, target);
        const statements: AlongsideStatement[] = [
          ...step.claim(
            { allocated_amount: sql`allocated_amount + ${total}::numeric`, ...(exchanged ? { exchange_difference: sql`exchange_difference + ${exchanged.difference}::numeric` } : {}) },
            { allocations: lines, allocatedAmount: addDecimals([document.allocatedAmount, total]) },
          ),
          ...applyStatements(target, document.id, lines, at),
        ];
        // What the party withheld is posted today under the document (a cancel mirrors it with the rest); the money itself moved when posted.
        const narration = exchanged ? `Exchange difference on ${kind.label.toLowerCase()} ${document.documentNumber}` : `Tax withheld on ${kind.label.toLowerCase()} ${document.documentNumber}`;
        const withheld = [...(await withheldLines(tx, document, lines, narration)), ...(exchanged?.lines ?? [])];
        if (withheld.length === 0) {
          // Share-locked as every posting does (postToLedger): a revaluation, which reads what is open
          // once it holds the row exclusively, then sees this allocation or comes before it.
          await closedThrough(tx, { lock: true });
          await runStatements(tx, statements, sql`${document.documentNumber}::text`);
        } else {
          await postToLedger(tx, {
            documentType: kind.definition.documentType,
            documentId: document.id,
            documentDate: at.date,
            documentNumber: document.documentNumber!,
            narration,
            lines: withheld,
            actor: { userId: actor.userId },
            dateField: 'allocations',
            alongside: statements,
          });
        }
        return { document: await kind.read(tx, document.id) };
      },

      /**
       * Refused once the cheque has left the drawer (kind.cancelRefusal); otherwise the mirror
       * ledger rows dated today, the allocations released, a cheque not yet presented cancelled.
       */
      async cancel(tx: Tx, actor: Actor, document: Detail, step: TransitionStep) {
        const cheque = await lockChequeOf(tx, sourceColumn, document.id);
        const refusal = cheque && kind.cancelRefusal(cheque.status);
        if (refusal) throw new ConflictError(refusal);
        const releases = await releaseStatements(tx, kind.source, document.id, 'cancelled');
        await reverseInLedger(tx, {
          documentType: kind.definition.documentType,
          documentId: document.id,
          date: todayIso(),
          narration: `Cancellation of ${kind.label.toLowerCase()} ${document.documentNumber}`,
          actor: { userId: actor.userId },
          dateField: kind.dateField,
          alongside: [
            ...step.claim({ allocated_amount: sql`0` }),
            ...releases,
            ...(cheque && cheque.status !== 'cancelled' ? [() => cancelChequeStatement(cheque.id, actor.userId)] : []),
          ],
        });
        return { document: await kind.read(tx, document.id) };
      },
    } as unknown as DocumentHandlers<Input, Detail, Action>['transitions'],
  };
}
