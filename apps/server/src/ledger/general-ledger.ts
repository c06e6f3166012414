import { documentNumber, fromMinorUnits, journalMessages, journalProblems, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../db/client.ts';
import { BadRequestError } from '../lib/app-error.ts';

/**
 * THE posting service: every general-ledger row of the system is written here, inside the
 * caller's transaction (PRODUCT.md, principles 1 to 4). Journals, invoices, receipts,
 * payments, cheques, pay slips and depreciation runs call only postToLedger and
 * reverseInLedger. The database refuses any later change of the rows (trigger).
 */

export interface LedgerLineInput {
  accountId: number;
  /** Decimal strings, two decimals at most; exactly one of them above zero. */
  debit: string;
  credit: string;
  memo?: string;
}

export interface PostToLedgerInput {
  documentType: string;
  documentId: number;
  /** `YYYY-MM-DD`: the entries' date; decides the number's year and the period check. */
  documentDate: string;
  narration: string;
  lines: readonly LedgerLineInput[];
  /** Allocates the next gapless number `<prefix>-<year>-<6 digits>`... */
  numberPrefix?: string;
  /** ...or the document already holds one (allocated with allocateDocumentNumber). */
  documentNumber?: string;
  actor: { userId: number | null };
  /** The field a closed-period refusal names (`journalDate`, `invoiceDate`, ...). */
  dateField?: string;
}

export interface PostedEntry {
  id: number;
  accountId: number;
  entryDate: string;
  debit: string;
  credit: string;
  memo: string;
}

export interface PostingResult {
  documentNumber: string;
  entries: PostedEntry[];
}

/** The server's calendar day as `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The next number of a document type in the year of `date`. The upsert holds the
 * sequence row's lock until the caller commits, so concurrent posters take turns and a
 * rolled-back posting gives its number back: numbers are gapless.
 */
export async function allocateDocumentNumber(tx: Tx, prefix: string, date: string): Promise<string> {
  const year = Number(date.slice(0, 4));
  const [row] = await queryRows<{ lastNumber: number }>(
    tx,
    sql`INSERT INTO document_sequences (doc_type, year, last_number) VALUES (${prefix}, ${year}, 1)
        ON CONFLICT (doc_type, year) DO UPDATE SET last_number = document_sequences.last_number + 1
        RETURNING last_number AS "lastNumber"`,
  );
  return documentNumber(prefix, year, Number(row!.lastNumber));
}

/** The last day of the closed period, or null when every date is open. */
export async function closedThrough(executor: Executor, options: { lock?: boolean } = {}): Promise<string | null> {
  // Posters share-lock the row, so a period close waits for postings in flight and vice versa.
  const [row] = await queryRows<{ closedThrough: string | null }>(
    executor,
    options.lock
      ? sql`SELECT closed_through::text AS "closedThrough" FROM period_close WHERE id = 1 FOR SHARE`
      : sql`SELECT closed_through::text AS "closedThrough" FROM period_close WHERE id = 1`,
  );
  return row?.closedThrough ?? null;
}

/** Refuses a date on or before the close, naming `field`. */
export async function assertPeriodOpen(tx: Tx, date: string, field: string): Promise<void> {
  const closed = await closedThrough(tx, { lock: true });
  if (closed !== null && date <= closed) throw new BadRequestError({ [field]: journalMessages.closedPeriod(closed) });
}

/** Every line's account must exist and be active; refusals name `lines.N.accountId`. */
async function assertAccountsActive(tx: Tx, lines: readonly LedgerLineInput[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.accountId))];
  const rows = await queryRows<{ id: number; active: boolean }>(
    tx,
    sql`SELECT id, active FROM accounts WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r.active]));
  const problems: Record<string, string> = {};
  lines.forEach((line, index) => {
    const active = byId.get(line.accountId);
    if (active === undefined) problems[`lines.${index}.accountId`] = accountMissing;
    else if (!active) problems[`lines.${index}.accountId`] = journalMessages.inactiveAccount;
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

export const accountMissing = 'Account does not exist';

async function insertEntries(
  tx: Tx,
  document: { documentType: string; documentId: number; documentNumber: string; date: string; narration: string; userId: number | null },
  lines: readonly LedgerLineInput[],
): Promise<PostedEntry[]> {
  const values = lines.map(
    (line) =>
      sql`(${line.accountId}::int, ${document.date}::date, ${document.documentType}, ${document.documentId}::int, ${document.documentNumber},
           ${document.narration}, ${line.memo ?? ''}, ${line.debit}::numeric, ${line.credit}::numeric, ${document.userId}::int)`,
  );
  const rows = await queryRows<{ id: string; accountId: number; entryDate: string; debit: string; credit: string; memo: string }>(
    tx,
    sql`INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, memo, debit, credit, created_by)
        VALUES ${sql.join(values, sql`, `)}
        RETURNING id::text AS id, account_id AS "accountId", entry_date::text AS "entryDate", debit::text AS debit, credit::text AS credit, memo`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), accountId: Number(r.accountId) }));
}

/**
 * Posts a balanced document: checks each line (one side, not negative) and the balance in
 * exact cents, the accounts (exist, active) and the period (open), allocates the number,
 * writes the rows. Throws BadRequestError naming `lines.N.<field>`, `lines` or `dateField`.
 */
export async function postToLedger(tx: Tx, input: PostToLedgerInput): Promise<PostingResult> {
  const lines = input.lines.map((l) => ({ accountId: l.accountId, debit: l.debit, credit: l.credit, memo: l.memo ?? '' }));
  if (lines.length < 2) throw new BadRequestError({ lines: 'A posting needs at least two lines' });
  const problems = journalProblems(lines);
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  await assertAccountsActive(tx, lines);
  await assertPeriodOpen(tx, input.documentDate, input.dateField ?? 'date');
  // The number last: its row lock is the one every poster of this type waits for.
  const number = input.documentNumber ?? (input.numberPrefix ? await allocateDocumentNumber(tx, input.numberPrefix, input.documentDate) : undefined);
  if (!number) throw new Error('postToLedger needs a numberPrefix or a documentNumber');
  const entries = await insertEntries(
    tx,
    { ...input, documentNumber: number, date: input.documentDate, userId: input.actor.userId },
    lines.map((l) => ({ ...l, debit: normalise(l.debit), credit: normalise(l.credit) })),
  );
  return { documentNumber: number, entries };
}

function normalise(amount: string): string {
  return fromMinorUnits(toMinorUnits(amount));
}

export interface ReverseInLedgerInput {
  /** The document whose rows are reversed. */
  documentType: string;
  documentId: number;
  /** The document the mirror rows belong to (a reversing journal, a credit note); default: the same document. */
  reversal?: { documentType: string; documentId: number; documentNumber?: string; numberPrefix?: string };
  /** Default: today. */
  date?: string;
  narration: string;
  actor: { userId: number | null };
  dateField?: string;
}

/**
 * Cancelling: writes the mirror of a document's rows (debit and credit swapped), dated
 * today unless told, in an open period. The accounts' active flag is not checked: a
 * mistake must always be undoable. The caller's document status guards against twice.
 */
export async function reverseInLedger(tx: Tx, input: ReverseInLedgerInput): Promise<PostingResult> {
  const original = await queryRows<{ accountId: number; debit: string; credit: string; memo: string; documentNumber: string }>(
    tx,
    sql`SELECT account_id AS "accountId", debit::text AS debit, credit::text AS credit, memo, document_number AS "documentNumber"
        FROM gl_entries WHERE document_type = ${input.documentType} AND document_id = ${input.documentId} ORDER BY id`,
  );
  if (original.length === 0) throw new Error(`No ledger rows to reverse for ${input.documentType} ${input.documentId}`);
  const date = input.date ?? todayIso();
  await assertPeriodOpen(tx, date, input.dateField ?? 'date');
  const target = input.reversal ?? { documentType: input.documentType, documentId: input.documentId, documentNumber: original[0]!.documentNumber };
  const number = target.documentNumber ?? (target.numberPrefix ? await allocateDocumentNumber(tx, target.numberPrefix, date) : undefined);
  if (!number) throw new Error('reverseInLedger needs a documentNumber or a numberPrefix for the reversal');
  const entries = await insertEntries(
    tx,
    { documentType: target.documentType, documentId: target.documentId, documentNumber: number, date, narration: input.narration, userId: input.actor.userId },
    original.map((row) => ({ accountId: Number(row.accountId), debit: row.credit, credit: row.debit, memo: row.memo })),
  );
  return { documentNumber: number, entries };
}
