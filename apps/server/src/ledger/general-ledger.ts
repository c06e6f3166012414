import { fromMinorUnits, journalMessages, journalProblems, type PostingAccountKey, toMinorUnits } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, jsonValue, numericArray, queryPrepared, queryRows, textArray, type Tx } from '../db/client.ts';
import { BadRequestError } from '../lib/app-error.ts';
import type { PostingAccountIds } from './posting-accounts.ts';
import { allocateDocumentNumber, type AlongsideStatement, nextNumberSql } from '../lib/document/document-number.ts';
import { todayIso } from './today.ts';

/**
 * THE posting service: every general-ledger row of the system is written here, inside the
 * caller's transaction (PRODUCT.md, principles 1 to 4). Journals, invoices, receipts,
 * payments, cheques, pay slips and depreciation runs call only postToLedger and
 * reverseInLedger. The database refuses any later change of the rows (trigger).
 */

export interface LedgerLineInput extends LedgerDimensions, LedgerForeign {
  accountId: number;
  /** Decimal strings, two decimals at most; exactly one of them above zero. */
  debit: string;
  credit: string;
  memo?: string;
}

/**
 * A line's figures in a foreign currency (issue 33, section 2): the currency, its rate (the
 * company currency per unit, 6 decimals) and the foreign amounts, given together or not at all;
 * the debit and credit stay in the company currency. A reversal swaps them with the sides.
 */
export interface LedgerForeign {
  currency?: string | null;
  exchangeRate?: string | null;
  foreignDebit?: string | null;
  foreignCredit?: string | null;
}

/**
 * What a line is stamped with at posting and keeps for ever (PRODUCT.md, principle 8): later
 * modules (planning, rentals, joint ventures, dashboard) read them from the ledger. A
 * reversal copies them onto its mirror rows.
 */
export interface LedgerDimensions {
  regionId?: number | null;
  partyType?: 'customer' | 'vendor' | 'employee' | null;
  partyId?: number | null;
  jointVentureId?: number | null;
  rentalAgreementId?: number | null;
  /** The payroll journal's department (0026_payroll.sql). */
  departmentId?: number | null;
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
  /**
   * The caller's statements (`before`, `alongside`) keep one text whatever the data (arrays,
   * not VALUES or IN lists): the posting's statement then runs prepared (queryPrepared).
   */
  fixedText?: boolean;
  /**
   * The year-end close (issue 27): it posts into the year it closes, whose periods it requires
   * closed, and zeroes an account retired during the year too; so neither the period nor the
   * active check applies.
   */
  yearEndClose?: boolean;
}

export interface PostingResult {
  documentNumber: string;
  /** The transaction's `now()`: what the caller's own `now()` columns hold. */
  at: Date;
  /** The actor's display name, for a "posted by" on the caller's answer. */
  actorName: string | null;
}

export { todayIso };

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

export interface PostingAccount {
  id: number;
  active: boolean;
  accountCode: string;
  accountName: string;
  /** The account's region (accounts.region_id), null for a company-wide account: a caller stamps its lines with it. */
  regionId: number | null;
  /** What the account is kept in (issue 33): a line's foreign figures must be in it. */
  currency: string;
}

/** What a posting is checked against, read in one round trip. */
export interface PostingContext {
  accounts: Map<number, PostingAccount>;
  closedThrough: string | null;
  at: Date;
  actorName: string | null;
  /** The id of the caller's row written with the read. */
  writtenId?: number;
  /** The accounts chosen in settings for the posting keys read (PostingContextRead.postingKeys). */
  postingAccounts: PostingAccountIds;
  /** The caller's own reads, by name. */
  reads: Record<string, unknown>;
  /** The company currency: a line on an account kept in another must give its figures in it. */
  companyCurrency: string;
}

