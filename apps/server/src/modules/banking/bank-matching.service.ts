import {
  autoMatch,
  type BankStatementDetail,
  type BankStatementLine,
  type BankSuggestion,
  bankingMessages,
  type BookEntry,
  fromMinorUnits,
  type MatchLineInput,
  type RuleFacts,
  suggestFor,
} from '@erp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { bigintArray, type Executor, intArray, queryRows, type Tx } from '../../db/client.ts';
import { bankStatements } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { openBook, openCheques, unmatchedEntries } from './bank-book.ts';
import { matchCheques } from './bank-cheque-matches.ts';
import { assertNotFrozen, lineAnswer, type LineRecord, readLine, rulesFor, unmatchedLinesOf } from './bank-lines.ts';
import { bankStatementBinding } from './bank-statements.binding.ts';
import { lockBankAccount } from './bank-statements.service.ts';

/** Matches of ledger rows, in entry order (two writers never wait on each other crosswise); a row already matched is left out. Answers how many were made. */
async function insertEntryMatches(tx: Tx, actor: Actor, accountId: number, pairs: readonly { lineId: number; entryId: number; ruleId: number | null }[]): Promise<number> {
  if (pairs.length === 0) return 0;
  const sorted = [...pairs].sort((a, b) => a.entryId - b.entryId);
  const [row] = await queryRows<{ made: number }>(
    tx,
    sql`WITH made AS (
          INSERT INTO bank_statement_matches (line_id, bank_account_id, gl_entry_id, rule_id, created_by)
          SELECT p.line_id, ${accountId}::int, p.entry_id, p.rule_id, ${actor.userId}::int
          FROM unnest(${intArray(sorted.map((p) => p.lineId))}, ${bigintArray(sorted.map((p) => p.entryId))}, ${intArray(sorted.map((p) => p.ruleId))}) WITH ORDINALITY AS p(line_id, entry_id, rule_id, n)
          ORDER BY p.n
          ON CONFLICT DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS made FROM made`,
  );
  return Number(row!.made);
}

const shiftDays = (iso: string, days: number) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)) + days)).toISOString().slice(0, 10);

/**
 * What of the account's open book a rule could fit to the statement's lines: no rule reaches an
 * entry dated further from every line than the widest date window, so the ledger is read over the
 * lines' days widened by it (a month's statement reads a month, not the account's history); and
 * when no active rule has a tolerance, only the ledger rows of an amount a line has within that
 * window (the rest fit no line). The open cheques are read whole.
 */
async function bookFor(tx: Tx, actor: Actor, accountId: number, statementId: number, lines: readonly LineRecord[], rules: readonly RuleFacts[]): Promise<BookEntry[]> {
  if (lines.length === 0 || rules.length === 0) return [];
  const widest = Math.max(...rules.map((r) => r.dateWindowDays));
  const days = lines.map((l) => l.lineDate).sort();
  const exact = rules.every((r) => r.tolerance === 0n);
  return openBook(tx, actor, accountId, {
    from: shiftDays(days[0]!, -widest),
    to: shiftDays(days.at(-1)!, widest),
    ...(exact ? { sameAmountAs: { statementId, withinDays: widest } } : {}),
  });
}

export interface AutoMatchAnswer {
  matched: number;
  suggested: number;
  unmatched: number;
  data: BankStatementDetail;
}

/**
 * `POST /api/bank-statements/:id/auto-match` (issue 33, section 4): the statement's unmatched
 * lines against the account's open book under the active rules; a line is matched when exactly
 * one entry fits a rule and fits no other line, else suggested when some entry fits. A cheque
 * matched is cleared dated the line's date; one whose clearing is refused (dated before its
 * deposit) stays a suggestion.
 */
