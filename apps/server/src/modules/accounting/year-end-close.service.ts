import { addDays, fiscalYearEndingIn, fiscalYearOf, fromMinorUnits, toMinorUnits, type YearEndClose, type YearEndCloses, yearEndCloseDocumentType, yearEndCloseMessages } from '@erp/domain';
import { inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { yearEndCloses } from '../../db/schema/index.ts';
import { closedThrough, type LedgerLineInput, postToLedger, todayIso } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { AnyDocumentBinding } from '../../lib/document/document-binding.ts';
import { allocateDocumentNumber } from '../../lib/document/document-number.ts';
import { audit } from '../../plugins/audit.ts';
import { fiscalYearStartMonth } from './ledger.service.ts';

/** The closed fiscal years, latest first; the month fiscal years start in and the last one ended (what a close offers). */
export async function yearEndClosesOf(executor: Executor): Promise<YearEndCloses> {
  const startMonth = await fiscalYearStartMonth(executor);
  const current = fiscalYearOf(new Date(`${todayIso()}T00:00:00Z`), startMonth);
  const data = await queryRows<YearEndClose>(
    executor,
    sql`SELECT fiscal_year AS "fiscalYear", from_date::text AS "from", to_date::text AS "to", document_number AS "documentNumber",
               profit::text AS profit, to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "closedAt"
        FROM year_end_closes ORDER BY fiscal_year DESC`,
  );
  // The current fiscal year ends in the calendar year of its last day; the last ended one, a year before.
  return { data: data.map((row) => ({ ...row, fiscalYear: Number(row.fiscalYear) })), fiscalYearStartMonth: startMonth, lastEnded: Number(current.to.slice(0, 4)) - 1 };
}

/** The last day of the latest closed fiscal year, or null: periods are never reopened into it. */
export async function closedYearsThrough(executor: Executor): Promise<{ fiscalYear: number; to: string } | null> {
  const [row] = await queryRows<{ fiscalYear: number; to: string }>(executor, sql`SELECT fiscal_year AS "fiscalYear", to_date::text AS "to" FROM year_end_closes ORDER BY to_date DESC LIMIT 1`);
  return row ? { fiscalYear: Number(row.fiscalYear), to: row.to } : null;
}

/** The months (`YYYY-MM`) of [from, to] with a day after the close. */
function openMonths(year: { from: string; to: string }, closed: string | null): string[] {
  const months: string[] = [];
  let first = closed === null || closed < year.from ? year.from : addDays(closed, 1);
  while (first <= year.to) {
    months.push(first.slice(0, 7));
    const [y, m] = first.slice(0, 7).split('-').map(Number) as [number, number];
    first = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return months;
}

/** Each document type's drafts (its editable states) dated in the year, as `Journals 2 (ids 5, 7)`. */
async function draftsDatedIn(tx: Tx, year: { from: string; to: string }, documents: readonly AnyDocumentBinding[]): Promise<string[]> {
  const found: string[] = [];
  for (const binding of documents) {
    const { columns, definition } = binding;
    const rows = await tx
      .select({ id: columns.id })
      .from(binding.table)
      .where(sql`${inArray(columns.status, [...definition.editableIn])} AND ${columns.date} BETWEEN ${year.from}::date AND ${year.to}::date`)
      .orderBy(columns.id);
    if (rows.length === 0) continue;
    const ids = rows.slice(0, 5).map((r) => String(r.id));
    found.push(`${definition.title} ${rows.length} (id${rows.length > 1 ? 's' : ''} ${ids.join(', ')}${rows.length > 5 ? ', ...' : ''})`);
  }
  return found;
}

/**
 * The closing journal's lines: each income and expense account's result of the year turned
 * back, per region stamp (the account's region, else the entry's), and retained earnings
 * taking each stamp's net; so a reader kept to regions sees their share close as well.
 */
async function closingLines(tx: Tx, year: { from: string; to: string }, retainedEarnings: number): Promise<{ lines: LedgerLineInput[]; net: bigint }> {
  const groups = await queryRows<{ accountId: number; regionId: number | null; amount: string }>(
    tx,
    sql`SELECT g.account_id AS "accountId", coalesce(a.region_id, g.region_id) AS "regionId", sum(g.debit - g.credit)::text AS amount
        FROM gl_entries g JOIN accounts a ON a.id = g.account_id JOIN account_heads h ON h.id = a.head_id
        WHERE h.head_type IN ('income', 'expense') AND g.entry_date BETWEEN ${year.from}::date AND ${year.to}::date
        GROUP BY 1, 2 HAVING sum(g.debit - g.credit) <> 0 ORDER BY 2 NULLS FIRST, 1`,
  );
  const side = (drSigned: bigint) => ({ debit: fromMinorUnits(drSigned > 0n ? drSigned : 0n), credit: fromMinorUnits(drSigned < 0n ? -drSigned : 0n) });
  const lines: LedgerLineInput[] = [];
  const byRegion = new Map<number | null, bigint>();
  let net = 0n;
  for (const group of groups) {
    const amount = toMinorUnits(group.amount);
    const regionId = group.regionId === null ? null : Number(group.regionId);
    lines.push({ accountId: Number(group.accountId), ...side(-amount), memo: 'Year-end close', regionId });
    byRegion.set(regionId, (byRegion.get(regionId) ?? 0n) + amount);
    net += amount;
  }
  for (const [regionId, amount] of byRegion) if (amount !== 0n) lines.push({ accountId: retainedEarnings, ...side(amount), memo: 'Result of the year', regionId });
  return { lines, net };
}

/**
 * POST /api/accounting/year-end-close (issue 27): posts the closing journal of a fiscal year,
 * dated its last day, moving each income and expense account's result of the year to retained
 * earnings. Needs every period of the year closed and no draft document dated in it (409 naming
 * them); the statements already read the year so, with or without it (statements.service.ts).
 * The period row is locked first: no posting runs meanwhile.
 */
export async function closeFiscalYear(tx: Tx, actor: Actor, fiscalYear: number, documents: readonly AnyDocumentBinding[]): Promise<YearEndClose> {
  await tx.execute(sql`SELECT 1 FROM period_close WHERE id = 1 FOR UPDATE`);
  const year = fiscalYearEndingIn(fiscalYear, await fiscalYearStartMonth(tx));
  const [done] = await tx.select({ documentNumber: yearEndCloses.documentNumber }).from(yearEndCloses).where(sql`${yearEndCloses.fiscalYear} = ${fiscalYear}`);
  if (done) throw new ConflictError(yearEndCloseMessages.closedAlready(fiscalYear, done.documentNumber), { fiscalYear: yearEndCloseMessages.closedAlready(fiscalYear, done.documentNumber) });
  const problems: Record<string, string> = {};
  if (year.to >= todayIso()) problems.fiscalYear = yearEndCloseMessages.notEnded(year.to);
  const open = openMonths(year, await closedThrough(tx));
  if (open.length > 0) problems.periods = yearEndCloseMessages.openPeriods(open);
  const drafts = await draftsDatedIn(tx, year, documents);
  if (drafts.length > 0) problems.drafts = yearEndCloseMessages.drafts(drafts.join('; '));
  if (Object.keys(problems).length > 0) throw new ConflictError(Object.values(problems).join('. '), problems);
  const { retainedEarnings } = await requirePostingAccounts(tx, ['retainedEarnings']);
  const { lines, net } = await closingLines(tx, year, retainedEarnings);
  const documentNumber = await allocateDocumentNumber(tx, 'YE', year.to);
  const profit = fromMinorUnits(-net);
  const [row] = await tx
    .insert(yearEndCloses)
    .values({ fiscalYear, fromDate: year.from, toDate: year.to, documentNumber, profit, closedBy: actor.userId })
    .returning({ id: yearEndCloses.id, closedAt: yearEndCloses.closedAt });
  if (lines.length > 0) {
    await postToLedger(tx, {
      documentType: yearEndCloseDocumentType,
      documentId: row!.id,
      documentDate: year.to,
      documentNumber,
      narration: `Year-end close of fiscal year ${fiscalYear} (${year.from} to ${year.to})`,
      lines,
      actor: { userId: actor.userId },
      dateField: 'fiscalYear',
      yearEndClose: true,
    });
  }
  await audit(tx, auditActorOf(actor), { action: 'year-end-close', resource: 'year-end-close', recordId: row!.id, after: { fiscalYear, documentNumber, profit } });
  return { fiscalYear, from: year.from, to: year.to, documentNumber, profit, closedAt: row!.closedAt.toISOString() };
}