/** What readPostingContext reads besides the period, the time and the actor's name. */
export interface PostingContextRead {
  accountIds?: readonly number[];
  /** Posting keys whose chosen accounts are read too (answered in `postingAccounts`, checked with the lines' accounts). */
  postingKeys?: readonly PostingAccountKey[];
  userId: number | null;
  /**
   * A caller's data-modifying CTEs (its new document; PostgreSQL takes them only at the top
   * level), run in the same statement; `write.id` comes back as `writtenId`. It must not
   * depend on the accounts existing: the caller checks them from the answer.
   */
  write?: { ctes: SQL; id: SQL };
  /** The actor's permitted regions (row scope): an account of another region reads as missing. */
  regions?: readonly number[];
  /**
   * A caller's own reads in the same round trip: CTEs (a customer's or lots' locking reads,
   * ordered among themselves by referring to each other) and the expressions answered in
   * `reads` by name (json, raw as the driver gives it).
   */
  ctes?: SQL;
  reads?: Readonly<Record<string, SQL>>;
  /** `write`, `ctes` and `reads` keep one text whatever the data: the read runs prepared (queryPrepared). */
  fixedText?: boolean;
}

/**
 * The lines' accounts, the period close (share-locked: a close waits for postings in flight
 * and vice versa), the transaction's now() and the actor's name, in one query, with what the
 * caller adds (PostingContextRead): a posting checks everything it needs in one round trip.
 */
export async function readPostingContext(
  tx: Tx,
  accountIds: readonly number[],
  userId: number | null,
  write?: { ctes: SQL; id: SQL },
  regions?: readonly number[],
): Promise<PostingContext> {
  return readPostingContextWith(tx, { accountIds, userId, write, regions });
}

export async function readPostingContextWith(tx: Tx, read: PostingContextRead): Promise<PostingContext> {
  const ids = [...new Set(read.accountIds ?? [])];
  const { regions, write, postingKeys = [] } = read;
  const inScope = regions && regions.length > 0 ? sql` AND (region_id IS NULL OR region_id = ANY(${intArray(regions)}))` : sql``;
  const keys = textArray(postingKeys);
  const chosen = sql`(SELECT account_id FROM posting_accounts WHERE key = ANY(${keys}))`;
  const reads = Object.entries(read.reads ?? {}).map(([name, expression]) => sql`, ${expression} AS ${sql.identifier(`read_${name}`)}`);
  // Arrays, not IN lists: one text per kind of posting.
  const [row] = await (read.fixedText ? queryPrepared : queryRows)<Record<string, unknown> & { companyCurrency: string; closedThrough: string | null; at: string | Date; actorName: string | null; accounts: PostingAccount[] | string | null; writtenId: number | null }>(
    tx,
    sql`WITH closed AS (SELECT closed_through FROM period_close WHERE id = 1 FOR SHARE)${write ? sql`, ${write.ctes}` : sql``}${read.ctes ? sql`, ${read.ctes}` : sql``}
        SELECT (SELECT closed_through::text FROM closed) AS "closedThrough", now() AS at, company_currency() AS "companyCurrency",
               (SELECT name FROM users WHERE id = ${read.userId}::int) AS "actorName",
               (SELECT json_agg(json_build_object('id', id, 'active', active, 'accountCode', account_code, 'accountName', account_name, 'regionId', region_id, 'currency', currency))
                  FROM accounts WHERE (id = ANY(${intArray(ids)}) OR id IN ${chosen})${inScope}) AS accounts,
               (SELECT json_object_agg(key, account_id) FROM posting_accounts WHERE key = ANY(${keys})) AS "postingAccounts",
               ${write ? write.id : sql`NULL::int`} AS "writtenId"${sql.join(reads, sql``)}`,
  );
  const list = jsonValue<PostingAccount[] | null>(row!.accounts) ?? [];
  const chosenIds = jsonValue<Record<string, number> | null>(row!.postingAccounts) ?? {};
  return {
    accounts: new Map(list.map((a) => [Number(a.id), { ...a, id: Number(a.id), regionId: a.regionId === null || a.regionId === undefined ? null : Number(a.regionId) }])),
    postingAccounts: Object.fromEntries(Object.entries(chosenIds).map(([key, id]) => [key, Number(id)])),
    closedThrough: row!.closedThrough,
    companyCurrency: row!.companyCurrency,
    at: new Date(row!.at),
    actorName: row!.actorName,
    writtenId: row!.writtenId === null ? undefined : Number(row!.writtenId),
    reads: Object.fromEntries(Object.keys(read.reads ?? {}).map((name) => [name, row![`read_${name}`]])),
  };
}

export const accountMissing = 'Account does not exist';

