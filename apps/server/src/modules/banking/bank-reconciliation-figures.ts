import { type SQL, sql } from 'drizzle-orm';
import { bookSides, keptForeign } from './bank-book-amounts.ts';

/**
 * A reconciliation's figures and outstanding items as SQL of (account, period end, statement
 * balance or null), so a draft's list row and its get compute them in the reading statement
 * (issue 33, section 5). Every figure is in the account's currency, as its statement is: a
 * foreign account's by its opening balance and rows in that currency (bank-book-amounts.ts).
 * What counts:
 * - the book: the account's opening balance and every ledger row to the period end;
 * - an entry outstanding: dated to the period end, not before the account's first statement
 *   (that statement's opening balance holds the history before it), and not matched to a line
 *   dated to the period end (deposits in transit: its debits; unpresented payments: its credits);
 * - a line unrecorded: dated to the period end, for what of it no entry dated to the period end
 *   accounts for (the whole line when unmatched);
 * - adjusted = book - deposits + payments + unrecorded; difference = statement - adjusted,
 *   which is 0 whenever the matches pair equal amounts and the statement's balance is the sum of
 *   its lines: a later posting dated earlier shows in the next reconciliation, as outstanding.
 */

/**
 * Entries before the account's first statement are in that statement's opening balance (the
 * bank's history before the statements kept here): never outstanding.
 */
const sinceStatements = (entryDate: SQL, accountId: SQL) =>
  sql`${entryDate} >= coalesce((SELECT min(s.from_date) FROM bank_statements s WHERE s.bank_account_id = ${accountId}), '-infinity'::date)`;

const matchedToPeriod = (entry: SQL, periodEnd: SQL) =>
  sql`EXISTS (SELECT 1 FROM bank_statement_matches m JOIN bank_statement_lines l ON l.id = m.line_id WHERE m.gl_entry_id = ${entry} AND l.line_date <= ${periodEnd})`;

/** The statement's balance at the period end by its lines: the last line's balance, else its statement's opening plus its lines to it. */
export function statementBalanceByLines(accountId: SQL, periodEnd: SQL): SQL<string | null> {
  return sql<string | null>`(SELECT coalesce(l.balance, s.opening_balance + (SELECT sum(x.amount) FROM bank_statement_lines x WHERE x.bank_statement_id = l.bank_statement_id AND x.line_no <= l.line_no))::text
     FROM bank_statement_lines l JOIN bank_statements s ON s.id = l.bank_statement_id
     WHERE l.bank_account_id = ${accountId} AND l.line_date <= ${periodEnd}
     ORDER BY l.line_date DESC, s.to_date DESC, l.bank_statement_id DESC, l.line_no DESC LIMIT 1)`;
}

/**
 * The account's row `a` with `k.kept_foreign`: whether the book is read in a foreign currency
 * (bank-book-amounts.ts), once for every sum below.
 */
const accountOf = (accountId: SQL) => sql`accounts a CROSS JOIN LATERAL (SELECT ${keptForeign(sql`a.currency`)} AS kept_foreign) k WHERE a.id = ${accountId}`;
const sides = bookSides(sql`k.kept_foreign`);

/**
 * A sum over the account's ledger rows (`from`: FROM ... WHERE over `g`) in its currency, the
 * currency chosen once for the whole sum rather than row by row: each branch's sides are then
 * plain columns, and a company-currency account's sums keep the index-only scan of
 * gl_entries_ledger_idx (account, date; debit, credit), which a per-row CASE on the foreign
 * columns would lose on every account.
 */
const bookSum = (side: 'debit' | 'credit' | 'amount', from: SQL): SQL =>
  sql`(CASE WHEN k.kept_foreign THEN coalesce((SELECT sum(${bookSides(sql`true`)[side]}) ${from}), 0)
            ELSE coalesce((SELECT sum(${bookSides(sql`false`)[side]}) ${from}), 0) END)`;

/**
 * The figures as one JSON object (decimal strings), in the account's currency. The day totals
 * hold the company currency only, so a foreign account's book sums its entries (few are foreign).
 */
