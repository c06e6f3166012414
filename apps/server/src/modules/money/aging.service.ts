import {
  addDecimals,
  type AgingBucket,
  type AgingDocument,
  type AgingFigures,
  type AgingKind,
  type AgingReport,
  agingBuckets,
  agingKinds,
  chequeDocument,
  dateSchema,
  fromMinorUnits,
  paymentDocument,
  permittedIds,
  receiptDocument,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { type PaymentParty, paymentTargetsOf } from '../../lib/payment-targets.ts';
import { settledSql } from './allocations.ts';

/**
 * Receivables and payables aging (issue 9, section 4): what each customer or vendor owes, or
 * is owed, as of a date, by how long past the due date (domain money/aging.ts). Its items
 * (issue 17, section 5) add up to the customers' (vendors') accounts in the general ledger to
 * the cent: the open documents of the party's payment targets, each read by its owner
 * (`aging` of lib/payment-targets.ts: posted invoices less their allocated receipts and
 * returns; posted goods receipts, the vendors' bills, less their payments); the advances (what
 * posted receipts or payments leave unallocated) as credits; and every other row on the party's
 * account (balances brought forward, journals) and its opening balance, due on its date. As of
 * today or later the open amounts are the documents' own columns, read through their partial
 * indexes of open documents. As of a past date they are rebuilt from the dated history:
 * documents dated on or before it and not cancelled by then, less allocations dated by then
 * and not released by then (money hands each target its own), less returns dated by then and
 * not cancelled by then; ledger rows dated by then.
 */

const bucketKeys = agingBuckets.map((b) => b.key) as [AgingBucket, ...AgingBucket[]];

export const agingQuerySchema = z.object({
  kind: z.enum(agingKinds, { error: 'Kind must be receivable or payable' }),
  asOf: dateSchema('As of').optional(),
});

export const agingDocumentsQuerySchema = agingQuerySchema.extend({
  partyId: z.coerce.number({ error: 'Party is required' }).int({ error: 'Party is required' }).positive({ error: 'Party is required' }).max(2_147_483_647),
  bucket: z.enum(bucketKeys, { error: `Bucket must be one of ${bucketKeys.join(', ')}` }).optional(),
});

/** `asOf - due date` bounds of a bucket, as a condition on the open documents' `due_date`. */
function bucketCondition(key: AgingBucket, asOf: string): SQL {
  const bucket = agingBuckets.find((b) => b.key === key)!;
  const days = sql`(${asOf}::date - d.due_date)`;
  const parts: SQL[] = [];
  if (Number.isFinite(bucket.from)) parts.push(sql`${days} >= ${bucket.from}::int`);
  if (Number.isFinite(bucket.to)) parts.push(sql`${days} <= ${bucket.to}::int`);
  return sql.join(parts, sql` AND `);
}

/** The SQL CASE naming a document's bucket: the domain's buckets are contiguous and in order, so each WHEN tests its upper bound alone. */
const bucketCase = (asOf: string) => {
  const bounded = agingBuckets.filter((b) => Number.isFinite(b.to));
  const last = agingBuckets[agingBuckets.length - 1]!.key;
  return sql`CASE ${sql.join(bounded.map((b) => sql`WHEN ${asOf}::date - d.due_date <= ${b.to}::int THEN ${b.key}::text`), sql` `)} ELSE ${last}::text END`;
};

interface AgingSide {
  party: PaymentParty;
  /** Its money documents, whose unallocated part is an advance. */
  money: MoneyOfParty;
  /** The party's table with its account (journal rows), and its region. */
  account: { table: string; region: SQL | null };
  /** The ledger's document types its advances stand for. */
  moneyTypes: readonly string[];
  /** Dr-signed amounts to the kind's side: receivable Dr positive, payable Cr positive. */
  sign: 1 | -1;
  /** The party's name by id (alias `p`). */
  parties: SQL;
}

const isPast = (asOf: string) => asOf < todayIso();

/**
 * What is allocated as of a date, by document (`key`): allocations dated by then and not
 * released by then. A bounce releases a receipt's allocations on the cheque's bounce date
 * (when the ledger takes the money back), whenever it was recorded. By target (`settled`), what
 * the customer withheld counts with the money (issue 29, section 6); by receipt, the money alone.
 */
const allocatedAsOf = (table: 'receipt_allocations' | 'payment_allocations', key: string, asOf: string, settled = false) => {
  const releasedOn =
    table === 'receipt_allocations'
      ? sql`coalesce((SELECT q.bounce_date FROM cheques q WHERE q.receipt_id = x.receipt_id AND x.released_reason = 'bounced'), x.released_at::date)`
      : sql`x.released_at::date`;
  return sql`
  SELECT x.${sql.identifier(key)} AS id, sum(${settled ? settledSql(table === 'receipt_allocations' ? 'receipts' : 'payments', 'x') : sql`x.amount`}) AS amount FROM ${sql.identifier(table)} x
  WHERE x.allocation_date <= ${asOf}::date AND (x.released_at IS NULL OR ${releasedOn} > ${asOf}::date) GROUP BY 1`;
};

// Live as of a date: dated by then, posted, or cancelled only after it (a cancel reverses on its day).
const liveAsOf = (alias: string, asOf: string) =>
  sql`${sql.raw(alias)}.document_date <= ${asOf}::date AND (${sql.raw(alias)}.status = 'posted' OR (${sql.raw(alias)}.status = 'cancelled' AND ${sql.raw(alias)}.cancelled_at::date > ${asOf}::date))`;

/** Rows in the user's regions; a row of no region (a vendor's, company-wide) is everyone's. */
const inRegions = (region: SQL, regions: readonly number[] | undefined) => (regions ? sql` AND (${region} IS NULL OR ${region} IN (${intList(regions)}))` : sql``);

/**
 * The rows of a party's account that its documents do not explain (`explained`: the document
 * types whose rows the open documents and advances already stand for), one item per document
 * and day, due on its date; and the account's own opening balance. `sign` turns Dr-signed
 * amounts into the side's (receivable Dr positive, payable Cr positive).
 */
function journalItems(party: { table: string; region: SQL | null }, explained: readonly string[], sign: 1 | -1, asOf: string, regions: readonly number[] | undefined): SQL {
  const table = sql.identifier(party.table);
  const amount = (drSigned: SQL) => (sign === 1 ? drSigned : sql`-(${drSigned})`);
  const region = party.region ?? sql`NULL::int`;
  const dated = isPast(asOf) ? sql` AND g.entry_date <= ${asOf}::date` : sql``;
  return sql`SELECT g.document_id AS id, p.id AS party_id, g.document_type, 'journal'::text AS item_kind, coalesce(g.document_number, '') AS document_number,
                    g.entry_date AS document_date, g.entry_date AS due_date, ${amount(sql`sum(g.debit - g.credit)`)} AS total, ${amount(sql`sum(g.debit - g.credit)`)} AS open
             FROM ${table} p JOIN gl_entries g ON g.account_id = p.account_id
             WHERE g.document_type NOT IN (${sql.join(explained.map((type) => sql`${type}`), sql`, `)})${dated}${inRegions(sql`coalesce(g.region_id, ${region})`, regions)}
             GROUP BY g.document_type, g.document_id, g.document_number, g.entry_date, p.id HAVING sum(g.debit - g.credit) <> 0
             UNION ALL
             SELECT a.id, p.id, 'accounts', 'journal', a.account_code, coalesce(a.opening_date, a.created_at::date), coalesce(a.opening_date, a.created_at::date),
                    ${amount(sql`a.opening_balance`)}, ${amount(sql`a.opening_balance`)}
             FROM ${table} p JOIN accounts a ON a.id = p.account_id WHERE a.opening_balance <> 0${inRegions(region, regions)}`;
}

interface MoneyOfParty {
  table: string;
  allocations: 'receipt_allocations' | 'payment_allocations';
  key: string;
  party: string;
  payee: SQL;
  /** A foreign amount of the document in the company currency: a payment in a vendor's currency at its own rate (issue 33); a receipt is the company's. */
  atRate: (foreign: SQL) => SQL;
}

/**
 * The unallocated part of posted receipts or payments, as credits due on their date. As of a
 * past date: dated by then, live then (a bounced receipt until its cheque's bounce date), less
 * the allocations live then.
 */
function advanceItems(money: MoneyOfParty, asOf: string, regions: readonly number[] | undefined): SQL {
  const table = sql.identifier(money.table);
  const head = sql`SELECT m.id, m.${sql.identifier(money.party)} AS party_id, ${money.table}::text AS document_type, 'advance'::text AS item_kind, m.document_number,
                          m.document_date, m.document_date AS due_date, ${money.atRate(sql`-m.amount`)} AS total`;
  const scope = sql`${money.payee}${inRegions(sql`m.region_id`, regions)}`;
  if (!isPast(asOf)) return sql`${head}, ${money.atRate(sql`m.allocated_amount - m.amount`)} AS open FROM ${table} m WHERE m.status = 'posted' AND m.allocated_amount < m.amount${scope}`;
  const bouncedLater = sql`(m.status = 'bounced' AND m.document_date <= ${asOf}::date AND EXISTS (SELECT 1 FROM cheques q WHERE q.${sql.identifier(money.key)} = m.id AND q.bounce_date > ${asOf}::date))`;
  return sql`SELECT * FROM (${head}, ${money.atRate(sql`coalesce(a.amount, 0) - m.amount`)} AS open FROM ${table} m
             LEFT JOIN (${allocatedAsOf(money.allocations, money.key, asOf)}) a ON a.id = m.id
             WHERE (${liveAsOf('m', asOf)} OR ${bouncedLater})${scope}) x WHERE x.open < 0`;
}

/** Each kind's party, whose payment targets it ages, and what it reads beyond their documents. */
const sides: Record<AgingKind, AgingSide> = {
  receivable: {
    party: 'customer',
    money: { table: 'receipts', allocations: 'receipt_allocations', key: 'receipt_id', party: 'customer_id', payee: sql``, atRate: (foreign) => foreign },
    account: { table: 'customers', region: sql`p.region_id` },
    moneyTypes: [receiptDocument.documentType, chequeDocument.documentType],
    sign: 1,
    parties: sql`SELECT id, customer_name AS name FROM customers`,
  },
  payable: {
    party: 'vendor',
    money: { table: 'payments', allocations: 'payment_allocations', key: 'payment_id',
      party: 'vendor_id',
      payee: sql` AND m.payee_type = 'vendor'`,
      // What is open of an advance is carried at the payment's rate, cumulatively (as its allocations and the revaluation carry it).
      atRate: (foreign) => sql`round((${foreign}) * m.exchange_rate, 2)`,
    },
    account: { table: 'vendors', region: null },
    moneyTypes: [paymentDocument.documentType, chequeDocument.documentType],
    sign: -1,
    parties: sql`SELECT id, vendor_name AS name FROM vendors`,
  },
};

/** A kind's items as of `asOf`, one row each: id, party_id, document_type, item_kind, document_number, document_date, due_date, total, open (over alias `d` later). */
function agingItems(side: AgingSide, asOf: string, regions: readonly number[] | undefined): SQL {
  const aged = paymentTargetsOf([side.party]).flatMap((target) => (target.aging ? [{ column: target.column, aging: target.aging }] : []));
  const documents = aged.map(({ column, aging }) =>
    aging.items({
      asOf,
      past: isPast(asOf),
      allocated: allocatedAsOf(side.money.allocations, column, asOf, true),
      live: (alias) => liveAsOf(alias, asOf),
      inRegions: (region) => inRegions(region, regions),
    }),
  );
  const explained = [...aged.flatMap(({ aging }) => aging.documentTypes), ...side.moneyTypes];
  return sql`${sql.join(documents, sql` UNION ALL `)}
             UNION ALL ${advanceItems(side.money, asOf, regions)}
             UNION ALL ${journalItems(side.account, explained, side.sign, asOf, regions)}`;
}

/**
 * Per party (by name), the open amounts by bucket and in total; and the grand totals. Each
 * document is summed once, into its bucket (one integer CASE, not a filtered sum per bucket:
 * at 100,000 documents the sums are the cost), grouped by party id and bucket, then pivoted
 * here in exact cents; names are joined to the few hundred groups, not the documents.
 */
export async function agingReport(executor: Executor, actor: Actor, query: z.infer<typeof agingQuerySchema>): Promise<AgingReport> {
  const asOf = query.asOf ?? todayIso();
  const side = sides[query.kind];
  const regions = permittedIds(actor.permissions, 'regions');
  const groups = await queryRows<{ partyId: number; partyName: string; bucket: AgingBucket; amount: string }>(
    executor,
    sql`WITH g AS (SELECT d.party_id, ${bucketCase(asOf)} AS bucket, sum(d.open) AS amount FROM (${agingItems(side, asOf, regions)}) d GROUP BY 1, 2)
        SELECT g.party_id AS "partyId", p.name AS "partyName", g.bucket, g.amount::text AS amount
        FROM g JOIN (${side.parties}) p ON p.id = g.party_id ORDER BY p.name, g.party_id`,
  );
  const rows = new Map<number, { partyName: string; cents: Record<AgingBucket, bigint> }>();
  for (const group of groups) {
    const id = Number(group.partyId);
    const row = rows.get(id) ?? { partyName: group.partyName, cents: Object.fromEntries(bucketKeys.map((key) => [key, 0n])) as Record<AgingBucket, bigint> };
    row.cents[group.bucket] += toMinorUnits(group.amount);
    rows.set(id, row);
  }
  const figures = (cents: Record<AgingBucket, bigint>): AgingFigures =>
    ({ ...Object.fromEntries(bucketKeys.map((key) => [key, fromMinorUnits(cents[key])])), total: fromMinorUnits(bucketKeys.reduce((sum, key) => sum + cents[key], 0n)) }) as AgingFigures;
  const grand = Object.fromEntries(bucketKeys.map((key) => [key, 0n])) as Record<AgingBucket, bigint>;
  for (const row of rows.values()) for (const key of bucketKeys) grand[key] += row.cents[key];
  return {
    kind: query.kind,
    asOf,
    // A party whose advances and debts cancel out in every bucket owes nothing: no row.
    rows: [...rows.entries()].filter(([, row]) => bucketKeys.some((key) => row.cents[key] !== 0n)).map(([partyId, row]) => ({ partyId, partyName: row.partyName, ...figures(row.cents) })),
    totals: figures(grand),
  };
}

/** The items behind a figure: one party's, in one bucket or all, oldest due first. */
export async function agingDocuments(executor: Executor, actor: Actor, query: z.infer<typeof agingDocumentsQuerySchema>) {
  const asOf = query.asOf ?? todayIso();
  const side = sides[query.kind];
  const regions = permittedIds(actor.permissions, 'regions');
  const inBucket = query.bucket ? sql` AND ${bucketCondition(query.bucket, asOf)}` : sql``;
  const rows = await queryRows<AgingDocument>(
    executor,
    sql`WITH d AS (${agingItems(side, asOf, regions)})
        SELECT d.id, d.item_kind AS "itemKind", d.document_type AS "documentType", d.document_number AS "documentNumber", d.document_date::text AS date, d.due_date::text AS "dueDate",
               (${asOf}::date - d.due_date) AS "daysPastDue", ${bucketCase(asOf)} AS bucket,
               round(d.total, 2)::text AS total, round(d.open, 2)::text AS "openAmount"
        FROM d WHERE d.party_id = ${query.partyId}::int${inBucket}
        ORDER BY d.due_date, d.document_date, d.item_kind, d.id, d.document_number`,
  );
  const [party] = await queryRows<{ name: string }>(executor, sql`SELECT p.name FROM (${side.parties}) p WHERE p.id = ${query.partyId}::int`);
  return {
    kind: query.kind,
    asOf,
    partyId: query.partyId,
    partyName: party?.name ?? null,
    bucket: query.bucket ?? null,
    rows: rows.map((row) => ({ ...row, id: Number(row.id), daysPastDue: Number(row.daysPastDue) })),
    total: addDecimals(rows.map((row) => row.openAmount)),
  };
}

/**
 * Every open item of a side as of a date in the caller's regions, with its bucket (`open`,
 * `bucket`): what the aging's totals add up, for the dashboard's receivables and payables
 * figures (money-figures.ts), which must equal those totals.
 */
export function agingItemsSql(kind: AgingKind, asOf: string, actor: Actor): SQL {
  return sql`SELECT d.open, ${bucketCase(asOf)} AS bucket FROM (${agingItems(sides[kind], asOf, permittedIds(actor.permissions, 'regions'))}) d`;
}