/**
 * Refusals naming `lines.N.accountId` for a missing (or, with `active`, an inactive) account, and
 * `lines.N.currency` for foreign figures in another currency than the account is kept in.
 */
export function accountProblems(context: PostingContext, lines: ReadonlyArray<{ accountId: number; currency?: string | null }>, options: { active: boolean }): Record<string, string> {
  const problems: Record<string, string> = {};
  lines.forEach((line, index) => {
    const account = context.accounts.get(line.accountId);
    if (!account) problems[`lines.${index}.accountId`] = accountMissing;
    else if (options.active && !account.active) problems[`lines.${index}.accountId`] = journalMessages.inactiveAccount;
    else if (line.currency && account.currency && line.currency !== account.currency) problems[`lines.${index}.currency`] = journalMessages.foreignAccount(line.currency, account.currency);
    // Company money on a foreign account would move its balance in the company currency and not in its own.
    else if (!line.currency && account.currency && account.currency !== context.companyCurrency) problems[`lines.${index}.currency`] = journalMessages.foreignRequired(account.currency);
  });
  return problems;
}

/** Refuses a date on or before the close, naming `field`. */
export function assertOpenIn(context: PostingContext, date: string, field: string): void {
  const closed = context.closedThrough;
  if (closed !== null && date <= closed) throw new BadRequestError({ [field]: journalMessages.closedPeriod(closed) });
}

interface LedgerDocument {
  documentType: string;
  documentId: number;
  date: string;
  narration: string;
  userId: number | null;
}

/**
 * One statement: the number (taken or given), the ledger rows and the caller's alongside
 * statements. The sequence row's lock is taken here, last, so it is held only for this
 * statement and the commit.
 */
async function writeEntries(
  tx: Tx,
  document: LedgerDocument,
  number: { prefix: string } | { given: string },
  lines: readonly LedgerLineInput[],
  alongside: readonly AlongsideStatement[],
  before: readonly AlongsideStatement[] = [],
  fixedText = false,
): Promise<string> {
  const numbering = 'given' in number ? sql`SELECT ${number.given}::text AS document_number` : nextNumberSql(number.prefix, document.date);
  const documentNumber = sql`(SELECT document_number FROM num)`;
  const also = alongside.map((statement, index) => sql`, ${sql.raw(`also_${index}`)} AS (${statement(documentNumber)})`);
  // Referenced by the ledger's INSERT, so they run to completion (and queue their triggers) first.
  const first = before.map((statement, index) => sql`${sql.raw(`before_${index}`)} AS (${statement(documentNumber)}),`);
  const afterFirst = before.map((_, index) => sql` AND (SELECT count(*) FROM ${sql.raw(`before_${index}`)}) >= 0`);
  // The lines as arrays: the statement's text is the same for any number of lines (prepared once).
  const [row] = await (fixedText ? queryPrepared : queryRows)<{ documentNumber: string }>(
    tx,
    sql`WITH num AS (${numbering}),
        ${sql.join(first, sql` `)}
        ledger AS (
          INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, memo, debit, credit, created_by,
                                  region_id, party_type, party_id, joint_venture_id, rental_agreement_id, department_id,
                                  currency, exchange_rate, foreign_debit, foreign_credit)
          SELECT v.account_id, ${document.date}::date, ${document.documentType}::text, ${document.documentId}::int, num.document_number,
                 ${document.narration}::text, v.memo, v.debit, v.credit, ${document.userId}::int,
                 v.region_id, v.party_type, v.party_id, v.joint_venture_id, v.rental_agreement_id, v.department_id,
                 v.currency, v.exchange_rate, v.foreign_debit, v.foreign_credit
          FROM num CROSS JOIN unnest(${intArray(lines.map((l) => l.accountId))}, ${textArray(lines.map((l) => l.memo ?? ''))},
                                     ${numericArray(lines.map((l) => l.debit))}, ${numericArray(lines.map((l) => l.credit))},
                                     ${intArray(lines.map((l) => l.regionId ?? null))}, ${textArray(lines.map((l) => l.partyType ?? null))},
                                     ${intArray(lines.map((l) => l.partyId ?? null))}, ${intArray(lines.map((l) => l.jointVentureId ?? null))},
                                     ${intArray(lines.map((l) => l.rentalAgreementId ?? null))}, ${intArray(lines.map((l) => l.departmentId ?? null))},
                                     ${textArray(lines.map((l) => l.currency ?? null))}, ${numericArray(lines.map((l) => l.exchangeRate ?? null))},
                                     ${numericArray(lines.map((l) => l.foreignDebit ?? null))}, ${numericArray(lines.map((l) => l.foreignCredit ?? null))}) WITH ORDINALITY
            AS v(account_id, memo, debit, credit, region_id, party_type, party_id, joint_venture_id, rental_agreement_id, department_id,
                 currency, exchange_rate, foreign_debit, foreign_credit, ord)
          WHERE true${sql.join(afterFirst, sql``)}
          ORDER BY v.ord
        )${sql.join(also, sql``)}
        SELECT document_number AS "documentNumber" FROM num`,
  );
  return row!.documentNumber;
}

