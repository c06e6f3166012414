import { type BankStatementLine, bankingMessages, type LineFacts, type RuleFacts, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, jsonValue, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { bankAccountScope } from './bank-accounts.ts';
import { lineMatchesJson } from './bank-statements.binding.ts';
import { lockedThrough } from './bank-statements.service.ts';

/** A statement line with what matching needs of its statement. */
export interface LineRecord extends LineFacts {
  lineNo: number;
  statementId: number;
  statementNumber: string | null;
  bankAccountId: number;
  matched: boolean;
}

const lineColumns = sql`l.id, l.line_no AS "lineNo", l.line_date::text AS "lineDate", l.description, l.reference, l.cheque_number AS "chequeNumber", l.amount::text AS amount,
  l.bank_statement_id AS "statementId", s.document_number AS "statementNumber", l.bank_account_id AS "bankAccountId",
  EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.line_id = l.id) AS matched`;

function recordOf(row: Record<string, unknown>): LineRecord {
  return {
    id: Number(row.id),
    lineNo: Number(row.lineNo),
    lineDate: String(row.lineDate),
    description: String(row.description),
    reference: String(row.reference),
    chequeNumber: String(row.chequeNumber),
    amount: toMinorUnits(String(row.amount)),
    statementId: Number(row.statementId),
    statementNumber: (row.statementNumber as string | null) ?? null,
    bankAccountId: Number(row.bankAccountId),
    matched: Boolean(row.matched),
  };
}

/** A line within the actor's row scope (its bank account's region), else 404. */
export async function readLine(executor: Executor, actor: Actor, lineId: number): Promise<LineRecord> {
  const scope = bankAccountScope(actor, sql`l.bank_account_id`);
  const [row] = await queryRows(executor, sql`SELECT ${lineColumns} FROM bank_statement_lines l JOIN bank_statements s ON s.id = l.bank_statement_id WHERE l.id = ${lineId}::int ${scope ? sql`AND ${scope}` : sql``}`);
  if (!row) throw new NotFoundError();
  return recordOf(row);
}

/** The statement's lines still unmatched, by number (one JSON value, as the book is read). */
export async function unmatchedLinesOf(executor: Executor, statementId: number): Promise<LineRecord[]> {
  const [row] = await queryRows<{ lines: unknown }>(
    executor,
    sql`SELECT coalesce(json_agg(x ORDER BY x."lineNo"), '[]'::json) AS lines
        FROM (SELECT ${lineColumns} FROM bank_statement_lines l JOIN bank_statements s ON s.id = l.bank_statement_id
              WHERE l.bank_statement_id = ${statementId}::int AND NOT EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.line_id = l.id)) x`,
  );
  return jsonValue<Record<string, unknown>[]>(row!.lines).map(recordOf);
}

/** A line dated into a locked reconciliation keeps its matches: 409. */
export async function assertNotFrozen(executor: Executor, line: Pick<LineRecord, 'bankAccountId' | 'lineDate'>): Promise<void> {
  const locked = await lockedThrough(executor, line.bankAccountId);
  if (locked && line.lineDate <= locked.periodEnd) throw new ConflictError(bankingMessages.frozen(locked.documentNumber));
}

/** The line as a statement answers it. */
export async function lineAnswer(executor: Executor, lineId: number): Promise<BankStatementLine> {
  const [row] = await queryRows<{ line: unknown }>(
    executor,
    sql`SELECT json_build_object('id', l.id, 'lineNo', l.line_no, 'lineDate', l.line_date::text, 'valueDate', l.value_date::text, 'description', l.description,
          'reference', l.reference, 'chequeNumber', l.cheque_number, 'amount', l.amount::text, 'balance', l.balance::text,
          'status', CASE WHEN EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.line_id = l.id) THEN 'matched' ELSE 'unmatched' END,
          'matches', ${lineMatchesJson(sql`l.id`)}) AS line
        FROM bank_statement_lines l WHERE l.id = ${lineId}::int`,
  );
  return jsonValue<BankStatementLine>(row!.line);
}

/** The active rules for an account (its own and those of every account), by priority. */
export async function rulesFor(executor: Executor, accountId: number): Promise<RuleFacts[]> {
  const rows = await queryRows<{ id: number; ruleName: string; priority: number; matchWith: RuleFacts['matchWith']; tolerance: string; dateWindowDays: number; referenceRequired: boolean; descriptionContains: string | null }>(
    executor,
    sql`SELECT id, rule_name AS "ruleName", priority, match_with AS "matchWith", amount_tolerance::text AS tolerance, date_window_days AS "dateWindowDays",
               reference_required AS "referenceRequired", description_contains AS "descriptionContains"
        FROM bank_match_rules WHERE active AND (bank_account_id IS NULL OR bank_account_id = ${accountId}::int) ORDER BY priority, id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), priority: Number(r.priority), dateWindowDays: Number(r.dateWindowDays), tolerance: toMinorUnits(r.tolerance) }));
}
