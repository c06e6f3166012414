import { createHash } from 'node:crypto';
import { addDecimals, bankingMessages, fromMinorUnits, inOrderOfTime, lineHashKeys, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { dateArray, type Executor, intArray, numericArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { allocateDocumentNumber } from '../../lib/document/document-number.ts';
import { bankAccountFor } from './bank-accounts.ts';

/** A statement line as typed or read from a file, checked. */
export interface StatementLineInput {
  lineDate: string;
  valueDate?: string | null;
  description: string;
  reference?: string | null;
  chequeNumber?: string | null;
  amount: string;
  balance?: string | null;
}

export interface StoredStatement {
  /** null when every line was already held. */
  statementId: number | null;
  stored: number;
  skipped: number;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * One writer of an account's matches at a time: every command that matches, unmatches, creates
 * from a line, stores a statement or locks a reconciliation first takes the account's row of the
 * banking area's own formats table, so two auto-matches at once take turns (and read what the
 * other stored), and a statement stored while a reconciliation locks is seen by the lock or sees it.
 */
export async function lockBankAccount(tx: Tx, accountId: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO bank_statement_formats AS f (account_id) VALUES (${accountId}::int)
        ON CONFLICT (account_id) DO UPDATE SET account_id = f.account_id`,
  );
}

/** The day through which the account is reconciled and locked, or null. */
export async function lockedThrough(executor: Executor, accountId: number): Promise<{ periodEnd: string; documentNumber: string | null } | null> {
  const [row] = await queryRows<{ periodEnd: string; documentNumber: string | null }>(
    executor,
    sql`SELECT period_end::text AS "periodEnd", document_number AS "documentNumber" FROM bank_reconciliations
        WHERE bank_account_id = ${accountId}::int AND status = 'locked' ORDER BY period_end DESC LIMIT 1`,
  );
  return row ?? null;
}

/** The hashes of the lines the account already holds, of those given. */
export async function heldHashes(executor: Executor, accountId: number, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await queryRows<{ hash: string }>(
    executor,
    sql`SELECT line_hash AS hash FROM bank_statement_lines WHERE bank_account_id = ${accountId}::int AND line_hash = ANY(${textArray(hashes)})`,
  );
  return new Set(rows.map((r) => r.hash));
}

/** Each line's hash (the domain's key, sha-256), in order. */
export function lineHashes(accountId: number, lines: readonly StatementLineInput[]): string[] {
  return lineHashKeys(
    accountId,
    lines.map((l) => ({ ...l, amount: fromMinorUnits(toMinorUnits(l.amount)) })),
  ).map(hashOf);
}

/** The balance before the first new line: given; else the first line's balance less its amount; else the account's last statement's closing; else 0. */
async function openingOf(tx: Tx, accountId: number, first: StatementLineInput, given: string | null | undefined): Promise<string> {
  if (given !== null && given !== undefined) return fromMinorUnits(toMinorUnits(given));
  if (first.balance !== null && first.balance !== undefined) return fromMinorUnits(toMinorUnits(first.balance) - toMinorUnits(first.amount));
  const [last] = await queryRows<{ closing: string }>(
    tx,
    sql`SELECT closing_balance::text AS closing FROM bank_statements WHERE bank_account_id = ${accountId}::int AND from_date <= ${first.lineDate}::date
        ORDER BY to_date DESC, id DESC LIMIT 1`,
  );
  return last?.closing ?? '0.00';
}

/**
 * Stores a statement of the account under the account's lock: the lines it does not hold yet
 * (by their hash) in the order of time (newest first reversed), numbered `BST-` by its last day, in three statements (header, lines, nothing
 * per line). A line dated into a locked reconciliation is refused (400 naming each). A line held
 * already is skipped; the lines' unique hash makes a concurrent import of the same file skip
 * them too. Answers the new statement's id, or null when nothing was new.
 */
export async function storeStatement(
  tx: Tx,
  actor: Actor,
  input: { bankAccountId: number; fileName: string; openingBalance?: string | null; lines: readonly StatementLineInput[] },
  /** The field a refusal of the index-th line's date names: the typed lines' by default, an import's `rows.N.date`. */
  refusedDateField: (index: number) => string = (index) => `lines.${index}.lineDate`,
): Promise<StoredStatement> {
  await bankAccountFor(tx, actor, input.bankAccountId);
  // The locked period read under the account's lock, as the reconciliation's lock reads the
  // lines: a lock waits for this statement and then counts its lines, or has locked already and
  // this refuses the lines dated into it (an import's check, read before, took no lock).
  await lockBankAccount(tx, input.bankAccountId);
  const locked = await lockedThrough(tx, input.bankAccountId);
  if (locked) {
    const errors: Record<string, string> = {};
    input.lines.forEach((line, index) => {
      if (line.lineDate <= locked.periodEnd) errors[refusedDateField(index)] = bankingMessages.notAfterLocked(locked.periodEnd);
    });
    if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  }
  // Numbered as the money moved, whatever order the bank printed: the opening, the closing and a
  // reconciliation's statement balance read the first and last lines by number.
  const lines = inOrderOfTime(input.lines);
  const hashes = lineHashes(input.bankAccountId, lines);
  const held = await heldHashes(tx, input.bankAccountId, hashes);
  const fresh = lines.map((line, index) => ({ line, hash: hashes[index]! })).filter((l) => !held.has(l.hash));
  if (fresh.length === 0) return { statementId: null, stored: 0, skipped: input.lines.length };
  const dates = fresh.map((f) => f.line.lineDate).sort();
  const fromDate = dates[0]!;
  const toDate = dates.at(-1)!;
  const opening = await openingOf(tx, input.bankAccountId, fresh[0]!.line, input.openingBalance);
  const last = fresh.at(-1)!.line;
  const closing = last.balance !== null && last.balance !== undefined ? fromMinorUnits(toMinorUnits(last.balance)) : addDecimals([opening, ...fresh.map((f) => f.line.amount)]);
  const documentNumber = await allocateDocumentNumber(tx, 'BST', toDate);
  const [header] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO bank_statements (status, document_number, bank_account_id, file_name, from_date, to_date, opening_balance, closing_balance, created_by)
        VALUES ('imported', ${documentNumber}, ${input.bankAccountId}::int, ${input.fileName}, ${fromDate}::date, ${toDate}::date, ${opening}::numeric, ${closing}::numeric, ${actor.userId}::int)
        RETURNING id`,
  );
  const statementId = Number(header!.id);
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO bank_statement_lines (bank_statement_id, line_no, bank_account_id, line_date, value_date, description, reference, cheque_number, amount, balance, line_hash)
        SELECT ${statementId}::int, n, ${input.bankAccountId}::int, d, vd, de, re, ch, am, ba, h
        FROM unnest(${intArray(fresh.map((_, i) => i + 1))}, ${dateArray(fresh.map((f) => f.line.lineDate))}, ${dateArray(fresh.map((f) => f.line.valueDate ?? null))},
                    ${textArray(fresh.map((f) => f.line.description))}, ${textArray(fresh.map((f) => f.line.reference ?? ''))}, ${textArray(fresh.map((f) => f.line.chequeNumber ?? ''))},
                    ${numericArray(fresh.map((f) => f.line.amount))}, ${numericArray(fresh.map((f) => f.line.balance ?? null))}, ${textArray(fresh.map((f) => f.hash))})
             AS l(n, d, vd, de, re, ch, am, ba, h)
        ON CONFLICT (bank_account_id, line_hash) DO NOTHING
        RETURNING id`,
  );
  if (inserted.length === 0) {
    // Another import stored every line first: nothing of this one is kept.
    await tx.execute(sql`DELETE FROM bank_statements WHERE id = ${statementId}::int`);
    return { statementId: null, stored: 0, skipped: input.lines.length };
  }
  return { statementId, stored: inserted.length, skipped: input.lines.length - inserted.length };
}