/**
 * A bank file's postings in one statement (a pay run paid by its bank file, issue 27), to embed
 * in the caller's: for each row of `documents` (a CTE of that statement with columns id,
 * document_number, amount, region_id, party_id, narration) Dr `payableAccountId` stamped with the
 * row's region and party, Cr the same account with neither (the transfer waiting for the bank's
 * line); then the file's own two lines on `file`'s document, Dr the payable account, Cr the bank,
 * for the file's total. The bank statement's one debit meets one ledger row, and each document
 * still balances alone: cancelling one payment leaves its amount on the payable account without
 * a party until the bank returns it. The caller checked the accounts and the period first
 * (readPostingContextWith, accountProblems, assertOpenIn); the amounts are positive.
 */
export function bankFileEntriesStatement(input: {
  documentType: string;
  date: string;
  payableAccountId: number;
  bankAccountId: number;
  partyType: LedgerDimensions['partyType'];
  userId: number | null;
  documents: SQL;
  file: { documentType: string; documentId: number; documentNumber: string; narration: string; total: string };
}): SQL {
  const { file } = input;
  return sql`INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, memo, debit, credit, created_by, region_id, party_type, party_id)
    SELECT account_id, ${input.date}::date, document_type, document_id, document_number, narration, left(narration, 200), debit, credit, ${input.userId}::int, region_id, party_type, party_id
    FROM (
      SELECT ${input.payableAccountId}::int AS account_id, ${input.documentType}::text AS document_type, d.id AS document_id, d.document_number, d.narration,
             CASE WHEN side.debit THEN d.amount ELSE 0 END AS debit, CASE WHEN side.debit THEN 0 ELSE d.amount END AS credit,
             CASE WHEN side.debit THEN d.region_id END AS region_id, CASE WHEN side.debit THEN ${input.partyType ?? null}::text END AS party_type,
             CASE WHEN side.debit THEN d.party_id END AS party_id, 1 AS part, d.id AS ord, side.ord AS side_ord
      FROM ${input.documents} d CROSS JOIN (VALUES (true, 1), (false, 2)) AS side(debit, ord)
      UNION ALL
      SELECT side.account_id, ${file.documentType}::text, ${file.documentId}::int, ${file.documentNumber}::text, ${file.narration}::text,
             CASE WHEN side.debit THEN ${file.total}::numeric ELSE 0 END, CASE WHEN side.debit THEN 0 ELSE ${file.total}::numeric END,
             NULL::int, NULL::text, NULL::int, 2, 0, side.ord
      FROM (VALUES (${input.payableAccountId}::int, true, 1), (${input.bankAccountId}::int, false, 2)) AS side(account_id, debit, ord)
    ) rows
    ORDER BY part, ord, side_ord`;
}

/**
 * Many documents' postings in one statement, each a Dr/Cr pair of one amount stamped alike on
 * both lines (transferLines, set-based: the month end's rental invoices, issue 21 section 5), to
 * embed in the caller's: for each row of `documents` (a SELECT answering id, document_number,
 * narration, memo, amount, debit_account_id, credit_account_id, region_id, party_type, party_id,
 * joint_venture_id, rental_agreement_id and ord) the debit, then the credit, in `ord` order, all
 * dated `date`, or without it each on its row's own `entry_date` (cheques cleared by a bank
 * statement's lines, issue 33). The caller checked the accounts and the period first
 * (readPostingContext, accountProblems, assertOpenIn); the amounts are positive.
 */