export async function autoMatchStatement(tx: Tx, actor: Actor, statementId: number): Promise<AutoMatchAnswer> {
  // Its account within the actor's row scope (404 outside it), not the statement's lines: they are read unmatched below, and answered at the end.
  const [found] = await tx
    .select({ bankAccountId: bankStatements.bankAccountId })
    .from(bankStatements)
    .where(and(eq(bankStatements.id, statementId), bankStatementBinding.queries.rowScope?.(actor)));
  if (!found) throw new NotFoundError();
  await lockBankAccount(tx, found.bankAccountId);
  const lines = await unmatchedLinesOf(tx, statementId);
  const rules = await rulesFor(tx, found.bankAccountId);
  const result = autoMatch(lines, await bookFor(tx, actor, found.bankAccountId, statementId, lines, rules), rules);
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const pairs = [...result.matched].filter(([, m]) => m.entry.entryId !== null).map(([lineId, m]) => ({ lineId, entryId: m.entry.entryId!, ruleId: m.rule.id }));
  let matched = await insertEntryMatches(tx, actor, found.bankAccountId, pairs);
  const suggested = new Set(result.suggested);
  const cheques = await matchCheques(
    tx,
    actor,
    found.bankAccountId,
    [...result.matched].flatMap(([lineId, m]) => (m.entry.chequeId === null ? [] : [{ lineId, lineDate: lineById.get(lineId)!.lineDate, chequeId: m.entry.chequeId, ruleId: m.rule.id }])),
  );
  matched += cheques.matched.size;
  // A clearing refused (a date before the deposit, a cheque outside the actor's regions) leaves its line a suggestion, the rest of the run stands.
  for (const { lineId, error } of cheques.refused.values()) {
    if (!(error instanceof BadRequestError) && !(error instanceof ConflictError) && !(error instanceof NotFoundError)) throw error;
    suggested.add(lineId);
  }
  const data = (await findDocument<BankStatementDetail>(tx, bankStatementBinding as never, statementId))!;
  const unmatched = data.lines.filter((l) => l.status === 'unmatched').length;
  return { matched, suggested: Math.min(suggested.size, unmatched), unmatched, data };
}

const wireOf = (scored: { entry: BookEntry; score: number; reasons: string[] }): BankSuggestion => ({
  ...(scored.entry.entryId !== null ? { entryId: scored.entry.entryId } : { chequeId: scored.entry.chequeId! }),
  documentType: scored.entry.documentType,
  documentId: scored.entry.documentId,
  documentNumber: scored.entry.documentNumber,
  date: scored.entry.date,
  amount: fromMinorUnits(scored.entry.amount),
  reference: scored.entry.reference || scored.entry.chequeNumber,
  score: scored.score,
  reasons: scored.reasons,
});

/** `GET /api/bank-statement-lines/:id/suggestions`: open entries within 60 days (and every cheque waiting), scored, best first, at most 20. */
export async function suggestionsFor(executor: Executor, actor: Actor, lineId: number): Promise<BankSuggestion[]> {
  const line = await readLine(executor, actor, lineId);
  if (line.matched) return [];
  const book = [...(await unmatchedEntries(executor, line.bankAccountId, { from: shiftDays(line.lineDate, -60), to: shiftDays(line.lineDate, 60) })), ...(await openCheques(executor, actor, line.bankAccountId))];
  return suggestFor(line, book, await rulesFor(executor, line.bankAccountId)).map(wireOf);
}

/** Who holds an entry or a cheque already, for the 409 naming it. */
async function holderOf(executor: Executor, column: 'gl_entry_id' | 'cheque_id', id: number): Promise<{ lineNo: number; statementNumber: string | null } | undefined> {
  const [row] = await queryRows<{ lineNo: number; statementNumber: string | null }>(
    executor,
    sql`SELECT l.line_no AS "lineNo", s.document_number AS "statementNumber" FROM bank_statement_matches m
        JOIN bank_statement_lines l ON l.id = m.line_id JOIN bank_statements s ON s.id = l.bank_statement_id
        WHERE m.${sql.identifier(column)} = ${id} LIMIT 1`,
  );
  return row && { lineNo: Number(row.lineNo), statementNumber: row.statementNumber };
}

/**
 * `POST /api/bank-statement-lines/:id/match`: the entries that together make the line. Each must
 * be open on the line's account (400 `entries.N`), not held by another line (409 `entries.N`
 * naming that line), and together add to the line's amount (400 `entries`).
 */
