import { type ChequeDetail, chequeDirections, chequeViews, dateSchema, permittedIds } from '@erp/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, intList } from '../../db/client.ts';
import { cheques } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

/** Cheques of another region are not the actor's (their customers' and payments' regions); an expense cheque without a region is everyone's. */
function chequeScope(actor: Actor): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`(cheques.region_id IS NULL OR cheques.region_id IN (${intList(regions)}))` : undefined;
}

// The party's name by its type; an expense paid by cheque names its payee instead.
const partyName = sql<string | null>`(CASE cheques.party_type
    WHEN 'customer' THEN (SELECT c.customer_name FROM customers c WHERE c.id = cheques.party_id)
    WHEN 'vendor' THEN (SELECT v.vendor_name FROM vendors v WHERE v.id = cheques.party_id)
    WHEN 'employee' THEN (SELECT e.employee_name FROM employees e WHERE e.id = cheques.party_id)
    ELSE cheques.payee_name END)`;

/** Still waiting for the bank: a cheque in hand to deposit, or one issued and not yet presented. */
const pendingStatuses = sql`('inHand', 'issued')`;

const viewValues = chequeViews.map((v) => v.value) as [string, ...string[]];
const directionValues = chequeDirections.map((d) => d.value) as [string, ...string[]];

/**
 * The /cheques screen's views: `dueThisWeek` is every pending cheque dated on or before six
 * days from today (overdue ones included, so none waiting slips out of view); `bounced` the
 * bounced ones; `all` no condition.
 */
const viewCondition: Record<string, SQL | undefined> = {
  all: undefined,
  dueThisWeek: sql`(cheques.status IN ${pendingStatuses} AND cheques.document_date <= current_date + 6)`,
  bounced: sql`cheques.status = 'bounced'`,
};

export const chequeQueries: DocumentQueries<ChequeDetail> = {
  rowSelection: {
    id: cheques.id,
    documentNumber: cheques.documentNumber,
    status: cheques.status,
    direction: cheques.direction,
    chequeNumber: cheques.chequeNumber,
    bank: cheques.bank,
    chequeDate: cheques.documentDate,
    amount: cheques.amount,
    partyType: cheques.partyType,
    partyId: cheques.partyId,
    partyName,
    payeeName: cheques.payeeName,
    regionId: cheques.regionId,
    receiptId: cheques.receiptId,
    receiptNumber: sql<string | null>`(SELECT r.document_number FROM receipts r WHERE r.id = cheques.receipt_id)`,
    paymentId: cheques.paymentId,
    paymentNumber: sql<string | null>`(SELECT p.document_number FROM payments p WHERE p.id = cheques.payment_id)`,
    bankAccountId: cheques.bankAccountId,
    bankAccountName: sql<string | null>`(SELECT a.account_name FROM accounts a WHERE a.id = cheques.bank_account_id)`,
    depositDate: cheques.depositDate,
    clearDate: cheques.clearDate,
    bounceDate: cheques.bounceDate,
    bounceReason: cheques.bounceReason,
    bankCharge: cheques.bankCharge,
    cancelDate: cheques.cancelDate,
    createdAt: cheques.createdAt,
    updatedAt: cheques.updatedAt,
    depositedAt: cheques.depositedAt,
    depositedBy: cheques.depositedBy,
    clearedAt: cheques.clearedAt,
    clearedBy: cheques.clearedBy,
    bouncedAt: cheques.bouncedAt,
    bouncedBy: cheques.bouncedBy,
    cancelledAt: cheques.cancelledAt,
    cancelledBy: cheques.cancelledBy,
  },
  // A cheque has no lines (max: 0); the machinery leaves the column out of the answer.
  linesSelection: sql`NULL`,
  searchColumns: [cheques.chequeNumber, cheques.bank, (pattern) => sql`${partyName} ILIKE ${pattern}`],
  sortColumns: { chequeDate: cheques.documentDate, documentNumber: cheques.documentNumber, amount: cheques.amount, createdAt: cheques.createdAt },
  rowScope: chequeScope,
  listFilters: {
    customerId: (id) => sql`(cheques.party_type = 'customer' AND cheques.party_id = ${id}::int)`,
    vendorId: (id) => sql`(cheques.party_type = 'vendor' AND cheques.party_id = ${id}::int)`,
  },
  queryFilters: {
    direction: { schema: z.enum(directionValues, { error: 'Direction must be received or issued' }), condition: (value: string) => sql`cheques.direction = ${value}` },
    // Due dates are the cheques' dates (post-dated cheques fall due on them).
    dueFrom: { schema: dateSchema('Due from'), condition: (value: string) => sql`cheques.document_date >= ${value}::date` },
    dueTo: { schema: dateSchema('Due to'), condition: (value: string) => sql`cheques.document_date <= ${value}::date` },
    view: { schema: z.enum(viewValues, { error: 'View must be all, dueThisWeek or bounced' }), condition: (value: string) => viewCondition[value] },
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Direction', value: (row) => String(row.direction) },
    { header: 'Cheque number', value: (row) => String(row.chequeNumber) },
    { header: 'Bank', value: (row) => String(row.bank) },
    { header: 'Cheque date', value: (row) => String(row.chequeDate) },
    { header: 'Party', value: (row) => (row.partyName as string | null) ?? '' },
    { header: 'Amount', value: (row) => String(row.amount) },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Receipt / payment', value: (row) => ((row.receiptNumber ?? row.paymentNumber) as string | null) ?? '' },
    { header: 'Bank account', value: (row) => (row.bankAccountName as string | null) ?? '' },
    { header: 'Bounce reason', value: (row) => (row.bounceReason as string | null) ?? '' },
  ],
};

/** A cheque read again inside the transaction that changed it (no row scope: the caller found it within its own). */
export async function readCheque(executor: Executor, id: number): Promise<ChequeDetail> {
  const [row] = await executor.select(chequeQueries.rowSelection).from(cheques).where(eq(cheques.id, id));
  return row as ChequeDetail;
}