export function transferEntriesStatement(input: { documentType: string; date?: string; userId: number | null; documents: SQL }): SQL {
  const date = input.date === undefined ? sql`d.entry_date` : sql`${input.date}::date`;
  return sql`INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, memo, debit, credit, created_by,
                                  region_id, party_type, party_id, joint_venture_id, rental_agreement_id)
    SELECT CASE WHEN side.debit THEN d.debit_account_id ELSE d.credit_account_id END, ${date}, ${input.documentType}::text, d.id, d.document_number,
           d.narration, d.memo, CASE WHEN side.debit THEN d.amount ELSE 0 END, CASE WHEN side.debit THEN 0 ELSE d.amount END, ${input.userId}::int,
           d.region_id, d.party_type, d.party_id, d.joint_venture_id, d.rental_agreement_id
    FROM (${input.documents}) AS d CROSS JOIN (VALUES (true, 1), (false, 2)) AS side(debit, ord)
    ORDER BY d.ord, side.ord`;
}

/** `amount` moved from one account to another: Dr `debitAccountId`, Cr `creditAccountId`, both lines with the same memo and dimensions. */
export function transferLines(debitAccountId: number, creditAccountId: number, amount: string, memo: string, dimensions: LedgerDimensions = {}): LedgerLineInput[] {
  return [
    { accountId: debitAccountId, debit: amount, credit: '0', memo, ...dimensions },
    { accountId: creditAccountId, debit: '0', credit: amount, memo, ...dimensions },
  ];
}

