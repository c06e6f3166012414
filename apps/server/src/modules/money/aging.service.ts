import {
  addDecimals,
  type AgingBucket,
  type AgingDocument,
  type AgingFigures,
  type AgingKind,
  type AgingReport,
  agingBuckets,
  agingKinds,
  dateSchema,
  fromMinorUnits,
  permittedIds,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { goodsReceiptDueDateSql } from './allocations.ts';

/**
 * Receivables and payables aging (issue 9, section 4): what each customer or vendor owes, or
 * is owed, as of a date, by how long past the due date (domain money/aging.ts), from the open
 * documents: posted invoices less their allocated receipts and returns; posted goods receipts
 * (the vendors' bills) less their payments. As of today or later the open amounts are the
 * documents' own columns, read through the partial indexes of open documents
 * (invoices_open_idx, goods_receipts_open_idx). As of a past date they are rebuilt from the
 * dated history: documents dated on or before it and not cancelled by then, less allocations
 * dated by then and not released by then, less returns dated by then and not cancelled by then.
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
  documentType: AgingDocument['documentType'];
  /** Documents open (above zero) as of `asOf`: id, party_id, document_number, document_date, due_date, total, open (over alias `d` later). */
  open(asOf: string, regions: readonly number[] | undefined): SQL;
  /** The party's name by id (alias `p`). */
  parties: SQL;
}

const isPast = (asOf: string) => asOf < todayIso();

// What is allocated to a document as of a date: allocations dated by then and not released by then.
const allocatedAsOf = (table: string, key: string, asOf: string) => sql`
  SELECT ${sql.identifier(key)} AS id, sum(amount) AS amount FROM ${sql.identifier(table)}
  WHERE allocation_date <= ${asOf}::date AND (released_at IS NULL OR released_at::date > ${asOf}::date) GROUP BY 1`;

// Live as of a date: dated by then, posted, or cancelled only after it (a cancel reverses on its day).
const liveAsOf = (alias: string, asOf: string) =>
  sql`${sql.raw(alias)}.document_date <= ${asOf}::date AND (${sql.raw(alias)}.status = 'posted' OR (${sql.raw(alias)}.status = 'cancelled' AND ${sql.raw(alias)}.cancelled_at::date > ${asOf}::date))`;

const sides: Record<AgingKind, AgingSide> = {
  receivable: {
    documentType: 'invoices',
    open(asOf, regions) {
      const scope = regions ? sql` AND i.region_id IN (${intList(regions)})` : sql``;
      if (!isPast(asOf)) {
        // The words of invoices_open_idx's predicate, so the partial index serves it.
        return sql`SELECT i.id, i.customer_id AS party_id, i.document_number, i.document_date, i.due_date, i.grand_total AS total,
                          i.grand_total - i.allocated_amount - i.returned_amount AS open
                   FROM invoices i WHERE i.status = 'posted' AND i.allocated_amount + i.returned_amount < i.grand_total${scope}`;
      }
      return sql`SELECT * FROM (SELECT i.id, i.customer_id AS party_id, i.document_number, i.document_date, i.due_date, i.grand_total AS total,
                        i.grand_total - coalesce(a.amount, 0) - coalesce(r.amount, 0) AS open
                 FROM invoices i
                 LEFT JOIN (${allocatedAsOf('receipt_allocations', 'invoice_id', asOf)}) a ON a.id = i.id
                 LEFT JOIN (SELECT s.invoice_id AS id, sum(s.grand_total) AS amount FROM sales_returns s WHERE ${liveAsOf('s', asOf)} GROUP BY 1) r ON r.id = i.id
                 WHERE ${liveAsOf('i', asOf)}${scope}) x WHERE x.open > 0`;
    },
    parties: sql`SELECT id, customer_name AS name FROM customers`,
  },
  payable: {
    documentType: 'goods-receipts',
    open(asOf, regions) {
      const scope = regions ? sql` AND o.region_id IN (${intList(regions)})` : sql``;
      const head = sql`SELECT g.id, o.vendor_id AS party_id, g.document_number, g.document_date, ${goodsReceiptDueDateSql(sql`g`, sql`v`)} AS due_date, g.total_value AS total`;
      const joins = sql`JOIN purchase_orders o ON o.id = g.purchase_order_id JOIN vendors v ON v.id = o.vendor_id`;
      if (!isPast(asOf)) {
        // The words of goods_receipts_open_idx's predicate.
        return sql`${head}, g.total_value - g.paid_amount AS open FROM goods_receipts g ${joins}
                   WHERE g.status = 'posted' AND g.paid_amount < g.total_value${scope}`;
      }
      return sql`SELECT * FROM (${head}, g.total_value - coalesce(a.amount, 0) AS open FROM goods_receipts g ${joins}
                 LEFT JOIN (${allocatedAsOf('payment_allocations', 'goods_receipt_id', asOf)}) a ON a.id = g.id
                 WHERE ${liveAsOf('g', asOf)}${scope}) x WHERE x.open > 0`;
    },
    parties: sql`SELECT id, vendor_name AS name FROM vendors`,
  },
};

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
    sql`WITH g AS (SELECT d.party_id, ${bucketCase(asOf)} AS bucket, sum(d.open) AS amount FROM (${side.open(asOf, regions)}) d GROUP BY 1, 2)
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
    rows: [...rows.entries()].map(([partyId, row]) => ({ partyId, partyName: row.partyName, ...figures(row.cents) })),
    totals: figures(grand),
  };
}

/** The open documents behind a figure: one party's, in one bucket or all, oldest due first. */
export async function agingDocuments(executor: Executor, actor: Actor, query: z.infer<typeof agingDocumentsQuerySchema>) {
  const asOf = query.asOf ?? todayIso();
  const side = sides[query.kind];
  const regions = permittedIds(actor.permissions, 'regions');
  const inBucket = query.bucket ? sql` AND ${bucketCondition(query.bucket, asOf)}` : sql``;
  const rows = await queryRows<AgingDocument>(
    executor,
    sql`WITH d AS (${side.open(asOf, regions)})
        SELECT d.id, ${side.documentType} AS "documentType", d.document_number AS "documentNumber", d.document_date::text AS date, d.due_date::text AS "dueDate",
               (${asOf}::date - d.due_date) AS "daysPastDue", ${bucketCase(asOf)} AS bucket,
               round(d.total, 2)::text AS total, round(d.open, 2)::text AS "openAmount"
        FROM d WHERE d.party_id = ${query.partyId}::int${inBucket}
        ORDER BY d.due_date, d.document_date, d.id`,
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
