import { type BookEntry, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { moneyChequeNumberSql, moneyReferenceSql, openBankCheques } from '../money/money.api.ts';

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
  reference: string | null;
  chequeNumber: string | null;
  description: string;
}

/** Unmatched ledger rows of the account, optionally within dates, or the ones named. */
export async function unmatchedEntries(executor: Executor, accountId: number, options: { from?: string; to?: string; ids?: readonly number[] } = {}): Promise<BookEntry[]> {
  const rows = await queryRows<EntryRow>(
    executor,
    sql`SELECT g.id AS "entryId", g.document_type AS "documentType", g.document_id AS "documentId", g.document_number AS "documentNumber",
               g.entry_date::text AS date, (g.debit - g.credit)::text AS amount,
               ${moneyReferenceSql(sql`g.document_type`, sql`g.document_id`)} AS reference,
               ${moneyChequeNumberSql(sql`g.document_type`, sql`g.document_id`)} AS "chequeNumber",
               CASE WHEN g.memo <> '' THEN g.memo ELSE g.narration END AS description
        FROM gl_entries g
        WHERE g.account_id = ${accountId}::int
          AND NOT EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.gl_entry_id = g.id)
          ${options.from ? sql`AND g.entry_date >= ${options.from}::date` : sql``}
          ${options.to ? sql`AND g.entry_date <= ${options.to}::date` : sql``}
          ${options.ids ? sql`AND g.id = ANY(${sql.param([...options.ids])}::bigint[])` : sql``}
        ORDER BY g.entry_date, g.id`,
  );
  return rows.map((row) => ({
    entryId: Number(row.entryId),
    chequeId: null,
    documentType: row.documentType,
    documentId: Number(row.documentId),
    documentNumber: row.documentNumber,
    date: row.date,
    amount: toMinorUnits(row.amount),
    reference: row.reference ?? '',
    chequeNumber: row.chequeNumber ?? '',
    description: row.description,
  }));
}

/** The account's cheques waiting to clear (a match clears them), all or the ones named, as book entries. */
export async function openCheques(executor: Executor, accountId: number, ids?: readonly number[]): Promise<BookEntry[]> {
  return (await openBankCheques(executor, accountId, ids)).map((c) => ({
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

/** Everything of the book a line may still be matched to. */
export async function openBook(executor: Executor, accountId: number, options: { from?: string; to?: string } = {}): Promise<BookEntry[]> {
  return [...(await unmatchedEntries(executor, accountId, options)), ...(await openCheques(executor, accountId))];
}
