import {
  fromMinorUnits,
  invoiceDocument,
  monthEnd,
  permittedIds,
  rateLabelOf,
  type RegistrationType,
  type SalesTaxReturn,
  type SalesTaxReturnQuery,
  type SalesTaxReturnRow,
  type SalesTaxReturnSummaryRow,
  type SaleType,
  salesReturnDocument,
  saleTypes,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, jsonValue, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';

/**
 * The sales tax return's sales annex (issue 29, section 8; domain sales/sales-tax-return.ts),
 * in one statement, so the rows, their sums and the ledger figure they are checked against read one snapshot.
 *
 * The documents: invoices of goods (kind `sale`) and sales returns, posted, or cancelled. Each
 * counts in the month of its date (an invoice positive, a return negative) and, once cancelled,
 * negated in the month of its cancellation, the date of the mirror rows reverseInLedger wrote
 * last under the same document (cancelled_at's day when it wrote none: a document of no
 * value); when both fall in one month they cancel out and the document is left out. Candidates
 * are read through the documents' date indexes, and the cancelled ones through the status index
 * by cancelled_at a day either side of the month (the ledger's date then decides).
 *
 * Each counted document's lines are summed per HS code, sale type, rate and schedule, read
 * through the lines' (document, line number) index: a few lines per document, grouped in memory,
 * where one GROUP BY over the month's 100,000 lines sorted them on disk. A return's line takes
 * its HS code and schedule from its invoice line. The sums per registration, sale type and
 * rate and in all are the database's over every row; the rows come back a page at a time (all
 * of them for the file) as one JSON array of arrays (PGlite hands one value over faster than 20
 * columns of each row), the buyers' names, NTNs and provinces once per customer. The ledger
 * figure: the month's credits less debits of invoices and sales returns on the accounts of Sales
 * tax payable and Further tax payable (through the ledger's account and date index). A page of a
 * month of 100,000 lines answers in 0.6 to 0.8 s (bench/RESULTS.md).
 */

const dayBefore = (date: string) => sql`(${date}::date - 1)`;
const dayAfterNext = (date: string) => sql`(${date}::date + 2)`;

/** When a cancelled document's reversal was dated: its last ledger rows' date, else the day it was cancelled. */
const cancelDate = (documentType: string, alias: string) =>
  sql`CASE WHEN ${sql.raw(alias)}.status = 'cancelled' THEN coalesce(
        (SELECT g.entry_date FROM gl_entries g WHERE g.document_type = ${documentType} AND g.document_id = ${sql.raw(alias)}.id ORDER BY g.id DESC LIMIT 1),
        ${sql.raw(alias)}.cancelled_at::date) END`;

const inRegions = (column: SQL, regions: readonly number[] | undefined) => (regions ? sql` AND ${column} IN (${intList(regions)})` : sql``);

interface Candidates {
  /** The table and its joins, as `FROM ...` (the document's alias `x`). */
  from: SQL;
  /** The buyer's registration column. */
  registration: SQL;
  documentType: string;
  /** The condition every candidate meets beside its dates (kind, region). */
  scope: SQL;
}

/**
 * The documents counted in the month, one row each: `id, document_number, customer_id,
 * buyer_registration_type, sign, date`. Those dated in the month (posted, or cancelled since),
 * and those of other months cancelled around it (cancelled_at a day either side: the ledger's
 * date decides). A document counts on its date (`sign`) unless cancelled in the month too, or
 * negated on its cancellation's date (`-sign`) when that alone is in the month.
 */
function counted(candidates: Candidates, sign: 1 | -1, from: string, to: string): SQL {
  const inMonth = (date: SQL) => sql`coalesce(${date} BETWEEN ${from}::date AND ${to}::date, false)`;
  const columns = sql`x.id, x.document_number, x.document_date, x.customer_id, ${candidates.registration} AS buyer_registration_type,
                      ${cancelDate(candidates.documentType, 'x')} AS cancel_date`;
  return sql`SELECT d.id, d.document_number, d.customer_id, d.buyer_registration_type,
                    CASE WHEN d.posted THEN ${sign}::int ELSE ${-sign}::int END AS sign, CASE WHEN d.posted THEN d.document_date ELSE d.cancel_date END AS date
             FROM (SELECT c.*, ${inMonth(sql`c.document_date`)} AS posted, ${inMonth(sql`c.cancel_date`)} AS cancelled
                   FROM (SELECT ${columns} ${candidates.from}
                         WHERE x.status IN ('posted', 'cancelled') AND x.document_date BETWEEN ${from}::date AND ${to}::date${candidates.scope}
                         UNION ALL
                         SELECT ${columns} ${candidates.from}
                         WHERE x.status = 'cancelled' AND x.cancelled_at >= ${dayBefore(from)} AND x.cancelled_at < ${dayAfterNext(to)}
                           AND NOT (x.document_date BETWEEN ${from}::date AND ${to}::date)${candidates.scope}) c) d
             WHERE d.posted <> d.cancelled`;
}

/** Invoices of goods; rental invoices (services) have no lines and post no Sales tax payable. */
const invoiceCandidates = (regions: readonly number[] | undefined): Candidates => ({
  from: sql`FROM invoices x`,
  registration: sql`x.buyer_registration_type`,
  documentType: invoiceDocument.documentType,
  scope: sql` AND x.kind = 'sale'${inRegions(sql`x.region_id`, regions)}`,
});

/** Returns of invoices of goods; the buyer's registration is the invoice's. */
const returnCandidates = (regions: readonly number[] | undefined): Candidates => ({
  from: sql`FROM sales_returns x JOIN invoices i ON i.id = x.invoice_id`,
  registration: sql`i.buyer_registration_type`,
  documentType: salesReturnDocument.documentType,
  scope: sql` AND i.kind = 'sale'${inRegions(sql`x.region_id`, regions)}`,
});

/** A row as the statement gives it: the document, its buyer's registration, the facts and the signed sums (the buyer's name, NTN and province apart, per customer). */
type RowValues = [
  documentType: SalesTaxReturnRow['documentType'],
  documentId: number,
  documentNumber: string,
  documentDate: string,
  customerId: number,
  buyerRegistrationType: RegistrationType,
  hsCode: string | null,
  saleType: SaleType,
  taxRate: string,
  sroScheduleNo: string,
  sroItemSerialNo: string,
  amount: string,
  taxAmount: string,
  furtherTaxAmount: string,
];

const money = (column: SQL) => sql`round(${column}, 2)::text`;
/** The month's credits less debits of invoices and returns on a posting key's account (its ledger index by account and date). */
const glOn = (account: SQL, from: string, to: string, regions: readonly number[] | undefined) =>
  sql`(SELECT coalesce(sum(g.credit - g.debit), 0) FROM gl_entries g
       WHERE g.account_id = ${account} AND g.entry_date BETWEEN ${from}::date AND ${to}::date
         AND g.document_type IN (${invoiceDocument.documentType}, ${salesReturnDocument.documentType})${inRegions(sql`g.region_id`, regions)})`;
const accountOf = (key: string) => sql`(SELECT account_id FROM posting_accounts WHERE key = ${key})`;

/**
 * The annex of a month in the user's regions: a page of its rows (all of them without `page`,
 * for the file), their sums per registration, sale type and rate and in all, and the ledger
 * beside them. The sums are the database's, over every row, so a page costs what its rows do.
 */
export async function salesTaxReturn(
  executor: Executor,
  actor: Actor,
  query: Pick<SalesTaxReturnQuery, 'month'> & Partial<Pick<SalesTaxReturnQuery, 'page' | 'pageSize'>>,
): Promise<SalesTaxReturn> {
  const from = `${query.month}-01`;
  const to = monthEnd(from);
  const regions = permittedIds(actor.permissions, 'regions');
  const paged = query.page !== undefined && query.pageSize !== undefined;
  const page = paged ? sql`LIMIT ${query.pageSize!}::int OFFSET ${(query.page! - 1) * query.pageSize!}::int` : sql``;
  const signed = (column: string) => sql.raw(`x.${column} * x.sign`);
  // One row back: the page, its buyers, the sums and the ledger figure, read in one snapshot.
  const sums = sql`sum(l.amount) AS amount, sum(l.tax_amount) AS tax_amount, sum(l.further_tax_amount) AS further_tax_amount`;
  const [answer] = await queryRows<{ rows: unknown; buyers: unknown; summary: unknown; totals: unknown; count: number; glTaxAmount: string; glFurtherTaxAmount: string }>(
    executor,
    sql`WITH inv AS MATERIALIZED (${counted(invoiceCandidates(regions), 1, from, to)}),
        ret AS MATERIALIZED (${counted(returnCandidates(regions), -1, from, to)}),
        x AS MATERIALIZED (
          SELECT 'invoice' AS document_type, d.id, d.document_number, d.date, d.customer_id, d.buyer_registration_type, d.sign, s.*
          FROM inv d CROSS JOIN LATERAL (
            SELECT l.hs_code, l.sale_type, l.tax_rate, l.sro_schedule_no, l.sro_item_serial_no, ${sums}
            FROM invoice_lines l WHERE l.invoice_id = d.id GROUP BY 1, 2, 3, 4, 5) s
          UNION ALL
          SELECT 'salesReturn', d.id, d.document_number, d.date, d.customer_id, d.buyer_registration_type, d.sign, s.*
          FROM ret d CROSS JOIN LATERAL (
            SELECT il.hs_code, l.sale_type, l.tax_rate, il.sro_schedule_no, il.sro_item_serial_no, ${sums}
            FROM sales_return_lines l JOIN invoice_lines il ON il.id = l.invoice_line_id WHERE l.sales_return_id = d.id GROUP BY 1, 2, 3, 4, 5) s
        ),
        p AS (
          SELECT * FROM x
          ORDER BY x.date, x.document_number, x.document_type, x.hs_code NULLS FIRST, x.sale_type, x.tax_rate DESC, x.sro_schedule_no, x.sro_item_serial_no
          ${page}
        )
        SELECT (SELECT coalesce(json_agg(json_build_array(
                  p.document_type, p.id, p.document_number, p.date, p.customer_id, p.buyer_registration_type,
                  p.hs_code, p.sale_type, p.tax_rate::text, p.sro_schedule_no, p.sro_item_serial_no,
                  ${money(sql`p.amount * p.sign`)}, ${money(sql`p.tax_amount * p.sign`)}, ${money(sql`p.further_tax_amount * p.sign`)})
                  ORDER BY p.date, p.document_number, p.document_type, p.hs_code NULLS FIRST, p.sale_type, p.tax_rate DESC, p.sro_schedule_no, p.sro_item_serial_no), '[]'::json)
                FROM p) AS rows,
               (SELECT json_object_agg(c.id, json_build_array(c.customer_name, coalesce(nullif(c.ntn, ''), nullif(c.cnic, '')), c.province))
                FROM customers c WHERE c.id IN (SELECT customer_id FROM p)) AS buyers,
               (SELECT coalesce(json_agg(json_build_array(g.buyer_registration_type, g.sale_type, g.tax_rate::text, ${money(sql`g.amount`)}, ${money(sql`g.tax_amount`)},
                                                          ${money(sql`g.further_tax_amount`)})), '[]'::json)
                FROM (SELECT x.buyer_registration_type, x.sale_type, x.tax_rate, sum(${signed('amount')}) AS amount, sum(${signed('tax_amount')}) AS tax_amount,
                             sum(${signed('further_tax_amount')}) AS further_tax_amount
                      FROM x GROUP BY 1, 2, 3) g) AS summary,
               (SELECT json_build_array(${money(sql`coalesce(sum(${signed('amount')}), 0)`)}, ${money(sql`coalesce(sum(${signed('tax_amount')}), 0)`)},
                                        ${money(sql`coalesce(sum(${signed('further_tax_amount')}), 0)`)}) FROM x) AS totals,
               (SELECT count(*) FROM x)::int AS count,
               ${money(glOn(accountOf('taxPayable'), from, to, regions))} AS "glTaxAmount",
               -- One account for both keys counts once, as sales tax.
               ${money(sql`CASE WHEN ${accountOf('furtherTaxPayable')} IS DISTINCT FROM ${accountOf('taxPayable')} THEN ${glOn(accountOf('furtherTaxPayable'), from, to, regions)} ELSE 0 END`)} AS "glFurtherTaxAmount"`,
  );
  const buyers = jsonValue<Record<string, [string, string | null, string | null]> | null>(answer!.buyers) ?? {};
  const rows = jsonValue<RowValues[]>(answer!.rows).map((values): SalesTaxReturnRow => {
    const [documentType, documentId, documentNumber, documentDate, customerId, buyerRegistrationType, hsCode, saleType, taxRate, sroScheduleNo, sroItemSerialNo, amount, taxAmount, furtherTaxAmount] =
      values;
    const [buyerName, buyerNtnCnic, buyerProvince] = buyers[String(customerId)] ?? ['', null, null];
    return {
      documentType,
      documentId,
      documentNumber,
      documentDate,
      customerId,
      buyerName,
      buyerNtnCnic,
      buyerRegistrationType,
      buyerProvince,
      hsCode,
      saleType,
      taxRate,
      rateLabel: rateLabelOf(saleType, taxRate),
      sroScheduleNo,
      sroItemSerialNo,
      amount,
      taxAmount,
      furtherTaxAmount,
    };
  });
  const [amount, taxAmount, furtherTaxAmount] = jsonValue<[string, string, string]>(answer!.totals);
  const totals = { amount, taxAmount, furtherTaxAmount };
  const gl = { taxAmount: answer!.glTaxAmount, furtherTaxAmount: answer!.glFurtherTaxAmount };
  const difference = fromMinorUnits(
    toMinorUnits(totals.taxAmount) + toMinorUnits(totals.furtherTaxAmount) - toMinorUnits(gl.taxAmount) - toMinorUnits(gl.furtherTaxAmount),
  );
  const summary = sortedSummary(
    jsonValue<[RegistrationType, SaleType, string, string, string, string][]>(answer!.summary).map(([buyerRegistrationType, saleType, taxRate, a, t, f]) => ({
      buyerRegistrationType,
      saleType,
      taxRate,
      rateLabel: rateLabelOf(saleType, taxRate),
      amount: a,
      taxAmount: t,
      furtherTaxAmount: f,
    })),
  );
  const count = Number(answer!.count);
  return { month: query.month, rows, total: count, page: paged ? query.page! : 1, pageSize: paged ? query.pageSize! : count, summary, totals, gl, difference };
}

const registrationOrder: readonly RegistrationType[] = ['registered', 'unregistered'];
const saleTypeOrder = saleTypes.map((t) => t.value as SaleType);

/** Per buyer registration (registered first), then rate (highest first), then sale type in the Act's order. */
function sortedSummary(rows: SalesTaxReturnSummaryRow[]): SalesTaxReturnSummaryRow[] {
  return rows.sort(
    (a, b) =>
      registrationOrder.indexOf(a.buyerRegistrationType) - registrationOrder.indexOf(b.buyerRegistrationType) ||
      Number(toMinorUnits(b.taxRate) - toMinorUnits(a.taxRate)) ||
      saleTypeOrder.indexOf(a.saleType) - saleTypeOrder.indexOf(b.saleType),
  );
}
