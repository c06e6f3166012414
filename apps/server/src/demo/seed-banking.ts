import { addDays, addMonths, fromMinorUnits, monthBounds, monthOfDate, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { runTransition } from '../lib/document/run-transition.ts';
import { createFromLine } from '../modules/banking/bank-line-create.ts';
import { insertEntryMatches } from '../modules/banking/bank-matching.service.ts';
import { bankReconciliationBinding } from '../modules/banking/bank-reconciliations.binding.ts';
import { storeStatement } from '../modules/banking/bank-statements.service.ts';
import { actorOf } from './demo-actors.ts';

interface BookRow {
  id: number;
  date: string;
  amount: string;
  reference: string;
  documentNumber: string;
  narration: string;
}

/**
 * Issue 33, sections 4 and 5: the three months before this one of the main bank account's
 * statements, as the bank would send them: each posting of the books a day or two later (the
 * last days' deposits next month), a monthly service charge the books learn from the statement.
 * The first two months are matched, their charges posted from the lines, reconciled and locked;
 * the last is imported and left for the accountant to match.
 */
export async function seedBanking(tx: Tx, dates: { today: string }): Promise<void> {
  const [bank] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM accounts WHERE account_code = '1010' AND kind = 'bank'`);
  if (!bank) return;
  const bankId = Number(bank.id);
  const accountant = await actorOf(tx, 'accountant');
  const thisMonth = monthOfDate(dates.today);
  const months = [addMonths(thisMonth, -3), addMonths(thisMonth, -2), addMonths(thisMonth, -1)].map(monthBounds);
  const first = months[0]!.first;
  const [before] = await queryRows<{ balance: string }>(
    tx,
    sql`SELECT (a.opening_balance + coalesce((SELECT sum(t.debit - t.credit) FROM account_daily_totals t WHERE t.account_id = a.id AND t.entry_date < ${first}::date), 0))::numeric(18, 2)::text AS balance
        FROM accounts a WHERE a.id = ${bankId}::int`,
  );
  const book = (
    await queryRows<BookRow>(
      tx,
      sql`SELECT g.id, g.entry_date::text AS date, (g.debit - g.credit)::text AS amount, g.document_number AS "documentNumber", g.narration,
                 coalesce(CASE g.document_type WHEN 'receipts' THEN (SELECT reference FROM receipts WHERE id = g.document_id)
                                               WHEN 'payments' THEN (SELECT reference FROM payments WHERE id = g.document_id) END, '') AS reference
          FROM gl_entries g WHERE g.account_id = ${bankId}::int AND g.entry_date BETWEEN ${first}::date AND ${months[2]!.last}::date ORDER BY g.entry_date, g.id`,
    )
  ).map((row) => ({ ...row, id: Number(row.id) }));
  let balance = toMinorUnits(before!.balance);
  for (const [m, month] of months.entries()) {
    // The bank books a posting a day or two after the books; what lands after the month end is next month's.
    const mirrored = book.map((row, i) => ({ row, lineDate: addDays(row.date, i % 3 === 0 ? 0 : (i % 2) + 1) })).filter((l) => l.lineDate >= month.first && l.lineDate <= month.last);
    const charge = { lineDate: addDays(month.last, -1), description: 'Service charges and excise duty', reference: '', chequeNumber: '', amount: '-850.00' };
    const lines = [
      ...mirrored.map(({ row, lineDate }) => ({
        lineDate,
        description: (row.narration || row.documentNumber).slice(0, 200),
        reference: row.reference || row.documentNumber,
        chequeNumber: '',
        amount: row.amount,
      })),
      charge,
    ].sort((a, b) => a.lineDate.localeCompare(b.lineDate));
    const withBalances = lines.map((line) => {
      balance += toMinorUnits(line.amount);
      return { ...line, balance: fromMinorUnits(balance) };
    });
    const stored = await storeStatement(tx, accountant, { bankAccountId: bankId, fileName: `HBL-statement-${month.first.slice(0, 7)}.csv`, lines: withBalances });
    if (stored.statementId === null || m === 2) continue;
    const lineIds = await queryRows<{ id: number; lineNo: number }>(tx, sql`SELECT id, line_no AS "lineNo" FROM bank_statement_lines WHERE bank_statement_id = ${stored.statementId}::int ORDER BY line_no`);
    const pairs: { lineId: number; entryId: number; ruleId: number | null }[] = [];
    let chargeLine = 0;
    withBalances.forEach((line, i) => {
      const lineId = Number(lineIds[i]!.id);
      if (line === withBalances.find((l) => l.description === charge.description && l.lineDate === charge.lineDate)) chargeLine = lineId;
      else {
        const entry = mirrored.find((mm) => mm.lineDate === line.lineDate && mm.row.amount === line.amount && !pairs.some((p) => p.entryId === mm.row.id));
        if (entry) pairs.push({ lineId, entryId: entry.row.id, ruleId: null });
      }
    });
    await insertEntryMatches(tx, accountant, bankId, pairs);
    if (chargeLine) await createFromLine(tx, accountant, chargeLine, { kind: 'bankCharge' });
    const [draft] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO bank_reconciliations (bank_account_id, period_end, created_by) VALUES (${bankId}::int, ${month.last}::date, ${accountant.userId}::int) RETURNING id`,
    );
    await runTransition(tx, accountant, bankReconciliationBinding as never, Number(draft!.id), 'lock');
  }
}
