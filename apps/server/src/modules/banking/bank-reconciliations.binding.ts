import {
  type BankReconciliationDetail,
  bankReconciliationDocument,
  type BankReconciliationInput,
  bankingMessages,
  type BankReconciliationFigures,
} from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { type Executor, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { bankReconciliations } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { allocateDocumentNumber } from '../../lib/document/document-number.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { bankAccountFor, bankAccountScope } from './bank-accounts.ts';
import { liveFiguresJson, liveItemsJson, statementBalanceByLines } from './bank-reconciliation-figures.ts';
import { lockBankAccount, lockedThrough } from './bank-statements.service.ts';

type Detail = BankReconciliationDetail;
const r = bankReconciliations;
// Qualified by hand: inside the subqueries a bare column name would be read as the subquery's own.
const own = (column: string) => sql.raw(`bank_reconciliations.${column}`);
const locked = sql`${own('status')} = 'locked' AND ${own('figures')} IS NOT NULL`;

const figuresSql = sql`CASE WHEN ${locked} THEN (${own('figures')} -> 'figures')::json ELSE ${liveFiguresJson(own('bank_account_id'), own('period_end'), own('statement_balance'))} END`;
const itemsSql = sql`CASE WHEN ${locked} THEN (${own('figures')} -> 'items')::json ELSE ${liveItemsJson(own('bank_account_id'), own('period_end'))} END`;

/** A row read: the figures spread over it, the items (on a get) as the two lists. */
function shape(row: Record<string, unknown>): Detail {
  const { figures, lines, ...rest } = row;
  const items = lines === undefined ? {} : jsonValue<{ unmatchedEntries: unknown[]; unmatchedLines: unknown[] }>(lines);
  return { ...rest, ...jsonValue<BankReconciliationFigures>(figures), ...items } as Detail;
}

/** The figures and items of an account to a day, as a draft would answer them now. */
export async function liveReconciliation(executor: Executor, accountId: number, periodEnd: string, statementBalance: string | null) {
  const [row] = await queryRows<{ figures: unknown; items: unknown }>(
    executor,
    sql`SELECT ${liveFiguresJson(sql`${accountId}::int`, sql`${periodEnd}::date`, sql`${statementBalance}::numeric`)} AS figures,
               ${liveItemsJson(sql`${accountId}::int`, sql`${periodEnd}::date`)} AS items`,
  );
  return { figures: jsonValue<BankReconciliationFigures>(row!.figures), items: jsonValue<{ unmatchedEntries: unknown[]; unmatchedLines: unknown[] }>(row!.items) };
}

/** The draft's rules: a bank account of the actor's, a period end after the account's last locked one, one per account and end, a statement balance known. */
async function checked(tx: Tx, actor: Actor, input: BankReconciliationInput, ownId: number | null): Promise<void> {
  await bankAccountFor(tx, actor, input.bankAccountId);
  const last = await lockedThrough(tx, input.bankAccountId);
  if (last && input.periodEnd <= last.periodEnd) throw new BadRequestError({ periodEnd: bankingMessages.notAfterLocked(last.periodEnd) });
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM bank_reconciliations WHERE bank_account_id = ${input.bankAccountId}::int AND period_end = ${input.periodEnd}::date ${ownId === null ? sql`` : sql`AND id <> ${ownId}::int`}`,
  );
  if (taken) {
    const message = bankingMessages.reconciliationTaken(input.periodEnd);
    throw new ConflictError(message, { periodEnd: message });
  }
  if (input.statementBalance === null || input.statementBalance === undefined) {
    const [row] = await queryRows<{ balance: string | null }>(tx, sql`SELECT ${statementBalanceByLines(sql`${input.bankAccountId}::int`, sql`${input.periodEnd}::date`)} AS balance`);
    if (row?.balance === null || row?.balance === undefined) throw new BadRequestError({ statementBalance: bankingMessages.noStatementBalance(input.periodEnd) }, bankingMessages.noStatementBalance(input.periodEnd));
  }
}

async function reread(tx: Tx, id: number): Promise<Detail> {
  const document = await findDocument<Detail>(tx, bankReconciliationBinding as never, id);
  if (!document) throw new NotFoundError();
  return document;
}

/**
 * Bank reconciliations on the document machinery (issue 33, section 5): a draft's figures are
 * computed as it is read; `lock` refuses a difference or unmatched lines (409 naming them),
 * stores the figures and items and numbers it; `unlock` (the admin) opens the latest again.
 */
export const bankReconciliationBinding: DocumentBinding<BankReconciliationInput, Detail, StateOf<typeof bankReconciliationDocument>, ActionOf<typeof bankReconciliationDocument>> = {
  definition: bankReconciliationDocument,
  table: r,
  columns: { id: r.id, number: r.documentNumber, date: r.periodEnd, status: r.status },
  workflowColumns: ['figures'],
  queries: {
    rowSelection: {
      id: r.id,
      documentNumber: r.documentNumber,
      status: r.status,
      bankAccountId: r.bankAccountId,
      bankAccount: sql`(SELECT json_build_object('accountCode', a.account_code, 'accountName', a.account_name) FROM accounts a WHERE a.id = ${own('bank_account_id')})`,
      periodEnd: r.periodEnd,
      statementBalanceGiven: r.statementBalance,
      figures: figuresSql,
      // A list row carries the figures its columns show (the get spreads them all, `shape`).
      statementBalance: sql<string | null>`(${figuresSql}) ->> 'statementBalance'`,
      bookBalance: sql<string>`(${figuresSql}) ->> 'bookBalance'`,
      difference: sql<string | null>`(${figuresSql}) ->> 'difference'`,
      createdBy: r.createdBy,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      lockedAt: r.lockedAt,
      lockedBy: r.lockedBy,
    },
    linesSelection: itemsSql,
    searchColumns: [r.documentNumber],
    sortColumns: { periodEnd: r.periodEnd, documentNumber: r.documentNumber, createdAt: r.createdAt },
    rowScope: (actor) => bankAccountScope(actor, r.bankAccountId),
    listFilters: { bankAccountId: (id) => eq(r.bankAccountId, id) },
    shape,
  },
  handlers: {
    async create(tx, actor, input, drafts) {
      await checked(tx, actor, input, null);
      const written = await drafts.insert(input);
      return { document: await reread(tx, written.id) };
    },
    async update(tx, actor, before, input, drafts) {
      await checked(tx, actor, input, before.id);
      await drafts.update(before.id, input);
      return { document: await reread(tx, before.id) };
    },
    transitions: {
      async lock(tx, _actor, draft, step) {
        await lockBankAccount(tx, draft.bankAccountId);
        const last = await lockedThrough(tx, draft.bankAccountId);
        if (last && draft.periodEnd <= last.periodEnd) throw new ConflictError(bankingMessages.notAfterLocked(last.periodEnd), { periodEnd: bankingMessages.notAfterLocked(last.periodEnd) });
        const live = await liveReconciliation(tx, draft.bankAccountId, draft.periodEnd, draft.statementBalanceGiven as string | null);
        const [unmatched] = await queryRows<{ count: number }>(
          tx,
          sql`SELECT count(*)::int AS count FROM bank_statement_lines l WHERE l.bank_account_id = ${draft.bankAccountId}::int AND l.line_date <= ${draft.periodEnd}::date
              AND NOT EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.line_id = l.id)`,
        );
        const refusals: Record<string, string> = {};
        if (live.figures.difference !== '0.00') refusals.difference = bankingMessages.difference(live.figures.difference ?? '0');
        if (Number(unmatched!.count) > 0) refusals.unmatchedLines = bankingMessages.unmatchedLines(Number(unmatched!.count), draft.periodEnd);
        if (Object.keys(refusals).length > 0) throw new ConflictError(Object.values(refusals)[0]!, refusals);
        const documentNumber = draft.documentNumber ?? (await allocateDocumentNumber(tx, bankReconciliationDocument.numberPrefix, draft.periodEnd));
        const writes = step.claim({ figures: sql`${JSON.stringify(live)}::jsonb` });
        for (const write of writes) await tx.execute(write(sql`${documentNumber}::text`));
        return { document: await reread(tx, draft.id), documentNumber };
      },
      async unlock(tx, _actor, reconciliation, step) {
        await lockBankAccount(tx, reconciliation.bankAccountId);
        const last = await lockedThrough(tx, reconciliation.bankAccountId);
        if (last && last.periodEnd > reconciliation.periodEnd) throw new ConflictError(bankingMessages.unlockLatestOnly(last.periodEnd));
        const writes = step.claim({ figures: sql`NULL` });
        for (const write of writes) await tx.execute(write(sql`${reconciliation.documentNumber}::text`));
        return { document: await reread(tx, reconciliation.id) };
      },
    },
  },
};
