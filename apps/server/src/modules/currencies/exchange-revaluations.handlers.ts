import { addDays, compareDecimal, exchangeRevaluationDocument, type ExchangeRevaluationDetail, type ExchangeRevaluationInput, negateDecimal, permittedIds, revaluationMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, numericArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import { assertPeriodOpen, type LedgerLineInput, postDocument, readPostingContext, reverseInLedger } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { registerConstraintRefusal } from '../../lib/pg-error.ts';
import { type ComputedRow, computeRevaluation, type Revaluation } from './revaluation-rows.ts';

const { documentType } = exchangeRevaluationDocument;
const dateField = 'revaluationDate';

/** A revaluation covers every region's bills, advances and accounts: only a user of every region writes one (403). */
export function assertEveryRegion(actor: Actor): void {
  if (permittedIds(actor.permissions, 'regions')) throw new ForbiddenError(revaluationMessages.everyRegion);
}

/** The binding's write check: every change and transition by a user of every region. */
export const assertRevaluationWrite = (actor: Actor) => assertEveryRegion(actor);

const dateTaken = (date: string, number: string | null) => {
  const message = revaluationMessages.dateTaken(date, number);
  return new ConflictError(message, { [dateField]: message });
};

// Two saves for one day at once meet the partial unique index: the same 409, its day read from the key's detail.
registerConstraintRefusal('exchange_revaluations_one_a_day', (detail) => {
  const [, date = 'this day'] = /=\((\d{4}-\d{2}-\d{2})\)/.exec(detail ?? '') ?? [];
  const message = revaluationMessages.dateTaken(date, null);
  return { status: 409, message, errors: { [dateField]: message } };
});

/** One revaluation a day, draft or posted (409 naming the date). */
async function assertDateFree(tx: Tx, date: string, except: number | null): Promise<void> {
  const [other] = await queryRows<{ number: string | null }>(
    tx,
    sql`SELECT document_number AS number FROM exchange_revaluations WHERE document_date = ${date}::date AND status <> 'cancelled' AND id <> ${except ?? 0}::int LIMIT 1`,
  );
  if (other) throw dateTaken(date, other.number);
}

/**
 * The date open (400 naming it) and free. The reversal's day, the next, is open whenever the date
 * is: a close covers every day up to its own.
 */
async function checkDate(tx: Tx, date: string, except: number | null): Promise<void> {
  await assertPeriodOpen(tx, date, dateField);
  await assertDateFree(tx, date, except);
}

/** The rows and rates computed, stored as the revaluation's: its rows replaced, its header's rates and total set (two statements: an insert does not see its statement's own delete). */
async function storeRevaluation(tx: Tx, id: number, computed: Revaluation): Promise<void> {
  await tx.execute(sql`WITH h AS (UPDATE exchange_revaluations SET applied_rates = ${JSON.stringify(computed.appliedRates)}::jsonb, total_difference = ${computed.totalDifference}::numeric
                                   WHERE id = ${id}::int RETURNING id)
                       DELETE FROM exchange_revaluation_rows WHERE exchange_revaluation_id = (SELECT id FROM h)`);
  const rows = computed.rows;
  if (rows.length === 0) return;
  const column = <Key extends keyof ComputedRow>(key: Key) => rows.map((r) => r[key]);
  await tx.execute(sql`INSERT INTO exchange_revaluation_rows (exchange_revaluation_id, row_no, vendor_id, account_id, region_id, document_type, document_id, document_number,
                                                               currency, open_foreign, carrying_amount, rate, revalued_amount, difference)
      SELECT ${id}::int, v.* FROM unnest(${intArray(column('rowNo'))}, ${intArray(column('vendorId'))}, ${intArray(column('accountId'))}, ${intArray(column('regionId'))},
                                         ${textArray(column('documentType'))}, ${intArray(column('documentId'))}, ${textArray(column('documentNumber'))}, ${textArray(column('currency'))},
                                         ${numericArray(column('openForeign'))}, ${numericArray(column('carryingAmount'))}, ${numericArray(column('rate'))},
                                         ${numericArray(column('revaluedAmount'))}, ${numericArray(column('difference'))}) AS v`);
}

/**
 * Each row's difference: a gain Dr its account (the vendor's payable, the cash or bank account),
 * Cr unrealised exchange gain or loss; a loss the other way round. The account's line says the
 * currency and rate, with foreign amounts 0: the foreign balance stays, only what it is carried at
 * in the company currency changes. Both lines take the row's region; the vendor's line its party.
 */
function postingLines(rows: readonly ComputedRow[], unrealised: number): LedgerLineInput[] {
  return rows
    .filter((row) => compareDecimal(row.difference, '0') !== 0)
    .flatMap((row) => {
      const gain = compareDecimal(row.difference, '0') > 0;
      const amount = gain ? row.difference : negateDecimal(row.difference);
      const memo = `${row.documentNumber}: ${row.currency} ${row.openForeign} at ${row.rate}`;
      const party = row.vendorId === null ? {} : { partyType: 'vendor' as const, partyId: row.vendorId };
      return [
        { accountId: row.accountId, debit: gain ? amount : '0', credit: gain ? '0' : amount, memo, regionId: row.regionId, ...party, currency: row.currency, exchangeRate: row.rate, foreignDebit: '0', foreignCredit: '0' },
        { accountId: unrealised, debit: gain ? '0' : amount, credit: gain ? amount : '0', memo, regionId: row.regionId },
      ];
    });
}

type Reread = (tx: Tx, id: number) => Promise<ExchangeRevaluationDetail>;

/**
 * Every posting share-locks the period row until it commits (readPostingContext); taken exclusively,
 * first, it makes the revaluation wait for payments in flight, so the open items it reads in later
 * statements include them (a payment read as not yet made would be both settled and revalued on the
 * date). Postings arriving meanwhile wait for it as for a period close: a brief pause.
 */
async function waitForPostingsInFlight(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM period_close WHERE id = 1 FOR UPDATE`);
}

/**
 * Saves compute the rows as of the date and store them with the draft (what the screen shows
 * before posting); the post computes them again and posts them with their reversal the next day;
 * a cancel takes both back, each on its own day.
 */
export function exchangeRevaluationHandlers(reread: Reread): DocumentHandlers<ExchangeRevaluationInput, ExchangeRevaluationDetail, ActionOf<typeof exchangeRevaluationDocument>> {
  return {
    async create(tx, actor, input, drafts) {
      assertEveryRegion(actor);
      // Before any share lock of the period row: a save and post in one request would otherwise upgrade it (two at once deadlock).
      await waitForPostingsInFlight(tx);
      await checkDate(tx, input.revaluationDate, null);
      const computed = await computeRevaluation(tx, input.revaluationDate, input.rates ?? []);
      const { id } = await drafts.insert(input);
      await storeRevaluation(tx, id, computed);
      return { document: await reread(tx, id) };
    },

    async update(tx, actor, before, input, drafts) {
      assertEveryRegion(actor);
      await waitForPostingsInFlight(tx);
      await checkDate(tx, input.revaluationDate, before.id);
      const computed = await computeRevaluation(tx, input.revaluationDate, input.rates ?? []);
      await drafts.update(before.id, input);
      await storeRevaluation(tx, before.id, computed);
      return { document: await reread(tx, before.id) };
    },

    transitions: {
      /**
       * The rows computed again at the posting, once postings in flight have committed (payments
       * since the save count), the differences
       * posted on the date and their mirror on the next day, with the number, status and audit
       * row: one transaction. Nothing to post (no open foreign item, or no difference) still numbers it.
       */
      async post(tx, actor, draft, step) {
        await waitForPostingsInFlight(tx);
        await checkDate(tx, draft.revaluationDate, draft.id);
        const computed = await computeRevaluation(tx, draft.revaluationDate, draft.rates);
        await storeRevaluation(tx, draft.id, computed);
        const { unrealisedExchangeGainLoss } = await requirePostingAccounts(tx, ['unrealisedExchangeGainLoss']);
        const lines = postingLines(computed.rows, unrealisedExchangeGainLoss);
        const context = await readPostingContext(tx, lines.map((l) => l.accountId), actor.userId);
        const narration = `Exchange revaluation of ${draft.revaluationDate}`;
        const documentNumber = await postDocument(tx, { ...step.posting, narration, lines, alongside: step.claim() }, context);
        if (lines.length > 0) {
          await reverseInLedger(tx, {
            documentType,
            documentId: draft.id,
            reversal: { documentType, documentId: draft.id, documentNumber },
            date: addDays(draft.revaluationDate, 1),
            narration: `Reversal of ${documentNumber}: ${narration}`,
            actor: { userId: actor.userId },
            dateField,
          });
        }
        return { document: await reread(tx, draft.id), documentNumber };
      },

      /**
       * The posting's mirror on the revaluation date and the reversal's on its own day: the books
       * are then as if it never ran, on every day, and the date may be revalued again. Both days
       * must be open (400 naming the date).
       */
      async cancel(tx, actor, revaluation) {
        await assertPeriodOpen(tx, revaluation.revaluationDate, dateField);
        const [posted] = await queryRows(tx, sql`SELECT 1 FROM gl_entries WHERE document_type = ${documentType} AND document_id = ${revaluation.id}::int LIMIT 1`);
        if (posted) {
          for (const entryDate of [revaluation.revaluationDate, revaluation.reversalDate]) {
            await reverseInLedger(tx, {
              documentType,
              documentId: revaluation.id,
              entryDate,
              date: entryDate,
              narration: `Cancellation of ${revaluation.documentNumber}: exchange revaluation of ${revaluation.revaluationDate}`,
              actor: { userId: actor.userId },
              dateField,
            });
          }
        }
        return { document: revaluation };
      },
    },
  };
}
