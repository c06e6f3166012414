import type { ExchangeRevaluationDetail } from '@erp/domain';
import { permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { jsonValue } from '../../db/client.ts';
import { exchangeRevaluations } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

const json = <T>(expression: ReturnType<typeof sql>) => expression.mapWith((value: unknown) => jsonValue<T>(value));

/** The rows as the answer gives them, amounts as decimal strings. */
const rowsJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'rowNo', r.row_no, 'vendorId', r.vendor_id, 'vendorName', v.vendor_name, 'accountId', r.account_id, 'accountName', a.account_name,
           'documentType', r.document_type, 'documentId', r.document_id, 'documentNumber', r.document_number, 'currency', r.currency,
           'openForeign', r.open_foreign::text, 'carryingAmount', r.carrying_amount::text, 'rate', r.rate::text,
           'revaluedAmount', r.revalued_amount::text, 'difference', r.difference::text) ORDER BY r.row_no), '[]')
  FROM exchange_revaluation_rows r JOIN accounts a ON a.id = r.account_id LEFT JOIN vendors v ON v.id = r.vendor_id
  WHERE r.exchange_revaluation_id = exchange_revaluations.id)`;

const ratesJson = sql`(
  SELECT coalesce(json_agg(json_build_object('lineNo', l.line_no, 'currency', l.currency, 'rate', l.rate::text) ORDER BY l.line_no), '[]')
  FROM exchange_revaluation_rates l WHERE l.exchange_revaluation_id = exchange_revaluations.id)`;

/** Posted (or posted, then cancelled): the ledger document the posting and its reversal are filed under is the revaluation itself. */
const ledgerId = sql<number | null>`(CASE WHEN exchange_revaluations.posted_at IS NOT NULL THEN exchange_revaluations.id END)`;

/**
 * How the generic document queries read revaluations. A revaluation covers every region, so a
 * user limited to regions sees none (its writes are 403: the binding's assertMayWrite and the
 * create). A GET answers its rows with its rates (the lines' column holds both); a list row its totals.
 */
export const exchangeRevaluationQueries: DocumentQueries<ExchangeRevaluationDetail> = {
  rowSelection: {
    id: exchangeRevaluations.id,
    documentNumber: exchangeRevaluations.documentNumber,
    status: exchangeRevaluations.status,
    revaluationDate: exchangeRevaluations.documentDate,
    reversalDate: sql<string>`(exchange_revaluations.document_date + 1)::text`,
    appliedRates: exchangeRevaluations.appliedRates,
    totals: json(sql`(SELECT json_build_object('difference', exchange_revaluations.total_difference::text,
                             'gain', coalesce(sum(r.difference) FILTER (WHERE r.difference > 0), 0)::numeric(18, 2)::text,
                             'loss', coalesce(-sum(r.difference) FILTER (WHERE r.difference < 0), 0)::numeric(18, 2)::text,
                             'rows', count(r.id)::int)
                      FROM exchange_revaluation_rows r WHERE r.exchange_revaluation_id = exchange_revaluations.id)`),
    journalId: ledgerId,
    reversalJournalId: ledgerId,
    postedAt: exchangeRevaluations.postedAt,
    postedBy: exchangeRevaluations.postedBy,
    cancelledAt: exchangeRevaluations.cancelledAt,
    cancelledBy: exchangeRevaluations.cancelledBy,
    createdBy: exchangeRevaluations.createdBy,
    createdAt: exchangeRevaluations.createdAt,
    updatedAt: exchangeRevaluations.updatedAt,
  },
  linesSelection: sql`json_build_object('rates', ${ratesJson}, 'rows', ${rowsJson})`,
  searchColumns: [exchangeRevaluations.documentNumber],
  sortColumns: { revaluationDate: exchangeRevaluations.documentDate, documentNumber: exchangeRevaluations.documentNumber, createdAt: exchangeRevaluations.createdAt },
  rowScope: (actor) => (permittedIds(actor.permissions, 'regions') ? sql`false` : undefined),
  shape: (row) => {
    const { rates, ...header } = row as Record<string, unknown> & { rates: { rates: unknown; rows: unknown } | null };
    const both = jsonValue<{ rates: ExchangeRevaluationDetail['rates']; rows: ExchangeRevaluationDetail['rows'] } | null>(rates);
    return { ...header, rates: both?.rates ?? [], rows: both?.rows ?? [] } as unknown as ExchangeRevaluationDetail;
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Revaluation date', value: (row) => String(row.revaluationDate) },
    { header: 'Reversal date', value: (row) => String(row.reversalDate) },
    { header: 'Difference', value: (row) => String((row.totals as { difference: string } | null)?.difference ?? '0.00') },
    { header: 'Status', value: (row) => String(row.status) },
  ],
};
