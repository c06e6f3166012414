import { type BookEntry, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, jsonValue, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { moneyReferenceJoins, openBankCheques } from '../money/money.api.ts';
import { accountKeptForeign, bookSides } from './bank-book-amounts.ts';

/**
 * The book side of a bank account (issue 33, section 4): its general-ledger rows no statement
 * line holds, and the cheques deposited into it or drawn on it that wait to clear. Read only:
 * the ledger is written by ledger/ and money's services alone.
 */

interface EntryRow {
  entryId: number;
  documentType: string;
  documentId: number;
  documentNumber: string;
  date: string;
  amount: string;
  reference: string;
  chequeNumber: string;
  description: string;
}

export interface BookOptions {
  from?: string;
  to?: string;
  ids?: readonly number[];
  /** Only rows of an amount a line of the statement has, dated within `withinDays` of it. */
  sameAmountAs?: { statementId: number; withinDays: number };
}

/**
 * Unmatched ledger rows of the account, optionally within dates, or the ones named; in date
 * order; their amounts in the account's currency (a row of none in it left out). One JSON value,
 * not a row each: an account's whole book is tens of thousands of rows, which PGlite hands over
 * far slower one by one.
 */
export async function unmatchedEntries(executor: Executor, accountId: number, options: BookOptions = {}): Promise<BookEntry[]> {
  const near = options.sameAmountAs;
  const money = moneyReferenceJoins(sql`g.document_type`, sql`g.document_id`);
  // In the account's currency, as its lines (bank-book-amounts.ts): read once for the statement.
  const amount = bookSides(accountKeptForeign(sql`${accountId}::int`)).amount;
  const [row] = await queryRows<{ book: unknown }>(
    executor,
    sql`SELECT coalesce(json_agg(json_build_object('entryId', g.id, 'documentType', g.document_type, 'documentId', g.document_id, 'documentNumber', g.document_number,
                                                   'date', g.entry_date::text, 'amount', ${amount}::text, 'reference', ${money.reference},
                                                   'chequeNumber', ${money.chequeNumber}, 'description', CASE WHEN g.memo <> '' THEN g.memo ELSE g.narration END)
                                 ORDER BY g.entry_date, g.id), '[]'::json) AS book
        FROM gl_entries g
        ${money.joins}
        WHERE g.account_id = ${accountId}::int AND ${amount} <> 0
          AND NOT EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.gl_entry_id = g.id)
          ${options.from ? sql`AND g.entry_date >= ${options.from}::date` : sql``}
          ${options.to ? sql`AND g.entry_date <= ${options.to}::date` : sql``}
          ${options.ids ? sql`AND g.id = ANY(${sql.param([...options.ids])}::bigint[])` : sql``}
          ${near ? sql`AND EXISTS (SELECT 1 FROM bank_statement_lines l WHERE l.bank_statement_id = ${near.statementId}::int AND l.amount = ${amount}
                                     AND l.line_date BETWEEN g.entry_date - ${near.withinDays}::int AND g.entry_date + ${near.withinDays}::int)` : sql``}`,
  );
  return jsonValue<EntryRow[]>(row!.book).map((entry) => ({
    entryId: Number(entry.entryId),
    chequeId: null,
    documentType: entry.documentType,
    documentId: Number(entry.documentId),
    documentNumber: entry.documentNumber,
    date: entry.date,
    amount: toMinorUnits(entry.amount),
    reference: entry.reference,
    chequeNumber: entry.chequeNumber,
    description: entry.description,
  }));
}

/** The account's cheques waiting to clear (a match clears them) that the actor may clear, all or the ones named, as book entries. */
export async function openCheques(executor: Executor, actor: Actor, accountId: number, ids?: readonly number[]): Promise<BookEntry[]> {
  return (await openBankCheques(executor, actor, accountId, ids)).map((c) => ({
    entryId: null,
    chequeId: c.chequeId,
    documentType: 'cheques',
    documentId: c.chequeId,
    documentNumber: c.documentNumber,
    date: c.date,
    amount: toMinorUnits(c.amount),
    reference: c.reference,
    chequeNumber: c.chequeNumber,
    description: `Cheque ${c.chequeNumber}${c.partyName ? ` ${c.direction === 'received' ? 'from' : 'to'} ${c.partyName}` : ''}`,
  }));
}

/** Everything of the book a line may still be matched to by the actor. */
export async function openBook(executor: Executor, actor: Actor, accountId: number, options: BookOptions = {}): Promise<BookEntry[]> {
  return [...(await unmatchedEntries(executor, accountId, options)), ...(await openCheques(executor, actor, accountId))];
}