/** The checks of a posting that need no database: sides, signs, balance (exact cents). */
export function assertBalancedLines(lines: readonly LedgerLineInput[]): void {
  if (lines.length < 2) throw new BadRequestError({ lines: 'A posting needs at least two lines' });
  const problems = journalProblems(lines.map((l) => ({ ...l, memo: l.memo ?? '' })));
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

/**
 * Posts a balanced document: checks each line (one side, not negative) and the balance in
 * exact cents, the accounts (exist, active) and the period (open), then numbers it and
 * writes the rows with the caller's alongside statements in one statement. Throws
 * BadRequestError naming `lines.N.<field>`, `lines` or `dateField`. A caller that read the
 * context already (to check before writing its own rows) passes it.
 */
export async function postToLedger(
  tx: Tx,
  input: PostToLedgerInput & {
    alongside?: readonly AlongsideStatement[];
    /** Statements (each with RETURNING) that complete before the ledger rows are written: stock movements, whose day totals are locked before the accounts' (one lock order). */
    before?: readonly AlongsideStatement[];
  },
  context?: PostingContext,
): Promise<PostingResult> {
  assertBalancedLines(input.lines);
  const checked = context ?? (await readPostingContext(tx, input.lines.map((l) => l.accountId), input.actor.userId));
  const problems = accountProblems(checked, input.lines, { active: !input.yearEndClose });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  if (!input.yearEndClose) assertOpenIn(checked, input.documentDate, input.dateField ?? 'date');
  const number = input.documentNumber ? { given: input.documentNumber } : input.numberPrefix ? { prefix: input.numberPrefix } : undefined;
  if (!number) throw new Error('postToLedger needs a numberPrefix or a documentNumber');
  const documentNumber = await writeEntries(
    tx,
    { documentType: input.documentType, documentId: input.documentId, date: input.documentDate, narration: input.narration, userId: input.actor.userId },
    number,
    input.lines.map((l) => ({ ...l, debit: normalise(l.debit), credit: normalise(l.credit) })),
    input.alongside ?? [],
    input.before ?? [],
    input.fixedText,
  );
  return { documentNumber, at: checked.at, actorName: checked.actorName };
}

/**
 * A document's posting (goods receipt, invoice, sales return): postToLedger with its lines that
 * carry an amount; or, when none do (goods at no cost, given free), the same number, the
 * caller's statements (stock movements, status, audit row) and the period check, without
 * ledger rows. Answers the number.
 */
export async function postDocument(
  tx: Tx,
  input: PostToLedgerInput & { numberPrefix: string; alongside?: readonly AlongsideStatement[]; before?: readonly AlongsideStatement[] },
  context: PostingContext,
): Promise<string> {
  const lines = input.lines.filter((line) => toMinorUnits(line.debit) > 0n || toMinorUnits(line.credit) > 0n);
  if (lines.length > 0) return (await postToLedger(tx, { ...input, lines }, context)).documentNumber;
  assertOpenIn(context, input.documentDate, input.dateField ?? 'date');
  const documentNumber = await allocateDocumentNumber(tx, input.numberPrefix, input.documentDate);
  for (const statement of [...(input.before ?? []), ...(input.alongside ?? [])]) await tx.execute(statement(sql`${documentNumber}::text`));
  return documentNumber;
}

function normalise(amount: string): string {
  return fromMinorUnits(toMinorUnits(amount));
}

export interface ReverseInLedgerInput {
  /** The document whose rows are reversed. */
  documentType: string;
  documentId: number;
  /** Only the rows of this number, when one document id holds several postings (an agreement's deposits: one cancelled, one received again). */
  documentNumber?: string;
  /** Only the rows dated so, when one document posted on several days (a revaluation and its reversal the next day). */
  entryDate?: string;
  /** The document the mirror rows belong to (a reversing journal, a credit note); default: the same document. */
  reversal?: { documentType: string; documentId: number; documentNumber?: string; numberPrefix?: string };
  /** Default: today. */
  date?: string;
  narration: string;
  actor: { userId: number | null };
  dateField?: string;
  alongside?: readonly AlongsideStatement[];
}

/**
 * Cancelling: writes the mirror of a document's rows (debit and credit swapped), dated
 * today unless told, in an open period. The accounts' active flag is not checked: a
 * mistake must always be undoable. The caller's document status guards against twice.
 */
export async function reverseInLedger(tx: Tx, input: ReverseInLedgerInput): Promise<PostingResult> {
  const original = await queryRows<Required<LedgerDimensions> & Required<LedgerForeign> & { accountId: number; debit: string; credit: string; memo: string; documentNumber: string }>(
    tx,
    sql`SELECT account_id AS "accountId", debit::text AS debit, credit::text AS credit, memo, document_number AS "documentNumber",
               region_id AS "regionId", party_type AS "partyType", party_id AS "partyId",
               joint_venture_id AS "jointVentureId", rental_agreement_id AS "rentalAgreementId", department_id AS "departmentId",
               currency, exchange_rate::text AS "exchangeRate", foreign_debit::text AS "foreignDebit", foreign_credit::text AS "foreignCredit"
        FROM gl_entries WHERE document_type = ${input.documentType} AND document_id = ${input.documentId}${input.documentNumber ? sql` AND document_number = ${input.documentNumber}` : sql``}${
          input.entryDate ? sql` AND entry_date = ${input.entryDate}::date` : sql``
        } ORDER BY id`,
  );
  if (original.length === 0) throw new Error(`No ledger rows to reverse for ${input.documentType} ${input.documentId}`);
  const date = input.date ?? todayIso();
  const context = await readPostingContext(tx, [], input.actor.userId);
  assertOpenIn(context, date, input.dateField ?? 'date');
  const target = input.reversal ?? { documentType: input.documentType, documentId: input.documentId, documentNumber: original[0]!.documentNumber };
  const number = target.documentNumber ? { given: target.documentNumber } : target.numberPrefix ? { prefix: target.numberPrefix } : undefined;
  if (!number) throw new Error('reverseInLedger needs a documentNumber or a numberPrefix for the reversal');
  const documentNumber = await writeEntries(
    tx,
    { documentType: target.documentType, documentId: target.documentId, date, narration: input.narration, userId: input.actor.userId },
    number,
    original.map((row) => ({
      accountId: Number(row.accountId),
      debit: row.credit,
      credit: row.debit,
      memo: row.memo,
      regionId: row.regionId,
      partyType: row.partyType,
      partyId: row.partyId,
      jointVentureId: row.jointVentureId,
      rentalAgreementId: row.rentalAgreementId,
      departmentId: row.departmentId,
      currency: row.currency,
      exchangeRate: row.exchangeRate,
      foreignDebit: row.foreignCredit,
      foreignCredit: row.foreignDebit,
    })),
    input.alongside ?? [],
  );
  return { documentNumber, at: context.at, actorName: context.actorName };
}
