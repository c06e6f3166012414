import { type FbrReconciliation, type FbrReconciliationQuery, type FbrReconciliationRow, fbrReconciliationReasons, monthBounds, permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, jsonValue, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';

/** As JavaScript's toISOString writes it, so a reason's time reads as the submissions list's createdAt and updatedAt. */
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/*
 * The first matching rule wins, in the order the issue gives them. The CASE has no ELSE: a row
 * no rule explains is left without a reason, so `missing` counts it rather than hiding it.
 */
const reason = sql`CASE
  WHEN s.fbr_invoice_number IS NOT NULL THEN NULL
  WHEN d.service THEN ${fbrReconciliationReasons.service}
  WHEN d.status = 'cancelled' AND (s.id IS NULL OR s.status = 'rejected') THEN ${fbrReconciliationReasons.cancelled}
  WHEN s.id IS NULL THEN ${fbrReconciliationReasons.reportingOff}
  WHEN s.status = 'queued' THEN 'queued since ' || ${iso(sql`s.created_at`)}
  WHEN s.status = 'sending' THEN 'sending since ' || ${iso(sql`s.updated_at`)}
  WHEN s.status = 'rejected' THEN 'rejected' || coalesce(': ' || nullif(concat_ws(' ', nullif(s.error ->> 'errorCode', ''), nullif(s.error ->> 'error', '')), ''), '')
  WHEN s.status = 'unknown' THEN 'unknown since ' || ${iso(sql`s.updated_at`)}
END`;

type RawRow = [FbrReconciliationRow['documentType'], number, string, string, FbrReconciliationRow['status'], string | null, string | null];

/**
 * GET /api/fbr/reconciliation (issue 30, section 8): every invoice and sales return posted in the
 * month (a cancelled one too: it was posted) beside its submission, in the actor's regions, in one
 * statement. The documents come from their date indexes, each submission from its unique
 * (document_type, document_id); the counts are over the whole month, the rows a page of what
 * `status` leaves (all of them with `all`, for the file).
 */
export async function fbrReconciliation(executor: Executor, actor: Actor, query: FbrReconciliationQuery, options: { all?: boolean } = {}): Promise<FbrReconciliation> {
  const { first, last } = monthBounds(query.month);
  const regions = permittedIds(actor.permissions, 'regions');
  const inRegions = (column: SQL) => (regions ? sql` AND ${column} = ANY(${intArray([...regions])})` : sql``);
  const filter = query.status ? sql`x.status = ${query.status}` : sql`TRUE`;
  const page = options.all ? sql`` : sql`LIMIT ${query.pageSize}::int OFFSET ${(query.page - 1) * query.pageSize}::int`;
  const [answer] = await queryRows<{ documents: number; accepted: number; awaiting: number; notReported: number; missing: number; total: number; rows: unknown }>(
    executor,
    sql`WITH d AS MATERIALIZED (
          -- A rental invoice is a service, taxed by the province and never reported; a return is one when its invoice is
          -- (looked up by key per return: a join would read every invoice to merge with the month's few returns).
          SELECT 'invoice' AS document_type, i.id, i.document_number, i.document_date, i.status, i.kind <> 'sale' AS service
          FROM invoices i
          WHERE i.document_date BETWEEN ${first}::date AND ${last}::date AND i.status IN ('posted', 'cancelled')${inRegions(sql`i.region_id`)}
          UNION ALL
          SELECT 'salesReturn', r.id, r.document_number, r.document_date, r.status, (SELECT o.kind <> 'sale' FROM invoices o WHERE o.id = r.invoice_id)
          FROM sales_returns r
          WHERE r.document_date BETWEEN ${first}::date AND ${last}::date AND r.status IN ('posted', 'cancelled')${inRegions(sql`r.region_id`)}
        ),
        x AS MATERIALIZED (
          SELECT d.document_type, d.id, d.document_number, d.document_date, coalesce(s.status, 'notReported') AS status,
                 s.id IS NOT NULL AS submitted, s.fbr_invoice_number, ${reason} AS reason
          -- One probe of the unique key per document, whatever the table's history; LIMIT keeps the planner from a hash of every submission ever made.
          FROM d LEFT JOIN LATERAL (
            SELECT s.id, s.status, s.fbr_invoice_number, s.errors -> 0 AS error, s.created_at, s.updated_at
            FROM fbr_submissions s WHERE s.document_type = d.document_type AND s.document_id = d.id LIMIT 1) s ON TRUE
        )
        SELECT count(*)::int AS documents,
               count(*) FILTER (WHERE x.fbr_invoice_number IS NOT NULL)::int AS accepted,
               count(*) FILTER (WHERE x.submitted AND x.fbr_invoice_number IS NULL)::int AS awaiting,
               count(*) FILTER (WHERE NOT x.submitted)::int AS "notReported",
               count(*) FILTER (WHERE x.fbr_invoice_number IS NULL AND x.reason IS NULL)::int AS missing,
               count(*) FILTER (WHERE ${filter})::int AS total,
               (SELECT coalesce(json_agg(json_build_array(p.document_type, p.id, p.document_number, p.document_date::text, p.status, p.fbr_invoice_number, p.reason)
                                         ORDER BY p.document_date, p.document_type, p.document_number, p.id), '[]'::json)
                FROM (SELECT * FROM x WHERE ${filter} ORDER BY x.document_date, x.document_type, x.document_number, x.id ${page}) p) AS rows
        FROM x`,
  );
  const rows = jsonValue<RawRow[]>(answer!.rows).map(
    ([documentType, documentId, documentNumber, documentDate, status, fbrInvoiceNumber, why]): FbrReconciliationRow => ({
      documentType,
      documentId: Number(documentId),
      documentNumber,
      documentDate,
      status,
      fbrInvoiceNumber,
      reason: why,
    }),
  );
  return {
    month: query.month,
    documents: Number(answer!.documents),
    accepted: Number(answer!.accepted),
    awaiting: Number(answer!.awaiting),
    notReported: Number(answer!.notReported),
    missing: Number(answer!.missing),
    total: Number(answer!.total),
    page: options.all ? 1 : query.page,
    pageSize: options.all ? rows.length : query.pageSize,
    rows,
  };
}
