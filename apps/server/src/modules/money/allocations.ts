import { addDecimals, fromMinorUnits, moneyMessages, type OpenDocument, toMinorUnits } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AlongsideStatement } from '../../lib/document/document-number.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { type PaymentParty, type PaymentTarget, paymentTargetNamed, paymentTargetOf, paymentTargetsOf } from '../../lib/payment-targets.ts';

/**
 * Allocations, one rule for both directions (issue 9, sections 1 and 2): money received
 * allocated to a customer's documents and money paid allocated to a vendor's or an employee's,
 * each a payment target its owner declares in its manifest (issue 28: invoices, goods receipts,
 * pay slips). The targets are locked in id order FOR NO KEY UPDATE (two postings for one
 * invoice take turns and the second sees what the first took; NO KEY so the allocation rows'
 * foreign keys, KEY SHARE, never wait on it), their open amounts read under the lock, then
 * written with one statement per target kind. The source document (receipt or payment) is
 * locked by the machinery already. The owners' CHECK constraints and `receipts_allocated_check`
 * are the last guard.
 *
 * Money writes only its own tables: the targets' reads, locks and paid-column writes are their
 * owners', statements joined here to money's own in the caller's transaction, so a posting is
 * still one statement.
 */

/** The money documents: receipts (from customers) and payments (to vendors and employees). */
export type MoneySource = 'receipts' | 'payments';

/** A source's allocation rows, their column naming it, and the parties whose targets it pays. */
const sources: Record<MoneySource, { rows: string; key: string; parties: readonly PaymentParty[]; withholding: boolean }> = {
  // A receipt's allocation also settles what the customer withheld (issue 29, section 6: tax_withheld, income_tax_withheld).
  receipts: { rows: 'receipt_allocations', key: 'receipt_id', parties: ['customer'], withholding: true },
  payments: { rows: 'payment_allocations', key: 'payment_id', parties: ['vendor', 'employee'], withholding: false },
};

export const sourceOf = (target: PaymentTarget): MoneySource => (target.party === 'customer' ? 'receipts' : 'payments');

/** The targets a source's allocations may go to. */
export const targetsOfSource = (source: MoneySource) => paymentTargetsOf(sources[source].parties);

/** The target a source's allocations may go to, by the name its area's manifest gives it. */
export const targetNamedOf = (source: MoneySource, name: string) => paymentTargetNamed(name, sources[source].parties);

/** A source's allocation rows' table and the column naming the source. */
export const allocationRowsOf = (source: MoneySource) => ({ table: sql.identifier(sources[source].rows), key: sql.identifier(sources[source].key) });

/**
 * What an allocation row (alias `alias`, or unqualified) settles of its target: the money, plus
 * what the customer withheld on a receipt's (issue 29, section 6). The target's paid column moves
 * by this; the source's allocated amount by the money alone.
 */
export function settledSql(source: MoneySource, alias?: string): SQL {
  const column = (name: string): SQL => (alias ? sql`${sql.raw(alias)}.${sql.identifier(name)}` : sql`${sql.identifier(name)}`);
  return sources[source].withholding ? sql`(${column('amount')} + ${column('tax_withheld')} + ${column('income_tax_withheld')})` : column('amount');
}

type AskedLine = Record<string, unknown> & { amount: string };

/**
 * A request's allocations with each line that names its target (`{target, documentId}`, any
 * area's target by its manifest name) turned into that target's own field: what the rest of
 * money reads. A name no target of the source's parties answers to: 400 `allocations.N.target`.
 */
