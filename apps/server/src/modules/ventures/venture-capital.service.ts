import { type CapitalContributionInput, fromMinorUnits, journalInputSchema, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import { journalServices } from '../accounting/accounting.api.ts';
import { readVentureTerms } from './venture-statement.service.ts';

export interface CapitalStatement {
  jointVentureId: number;
  accountId: number;
  from: string;
  to: string;
  /** Credit-positive: what the venture owes the partner on capital. */
  opening: string;
  rows: { date: string; documentType: string; documentId: number; documentNumber: string; narration: string; debit: string; credit: string; balance: string }[];
  closing: string;
  /** The account's balance in the general ledger at `to` (credit-positive): equal to `closing`. */
  ledgerBalance: string;
}

const notActive = 'The venture has no capital account until it is activated';

/**
 * A contribution (issue 21, section 3): a journal, Dr the bank or cash account, Cr the
 * partner's capital account, stamped with the venture; posted through accounting's services,
 * so it is cancelled like any journal. Payouts are payments to the capital or payable account.
 */
export async function contributeCapital(tx: Tx, actor: Actor, ventureId: number, input: CapitalContributionInput) {
  const venture = await readVentureTerms(tx, ventureId);
  if (venture.capitalAccountId === null || venture.status === 'draft') throw new ConflictError(notActive);
  const memo = (input.memo || `Capital contribution: ${venture.ventureName}`).slice(0, 200);
  const journal = journalInputSchema.parse({
    journalDate: input.date,
    narration: `Capital contribution of ${venture.partnerName ?? 'the partner'} to ${venture.ventureName}`.slice(0, 500),
    lines: [
      { accountId: input.accountId, debit: input.amount, credit: '0', memo, jointVentureId: ventureId },
      { accountId: venture.capitalAccountId, debit: '0', credit: input.amount, memo, jointVentureId: ventureId },
    ],
  });
  return journalServices.createPosted(tx, actor, journal);
}

/** The partner's capital account over [from, to]: opening, each ledger row with its running balance, closing, and the ledger's own balance. */
export async function capitalStatement(executor: Executor, ventureId: number, from: string, to: string): Promise<CapitalStatement> {
  const venture = await readVentureTerms(executor, ventureId);
  if (venture.capitalAccountId === null) throw new ConflictError(notActive);
  const accountId = venture.capitalAccountId;
  const [opening] = await queryRows<{ amount: string; ledger: string }>(
    executor,
    sql`SELECT (a.opening_balance + coalesce((SELECT sum(t.debit - t.credit) FROM account_daily_totals t WHERE t.account_id = a.id AND t.entry_date < ${from}::date), 0))::text AS amount,
               (a.opening_balance + coalesce((SELECT sum(t.debit - t.credit) FROM account_daily_totals t WHERE t.account_id = a.id AND t.entry_date <= ${to}::date), 0))::text AS ledger
        FROM accounts a WHERE a.id = ${accountId}::int`,
  );
  const rows = await queryRows<{ date: string; documentType: string; documentId: number; documentNumber: string; narration: string; debit: string; credit: string }>(
    executor,
    sql`SELECT entry_date::text AS date, document_type AS "documentType", document_id AS "documentId", document_number AS "documentNumber", narration,
               debit::text AS debit, credit::text AS credit
        FROM gl_entries WHERE account_id = ${accountId}::int AND entry_date BETWEEN ${from}::date AND ${to}::date ORDER BY entry_date, id`,
  );
  let balance = -toMinorUnits(opening!.amount);
  const shown = rows.map((row) => {
    balance += toMinorUnits(row.credit) - toMinorUnits(row.debit);
    return { ...row, documentId: Number(row.documentId), balance: fromMinorUnits(balance) };
  });
  return {
    jointVentureId: ventureId,
    accountId,
    from,
    to,
    opening: fromMinorUnits(-toMinorUnits(opening!.amount)),
    rows: shown,
    closing: fromMinorUnits(balance),
    ledgerBalance: fromMinorUnits(-toMinorUnits(opening!.ledger)),
  };
}