export function liveFiguresJson(accountId: SQL, periodEnd: SQL, statementBalance: SQL): SQL {
  const outstanding = sql`FROM gl_entries g WHERE g.account_id = a.id AND g.entry_date <= ${periodEnd} AND ${sinceStatements(sql`g.entry_date`, sql`a.id`)}
                             AND NOT ${matchedToPeriod(sql`g.id`, periodEnd)}`;
  return sql`(SELECT json_build_object(
      'openingBalance', f.opening::text, 'bookBalance', (f.opening + f.movement)::text, 'statementBalance', f.statement::text,
      'outstandingDeposits', f.deposits::text, 'outstandingPayments', f.payments::text, 'unrecordedLines', f.unrecorded::text,
      'adjustedBalance', (f.opening + f.movement - f.deposits + f.payments + f.unrecorded)::text,
      'difference', (f.statement - (f.opening + f.movement - f.deposits + f.payments + f.unrecorded))::text)
    FROM (SELECT CASE WHEN k.kept_foreign THEN coalesce(a.opening_foreign_balance, 0.00) ELSE a.opening_balance END AS opening,
                 CASE WHEN k.kept_foreign
                   THEN coalesce((SELECT sum(${sides.amount}) FROM gl_entries g WHERE g.account_id = a.id AND g.entry_date <= ${periodEnd}), 0)
                   ELSE coalesce((SELECT sum(t.debit - t.credit) FROM account_daily_totals t WHERE t.account_id = a.id AND t.entry_date <= ${periodEnd}), 0) END AS movement,
                 round(coalesce(${statementBalance}, (${statementBalanceByLines(accountId, periodEnd)})::numeric), 2) AS statement,
                 ${bookSum('debit', outstanding)} AS deposits,
                 ${bookSum('credit', outstanding)} AS payments,
                 coalesce((SELECT sum(l.amount) FROM bank_statement_lines l WHERE l.bank_account_id = a.id AND l.line_date <= ${periodEnd}), 0)
                   - coalesce((SELECT sum(${sides.amount}) FROM bank_statement_matches m JOIN bank_statement_lines l ON l.id = m.line_id JOIN gl_entries g ON g.id = m.gl_entry_id
                               WHERE m.bank_account_id = a.id AND l.line_date <= ${periodEnd} AND g.entry_date <= ${periodEnd}), 0) AS unrecorded
          FROM ${accountOf(accountId)}) f)`;
}

/** The outstanding entries (a row of no amount in the account's currency is none) and unrecorded lines, as `{unmatchedEntries, unmatchedLines}`. */
export function liveItemsJson(accountId: SQL, periodEnd: SQL): SQL {
  return sql`(SELECT json_build_object(
    'unmatchedEntries', coalesce((SELECT json_agg(json_build_object('entryId', g.id, 'chequeId', NULL, 'documentType', g.document_type, 'documentId', g.document_id,
                                   'documentNumber', g.document_number, 'date', g.entry_date::text, 'description', CASE WHEN g.memo <> '' THEN g.memo ELSE g.narration END,
                                   'amount', ${sides.amount}::text) ORDER BY g.entry_date, g.id)
                                 FROM gl_entries g WHERE g.account_id = a.id AND g.entry_date <= ${periodEnd} AND ${sinceStatements(sql`g.entry_date`, sql`a.id`)}
                                   AND ${sides.amount} <> 0 AND NOT ${matchedToPeriod(sql`g.id`, periodEnd)}), '[]'::json),
    'unmatchedLines', coalesce((SELECT json_agg(json_build_object('lineId', x.id, 'statementId', x.bank_statement_id, 'statementNumber', x.number, 'lineNo', x.line_no,
                                   'lineDate', x.line_date::text, 'description', x.description, 'reference', x.reference, 'amount', x.amount::text, 'unrecorded', x.unrecorded::text)
                                   ORDER BY x.line_date, x.bank_statement_id, x.line_no)
                                 FROM (SELECT l.*, s.document_number AS number,
                                              l.amount - coalesce((SELECT sum(${sides.amount}) FROM bank_statement_matches m JOIN gl_entries g ON g.id = m.gl_entry_id
                                                                  WHERE m.line_id = l.id AND g.entry_date <= ${periodEnd}), 0) AS unrecorded
                                       FROM bank_statement_lines l JOIN bank_statements s ON s.id = l.bank_statement_id
                                       WHERE l.bank_account_id = a.id AND l.line_date <= ${periodEnd}) x
                                 WHERE x.unrecorded <> 0), '[]'::json))
    FROM ${accountOf(accountId)})`;
}
