import { type PaymentAllocationRow, type PaymentDetail, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { allocatedToFilter, allocationLinesSelection, moneyDocumentColumns, moneyExportColumns, moneyShape } from './money-queries.ts';

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
    currency: payments.currency,
    exchangeRate: payments.exchangeRate,
    companyAmount: payments.companyAmount,
    exchangeDifference: payments.exchangeDifference,
    lcNumber: payments.lcNumber,
  },
  // A pay slip's line answers under the goods receipt's names too (issue 20): its run's number and month, the run's date.
  linesSelection: allocationLinesSelection('payments', { number: 'goodsReceiptNumber', date: 'goodsReceiptDate' }),
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
    goodsReceiptId: allocatedToFilter('payments', 'goodsReceiptId'),
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
