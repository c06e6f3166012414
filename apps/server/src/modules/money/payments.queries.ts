import { type PaymentAllocationRow, type PaymentDetail, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { moneyDocumentColumns, moneyExportColumns, moneyShape } from './money-queries.ts';

// Raw SQL names the document table in full (see purchase-orders.queries.ts).

const vendorName = sql`(SELECT v.vendor_name FROM vendors v WHERE v.id = payments.vendor_id)`;
const employeeName = sql`(SELECT e.employee_name FROM employees e WHERE e.id = payments.employee_id)`;
const expenseAccountName = sql`(SELECT x.account_name FROM accounts x WHERE x.id = payments.expense_account_id)`;

/** How the generic document queries read payments: the row of docs/api/money.md, the allocations with their goods receipts. */
export const paymentQueries: DocumentQueries<PaymentDetail> = {
  rowSelection: {
    ...moneyDocumentColumns('payments', payments),
    paymentDate: payments.documentDate,
    payeeType: payments.payeeType,
    vendorId: payments.vendorId,
    vendorName: sql<string | null>`${vendorName}`,
    employeeId: payments.employeeId,
    employeeName: sql<string | null>`${employeeName}`,
    employeeAdvanceId: payments.employeeAdvanceId,
    expenseAccountId: payments.expenseAccountId,
    expenseAccountName: sql<string | null>`${expenseAccountName}`,
    payeeName: sql<string>`coalesce(${vendorName}, ${employeeName}, ${expenseAccountName}, '')`,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', a.id, 'lineNo', a.line_no, 'goodsReceiptId', a.goods_receipt_id, 'paySlipId', a.pay_slip_id,
             'goodsReceiptNumber', coalesce(g.document_number, r.document_number || ' ' || to_char(s.month, 'YYYY-MM')), 'goodsReceiptDate', coalesce(g.document_date, r.document_date),
             'dueDate', coalesce(g.document_date + v.payment_terms_days, r.document_date), 'amount', a.amount::text, 'allocationDate', a.allocation_date,
             'released', a.released_at IS NOT NULL, 'releasedReason', a.released_reason)
             ORDER BY a.line_no), '[]')
    FROM payment_allocations a LEFT JOIN goods_receipts g ON g.id = a.goods_receipt_id LEFT JOIN purchase_orders o ON o.id = g.purchase_order_id
         LEFT JOIN vendors v ON v.id = o.vendor_id LEFT JOIN pay_slips s ON s.id = a.pay_slip_id LEFT JOIN pay_runs r ON r.id = s.pay_run_id
    WHERE a.payment_id = payments.id)`,
  searchColumns: [
    payments.reference,
    payments.chequeNumber,
    (pattern) =>
      sql`(payments.vendor_id IN (SELECT v.id FROM vendors v WHERE v.vendor_name ILIKE ${pattern})
           OR payments.employee_id IN (SELECT e.id FROM employees e WHERE e.employee_name ILIKE ${pattern}))`,
  ],
  sortColumns: { paymentDate: payments.documentDate, documentNumber: payments.documentNumber, amount: payments.amount, createdAt: payments.createdAt },
  // A payment stamped with a region is that region's; one without (a vendor paid company-wide) is everyone's with the route.
  rowScope: (actor) => {
    const regions = permittedIds(actor.permissions, 'regions');
    return regions ? sql`(payments.region_id IS NULL OR payments.region_id IN (${intList(regions)}))` : undefined;
  },
  listFilters: {
    vendorId: (id) => sql`payments.vendor_id = ${id}::int`,
    employeeId: (id) => sql`payments.employee_id = ${id}::int`,
    regionId: (id) => sql`payments.region_id = ${id}::int`,
    goodsReceiptId: (id) => sql`EXISTS (SELECT 1 FROM payment_allocations a WHERE a.payment_id = payments.id AND a.goods_receipt_id = ${id}::int)`,
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Payment date', value: (row) => String(row.paymentDate) },
    { header: 'Payee type', value: (row) => String(row.payeeType) },
    { header: 'Payee', value: (row) => String(row.payeeName ?? '') },
    ...moneyExportColumns,
  ],
  shape: (row) =>
    moneyShape<PaymentDetail, PaymentAllocationRow>(row, (a) => ({
      ...a,
      goodsReceiptId: a.goodsReceiptId === null ? null : Number(a.goodsReceiptId),
      paySlipId: a.paySlipId === null || a.paySlipId === undefined ? null : Number(a.paySlipId),
    })),
};
