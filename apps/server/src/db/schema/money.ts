import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { accounts } from './accounting.ts';
import { goodsReceipts, vendors } from './purchasing.ts';
import { customers, invoices } from './sales.ts';
import { employeeAdvances, employees } from './hr.ts';
import { regions } from './setup.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The draft's cheque of a receipt or payment by cheque. */
const chequeColumns = () => ({
  chequeNumber: text('cheque_number'),
  chequeBank: text('cheque_bank'),
  chequeDate: date('cheque_date', { mode: 'string' }),
});

/** `documentDate` is the receipt date. */
export const receipts = pgTable(
  'receipts',
  {
    ...documentColumns(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    method: text('method').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    allocatedAmount: money('allocated_amount').notNull().default('0'),
    reference: text('reference').notNull().default(''),
    ...chequeColumns(),
    // 0044_receipt_withholding.sql: the customer's withholding certificate, recorded once posted.
    certificateNumber: text('certificate_number'),
    certificateDate: date('certificate_date', { mode: 'string' }),
  },
  (t) => [unique('receipts_document_number_key').on(t.documentNumber)],
);

export const receiptAllocations = pgTable(
  'receipt_allocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: money('amount').notNull(),
    // 0044_receipt_withholding.sql: what the customer withheld from this invoice, settled with the amount.
    taxWithheld: money('tax_withheld').notNull().default('0'),
    incomeTaxWithheld: money('income_tax_withheld').notNull().default('0'),
    allocationDate: date('allocation_date', { mode: 'string' }).notNull(),
    releasedAt: stamp('released_at'),
    releasedReason: text('released_reason'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [unique('receipt_allocations_receipt_id_line_no_key').on(t.receiptId, t.lineNo)],
);

/** `documentDate` is the payment date. */
export const payments = pgTable(
  'payments',
  {
    ...documentColumns(),
    payeeType: text('payee_type').notNull(),
    vendorId: integer('vendor_id').references(() => vendors.id),
    employeeId: integer('employee_id').references(() => employees.id),
    // An advance paid out (0025_hr.sql): Dr Employee advances instead of Salaries payable.
    employeeAdvanceId: integer('employee_advance_id').references(() => employeeAdvances.id),
    expenseAccountId: integer('expense_account_id').references(() => accounts.id),
    regionId: integer('region_id').references(() => regions.id),
    method: text('method').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    allocatedAmount: money('allocated_amount').notNull().default('0'),
    // 0061_foreign_currency.sql: the payee's currency, the payment's rate, what left the bank in the company currency, the exchange difference posted, a letter of credit's number.
    currency: text('currency').notNull().default(sql`company_currency()`),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    companyAmount: money('company_amount').notNull(),
    exchangeDifference: money('exchange_difference').notNull().default('0'),
    lcNumber: text('lc_number'),
    reference: text('reference').notNull().default(''),
    ...chequeColumns(),
  },
  (t) => [unique('payments_document_number_key').on(t.documentNumber)],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    // One of the two (0026_payroll.sql): a vendor's goods receipt or an employee's pay slip.
    goodsReceiptId: integer('goods_receipt_id').references(() => goodsReceipts.id),
    paySlipId: integer('pay_slip_id'),
    // Or an import shipment's vendor charge (0064_import_shipments.sql; landed costs' payment target).
    importShipmentChargeId: integer('import_shipment_charge_id'),
    amount: money('amount').notNull(),
    allocationDate: date('allocation_date', { mode: 'string' }).notNull(),
    releasedAt: stamp('released_at'),
    releasedReason: text('released_reason'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [unique('payment_allocations_payment_id_line_no_key').on(t.paymentId, t.lineNo)],
);

/** The register. `documentDate` is the cheque's date; `status` has no draft (made by its receipt or payment). */
export const cheques = pgTable(
  'cheques',
  {
    ...documentColumns(),
    direction: text('direction').notNull(),
    chequeNumber: text('cheque_number').notNull(),
    bank: text('bank').notNull(),
    amount: money('amount').notNull(),
    partyType: text('party_type'),
    partyId: integer('party_id'),
    payeeName: text('payee_name'),
    regionId: integer('region_id').references(() => regions.id),
    receiptId: integer('receipt_id').references(() => receipts.id),
    paymentId: integer('payment_id').references(() => payments.id),
    bankAccountId: integer('bank_account_id').references(() => accounts.id),
    depositDate: date('deposit_date', { mode: 'string' }),
    clearDate: date('clear_date', { mode: 'string' }),
    bounceDate: date('bounce_date', { mode: 'string' }),
    bounceReason: text('bounce_reason'),
    bankCharge: money('bank_charge'),
    cancelDate: date('cancel_date', { mode: 'string' }),
    depositedAt: stamp('deposited_at'),
    depositedBy: integer('deposited_by'),
    clearedAt: stamp('cleared_at'),
    clearedBy: integer('cleared_by'),
    bouncedAt: stamp('bounced_at'),
    bouncedBy: integer('bounced_by'),
  },
  (t) => [unique('cheques_document_number_key').on(t.documentNumber)],
);