export async function matchLine(tx: Tx, actor: Actor, lineId: number, input: MatchLineInput): Promise<BankStatementLine> {
  const before = await readLine(tx, actor, lineId);
  await lockBankAccount(tx, before.bankAccountId);
  const line = await readLine(tx, actor, lineId);
  await assertNotFrozen(tx, line);
  if (line.matched) throw new ConflictError(bankingMessages.lineMatched);
  const entryIds = input.entries.flatMap((e) => ('entryId' in e ? [e.entryId] : []));
  const chequeIds = input.entries.flatMap((e) => ('chequeId' in e ? [e.chequeId] : []));
  const open = new Map<string, BookEntry>();
  for (const entry of await unmatchedEntries(tx, line.bankAccountId, { ids: entryIds })) open.set(`e${entry.entryId}`, entry);
  for (const cheque of chequeIds.length > 0 ? await openCheques(tx, actor, line.bankAccountId, chequeIds) : []) open.set(`c${cheque.chequeId}`, cheque);
  const errors: Record<string, string> = {};
  const conflicts: Record<string, string> = {};
  const seen = new Set<string>();
  let total = 0n;
  for (const [index, named] of input.entries.entries()) {
    const key = 'entryId' in named ? `e${named.entryId}` : `c${named.chequeId}`;
    if (seen.has(key)) {
      errors[`entries.${index}`] = bankingMessages.entryTwice;
      continue;
    }
    seen.add(key);
    const entry = open.get(key);
    if (entry) {
      total += entry.amount;
      continue;
    }
    const holder = await holderOf(tx, 'entryId' in named ? 'gl_entry_id' : 'cheque_id', 'entryId' in named ? named.entryId : named.chequeId);
    if (holder) conflicts[`entries.${index}`] = bankingMessages.entryTaken(holder.lineNo, holder.statementNumber);
    else errors[`entries.${index}`] = 'entryId' in named ? bankingMessages.entryNotOpen : bankingMessages.chequeNotOpen;
  }
  if (Object.keys(conflicts).length > 0) throw new ConflictError(Object.values(conflicts)[0]!, conflicts);
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  if (total !== line.amount) {
    const message = bankingMessages.entriesNotAdding(fromMinorUnits(total), fromMinorUnits(line.amount));
    throw new BadRequestError({ entries: message }, message);
  }
  await insertEntryMatches(tx, actor, line.bankAccountId, entryIds.map((entryId) => ({ lineId, entryId, ruleId: null })));
  // One at a time in id order, each claimed then cleared: the first cheque taken (409) or refused (money's error) stops the match.
  for (const chequeId of [...chequeIds].sort((a, b) => a - b)) {
    const done = await matchCheques(tx, actor, line.bankAccountId, [{ lineId, lineDate: line.lineDate, chequeId, ruleId: null }]);
    if (done.unclaimed.length > 0) {
      const index = input.entries.findIndex((e) => 'chequeId' in e && e.chequeId === chequeId);
      throw new ConflictError(bankingMessages.entryTaken(line.lineNo, line.statementNumber), { [`entries.${index}`]: bankingMessages.entryTaken(line.lineNo, line.statementNumber) });
    }
    const refused = done.refused.get(chequeId);
    if (refused) throw refused.error;
  }
  return lineAnswer(tx, lineId);
}

/** `POST /api/bank-statement-lines/:id/unmatch`: its matches undone (a cheque cleared stays cleared: its row is then an open entry); 409 in a locked reconciliation. */
export async function unmatchLine(tx: Tx, actor: Actor, lineId: number): Promise<BankStatementLine> {
  const before = await readLine(tx, actor, lineId);
  await lockBankAccount(tx, before.bankAccountId);
  const line = await readLine(tx, actor, lineId);
  await assertNotFrozen(tx, line);
  if (!line.matched) throw new ConflictError(bankingMessages.notMatched);
  await tx.execute(sql`DELETE FROM bank_statement_matches WHERE line_id = ${lineId}::int`);
  return lineAnswer(tx, lineId);
}

export { insertEntryMatches };