export function namedTargetLines(source: MoneySource, lines: readonly AskedLine[] | undefined): AskedLine[] | undefined {
  if (!lines) return undefined;
  const problems: Record<string, string> = {};
  const fields = new Set(paymentTargetsOf(sources[source].parties).map((t) => t.field));
  const named = lines.map((line, index) => {
    // Another area's target named by its own field (withAreaTargetFields): only a field a target of these parties declares.
    for (const key of Object.keys(line)) if (key.endsWith('Id') && key !== 'documentId' && !fields.has(key)) problems[`allocations.${index}.${key}`] = `${key} is not a known field`;
    if (line.target === undefined) return line;
    const { target: asked, documentId, ...rest } = line;
    const name = String(asked);
    const target = targetNamedOf(source, name);
    if (!target) problems[`allocations.${index}.target`] = moneyMessages.noSuchTarget(name);
    return target ? { ...rest, [target.field]: documentId } : line;
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return named;
}

/**
 * The target allocation lines name: of the same party as `fallback`'s, the one the first line
 * naming any names (a vendor's payment allocated to another area's bills), else `fallback`. A
 * line of another kind than that: 400 naming it (one allocate pays one kind of document).
 */
export function targetOfLines(fallback: string, lines: ReadonlyArray<Record<string, unknown>> | undefined): PaymentTarget {
  const named = (line: Record<string, unknown>, field: string) => line[field] !== undefined && line[field] !== null;
  const own = paymentTargetOf(fallback);
  const kinds = paymentTargetsOf([own.party]);
  const first = lines?.find((line) => kinds.some((t) => named(line, t.field)));
  const target = (first && kinds.find((t) => named(first, t.field))) ?? own;
  const problems = Object.fromEntries(
    (lines ?? []).flatMap((line, index) => {
      if (named(line, target.field)) return [];
      const other = kinds.some((t) => named(line, t.field));
      return [[`allocations.${index}.${target.field}`, other ? moneyMessages.oneKindPerAllocate(target.what) : moneyMessages.documentRequired(target.what)]];
    }),
  );
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return target;
}

export interface Target extends OpenDocument {
  partyId: number;
  status: string;
  /** Region for a row scope of the open lists. */
  regionId: number | null;
  /**
   * A target billed in a currency (a goods receipt, issue 33): `total` and `openAmount` are in it,
   * and this is what the whole is carried at in the company currency. Absent: the same as `total`.
   */
  companyTotal?: string;
  currency?: string;
}

/**
 * The targets `where` names. Locked (`lock`), they are read twice: the locking statement answers
 * what it read in the snapshot it took before waiting for the locks, and a target's facts may come
 * from a row its lock does not cover (a pay slip's status is its run's, an import charge's its
 * shipment's), which a cancel may have changed meanwhile. So the locked rows are read again in a
 * statement of their own, which sees every commit that ended the wait.
 */
async function readTargets(executor: Executor, target: PaymentTarget, where: SQL, lock: boolean): Promise<Target[]> {
  let rows = await queryRows<Target>(executor, target.select(where, lock));
  if (lock && rows.length > 0) rows = await queryRows<Target>(executor, target.select(sql`t.id IN (${intList(rows.map((r) => Number(r.id)))}) AND (${where})`, false));
  return rows.map((r) => ({ ...r, id: Number(r.id), partyId: Number(r.partyId), regionId: r.regionId === null ? null : Number(r.regionId) }));
}

/** The facts of the targets `ids` names, unlocked (a posting has locked them already). */
export const targetsNamed = (executor: Executor, target: PaymentTarget, ids: readonly number[]) => readTargets(executor, target, sql`t.id IN (${intList(ids)})`, false);

/** Oldest due first: due date, then date, then id. */
const byDue = (a: Target, b: Target) => a.dueDate.localeCompare(b.dueDate) || a.date.localeCompare(b.date) || a.id - b.id;

/** A party's open documents, oldest due first (the open-invoices / open-bills lists), in the actor's row scope. */
export async function openTargets(executor: Executor, target: PaymentTarget, partyId: number, actor: Actor): Promise<OpenDocument[]> {
  const open = target.openOf(partyId);
  const scope = target.scope(actor);
  const rows = await readTargets(executor, target, scope ? sql`${open} AND ${scope}` : open, false);
  return rows
    .sort(byDue)
    .map(({ id, documentNumber, date, dueDate, total, openAmount, taxAmount, taxWithheldAmount }) => ({
      id,
      documentNumber,
      date,
      dueDate,
      total,
      openAmount,
      ...(taxAmount !== undefined ? { taxAmount, taxWithheldAmount } : {}),
    }));
}

export interface PlannedAllocation {
  targetId: number;
  /** The money allocated. */
  amount: string;
  /** What the customer withheld from the target (a receipt's only), settled with the money; absent: 0. */
  taxWithheld?: string;
  incomeTaxWithheld?: string;
}

/** What an allocation settles of its target: the money and what was withheld, in minor units. */
export const settledOf = (p: PlannedAllocation): bigint => toMinorUnits(p.amount) + toMinorUnits(p.taxWithheld ?? '0') + toMinorUnits(p.incomeTaxWithheld ?? '0');

/** Whether any planned allocation carries withholding. */
export const withholds = (planned: readonly PlannedAllocation[]) => planned.some((p) => toMinorUnits(p.taxWithheld ?? '0') > 0n || toMinorUnits(p.incomeTaxWithheld ?? '0') > 0n);

/** A planned allocation with its amounts as two-decimal strings (withheld parts kept only when asked). */
function normalised(p: PlannedAllocation): PlannedAllocation {
  const decimal = (v: string) => fromMinorUnits(toMinorUnits(v));
  return {
    targetId: p.targetId,
    amount: decimal(p.amount),
    ...(p.taxWithheld !== undefined ? { taxWithheld: decimal(p.taxWithheld) } : {}),
    ...(p.incomeTaxWithheld !== undefined ? { incomeTaxWithheld: decimal(p.incomeTaxWithheld) } : {}),
  };
}

/** `available` spread over `targets` oldest due first, each up to its open amount. */
export function proposeAllocations(targets: readonly Target[], available: string): PlannedAllocation[] {
  let left = toMinorUnits(available);
  const planned: PlannedAllocation[] = [];
  for (const target of [...targets].sort(byDue)) {
    if (left <= 0n) break;
    const open = toMinorUnits(target.openAmount);
    if (open <= 0n) continue;
    const take = open < left ? open : left;
    planned.push({ targetId: target.id, amount: fromMinorUnits(take) });
    left -= take;
  }
  return planned;
}

export interface AllocationRequest {
  target: PaymentTarget;
  /** The receipt's customer or the payment's vendor. */
  partyId: number;
  /** What the source may still allocate (its amount less what is allocated). */
  available: string;
  /** As the user asked, by target id; absent: proposed oldest due first. */
  requested?: readonly PlannedAllocation[];
  /** `allocations` of the request (its refusals name `allocations.N.<field>`). */
  label: string;
  /** Lock the targets (posting, allocating); a draft's save checks without. */
  lock: boolean;
  /** The actor's row scope over the targets (`target.scope`): one outside it is refused as missing, and never proposed. */
  scope?: SQL;
}

/**
 * What may be allocated, checked against the targets' open amounts (under their locks when
 * `lock`): refuses a total above `available` (400 `allocations`), a target missing, of
 * another party or not posted (400 `allocations.N.<invoiceId|goodsReceiptId>`) and more
 * than a target has open, lines for one target added together, each line's money and what was
 * withheld counted (409 `allocations.N.amount`).
 */
export async function planAllocations(executor: Executor, request: AllocationRequest): Promise<PlannedAllocation[]> {
  const { target: kind } = request;
  const inScope = (where: SQL) => (request.scope ? sql`${where} AND ${request.scope}` : where);
  if (request.requested === undefined) {
    const open = await readTargets(executor, kind, inScope(kind.openOf(request.partyId)), request.lock);
    return proposeAllocations(open, request.available);
  }
  const requested = request.requested;
  if (requested.length === 0) return [];
  if (toMinorUnits(addDecimals(requested.map((r) => r.amount))) > toMinorUnits(request.available)) {
    throw new BadRequestError({ allocations: moneyMessages.overAllocated(request.label) });
  }
  const ids = [...new Set(requested.map((r) => r.targetId))];
  const targets = new Map((await readTargets(executor, kind, inScope(sql`t.id IN (${intList(ids)})`), request.lock)).map((t) => [t.id, t]));
  const problems: Record<string, string> = {};
  requested.forEach((r, index) => {
    const target = targets.get(r.targetId);
    if (!target || target.partyId !== request.partyId || target.status !== 'posted') problems[`allocations.${index}.${kind.field}`] = moneyMessages.notPartyDocument(kind.what);
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  const taken = new Map<number, bigint>();
  requested.forEach((r, index) => {
    const target = targets.get(r.targetId)!;
    const total = (taken.get(r.targetId) ?? 0n) + settledOf(r);
    taken.set(r.targetId, total);
    if (total > toMinorUnits(target.openAmount)) problems[`allocations.${index}.amount`] = moneyMessages.notOpen(target.documentNumber, fromMinorUnits(toMinorUnits(target.openAmount)));
  });
  if (Object.keys(problems).length > 0) throw new ConflictError(Object.values(problems)[0]!, problems);
  return requested.map(normalised);
}

/** The sum of planned allocations. */
export const plannedTotal = (planned: readonly PlannedAllocation[]) => addDecimals(planned.map((p) => p.amount));

/** Allocation rows as VALUES (line_no, target, amount, tax_withheld, income_tax_withheld). */
function rowsValues(planned: readonly PlannedAllocation[], firstLineNo: number): SQL {
  return sql.join(
    planned.map((p, index) => sql`(${firstLineNo + index}::int, ${p.targetId}::int, ${p.amount}::numeric, ${p.taxWithheld ?? '0'}::numeric, ${p.incomeTaxWithheld ?? '0'}::numeric)`),
    sql`, `,
  );
}

/** Inserts `planned` as the source's allocation rows from `firstLineNo` on, dated `date` (a draft's lines, or applied ones). */
export function insertAllocationRows(target: PaymentTarget, sourceId: number, planned: readonly PlannedAllocation[], firstLineNo: number, date: string): SQL {
  const source = sourceOf(target);
  const rows = allocationRowsOf(source);
  const withheld = sources[source].withholding ? sql`, tax_withheld, income_tax_withheld` : sql``;
  const withheldValues = sources[source].withholding ? sql`, v.tax_withheld, v.income_tax_withheld` : sql``;
  return sql`INSERT INTO ${rows.table} (${rows.key}, line_no, ${sql.identifier(target.column)}, amount${withheld}, allocation_date)
    SELECT ${sourceId}::int, v.line_no, v.target_id, v.amount${withheldValues}, ${date}::date
    FROM (VALUES ${rowsValues(planned, firstLineNo)}) AS v(line_no, target_id, amount, tax_withheld, income_tax_withheld)`;
}

/**
 * The writes that apply planned allocations: the rows (from `firstLineNo`, dated `date`) and the
 * targets' paid amounts (the target's `onAllocated`, one statement). The source's own allocated
 * amount is the caller's (it joins the source's status UPDATE: one statement updates a row once).
 */
export function applyStatements(
  target: PaymentTarget,
  sourceId: number,
  planned: readonly PlannedAllocation[],
  /** Where the rows go; null when they are written already (a draft's lines, applied as they are). */
  rows: { firstLineNo: number; date: string } | null,
): AlongsideStatement[] {
  if (planned.length === 0) return [];
  const byTarget = new Map<number, bigint>();
  for (const p of planned) byTarget.set(p.targetId, (byTarget.get(p.targetId) ?? 0n) + settledOf(p));
  const values = [...byTarget.entries()].map(([id, amount]) => sql`(${id}::int, ${fromMinorUnits(amount)}::numeric)`);
  return [
    ...(rows ? [() => insertAllocationRows(target, sourceId, planned, rows.firstLineNo, rows.date)] : []),
    () => target.onAllocated(sql`VALUES ${sql.join(values, sql`, `)}`),
  ];
}

/** Runs statements that take the number as one statement (no ledger rows: an `allocate`, a release). */
export async function runStatements(tx: Tx, statements: readonly AlongsideStatement[], documentNumber: SQL): Promise<void> {
  if (statements.length === 0) return;
  const ctes = statements.map((statement, index) => sql`${sql.raw(`s_${index}`)} AS (${statement(documentNumber)})`);
  await tx.execute(sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`);
}

/**
 * The writes that release a source's live allocations (cancel; a bounced cheque): each
 * target's paid amount lowered and the rows stamped released, with the targets locked in id
 * order first (every kind the source may pay, in one statement: a kind with no live rows locks
 * nothing). The source's allocated amount (back to 0) is the caller's.
 */
export async function releaseStatements(tx: Tx, source: MoneySource, sourceId: number, reason: 'cancelled' | 'bounced'): Promise<AlongsideStatement[]> {
  const { table, key } = allocationRowsOf(source);
  const targets = targetsOfSource(source);
  const live = sql`${key} = ${sourceId}::int AND released_at IS NULL`;
  const locks = targets.map((target, index) => sql`${sql.raw(`l_${index}`)} AS (${target.lock(sql`SELECT ${sql.identifier(target.column)} FROM ${table} WHERE ${live}`)})`);
  const counted = targets.map((_, index) => sql`(SELECT count(*) FROM ${sql.raw(`l_${index}`)})`);
  await tx.execute(sql`WITH ${sql.join(locks, sql`, `)} SELECT ${sql.join(counted, sql` + `)}`);
  return [
    ...targets.map((target) => {
      const column = sql.identifier(target.column);
      return () => target.onReleased(sql`SELECT ${column} AS id, sum(${settledSql(source)}) AS amount FROM ${table} WHERE ${live} AND ${column} IS NOT NULL GROUP BY 1`);
    }),
    () => sql`UPDATE ${table} SET released_at = now(), released_reason = ${reason}::text WHERE ${live}`,
  ];
}

/**
 * Releases every live allocation of a receipt or payment and sets its allocated amount to 0,
 * in the caller's transaction (a bounced cheque: its receipt's invoices open again). The
 * caller holds the source's row lock, or takes it here first.
 */
export async function releaseAllocations(tx: Tx, source: MoneySource, sourceId: number, reason: 'cancelled' | 'bounced'): Promise<void> {
  const table = sql.identifier(source);
  await tx.execute(sql`SELECT id FROM ${table} WHERE id = ${sourceId}::int FOR NO KEY UPDATE`);
  const statements = await releaseStatements(tx, source, sourceId, reason);
  await runStatements(tx, [...statements, () => sql`UPDATE ${table} SET allocated_amount = 0, updated_at = now() WHERE id = ${sourceId}::int`], sql`NULL`);
}

/** The next line number of a source's allocation rows. */
export async function nextLineNo(executor: Executor, source: MoneySource, sourceId: number): Promise<number> {
  const { table, key } = allocationRowsOf(source);
  const [row] = await queryRows<{ next: number }>(executor, sql`SELECT coalesce(max(line_no), 0) + 1 AS next FROM ${table} WHERE ${key} = ${sourceId}::int`);
  return Number(row!.next);
}
