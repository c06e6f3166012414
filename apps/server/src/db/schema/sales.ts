import { bigint, boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { accounts } from './accounting.ts';
import { inventory, items } from './inventory.ts';
import { cities, couriers, entityColumns, regions } from './setup.ts';
import { users } from './system.ts';

/**
 * A quotation's or invoice's money columns: the lines' amounts, taxes and their sum; the rate
 * the lines share (null when they differ) and the buyer's registration when written (0043).
 */
const salesTotals = () => ({
  subtotal: numeric('subtotal', { precision: 18, scale: 2 }).notNull().default('0'),
  taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
  taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  furtherTaxAmount: numeric('further_tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  grandTotal: numeric('grand_total', { precision: 18, scale: 2 }).notNull().default('0'),
  buyerRegistrationType: text('buyer_registration_type').notNull().default('unregistered'),
});

/** The facts a sold or quoted line copies from its item's row in force on the document's date (0043_tax_per_line.sql). */
const lineTaxFacts = () => ({
  hsCode: text('hs_code'),
  fbrUom: text('fbr_uom'),
  saleType: text('sale_type').notNull().default('standardRate'),
  taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  sroScheduleNo: text('sro_schedule_no').notNull().default(''),
  sroItemSerialNo: text('sro_item_serial_no').notNull().default(''),
  retailPrice: numeric('retail_price', { precision: 18, scale: 2 }),
  furtherTaxRate: numeric('further_tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  furtherTaxAmount: numeric('further_tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
});

/** A priced sales line: quantity x price less the discount (`amount`) and its tax. */
const pricedLine = () => ({
  quantity: integer('quantity').notNull(),
  price: numeric('price', { precision: 18, scale: 2 }).notNull(),
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  ...lineTaxFacts(),
});

/** Mirrors db/migrations/0013_customers.sql (the SQL is the source of truth). */
export const customers = pgTable('customers', {
  ...entityColumns(),
  customerName: text('customer_name').notNull(),
  customerType: text('customer_type').notNull().default('hospital'),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id, { onDelete: 'restrict' }),
  cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  taxNumber: text('tax_number'),
  creditLimit: numeric('credit_limit', { precision: 18, scale: 2 }).notNull().default('0'),
  paymentTermsDays: integer('payment_terms_days').notNull().default(30),
  salespersonId: integer('salesperson_id').references(() => users.id, { onDelete: 'set null' }),
  active: boolean('active').notNull().default(true),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'restrict' }),
  // 0041_customer_tax_facts.sql
  ntn: text('ntn'),
  cnic: text('cnic'),
  strn: text('strn'),
  registrationType: text('registration_type').notNull().default('unregistered'),
  registrationCheckedOn: date('registration_checked_on', { mode: 'string' }),
  province: text('province'),
  withholdingAgent: boolean('withholding_agent').notNull().default(false),
  // 0044_receipt_withholding.sql
  incomeTaxWithholdingPercent: numeric('income_tax_withholding_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  registrationChecked: boolean('registration_checked').generatedAlwaysAs(sql`registration_checked_on IS NOT NULL`),
});

/** Mirrors db/migrations/0014_sales.sql. `documentDate` is the quotation date. */
export const quotations = pgTable(
  'quotations',
  {
    ...documentColumns(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    terms: text('terms').notNull().default(''),
    ...salesTotals(),
    invoiceId: integer('invoice_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    sentBy: integer('sent_by'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: integer('accepted_by'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true, mode: 'date' }),
    rejectedBy: integer('rejected_by'),
  },
  (t) => [unique('quotations_document_number_key').on(t.documentNumber)],
);

export const quotationLines = pgTable(
  'quotation_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    ...pricedLine(),
  },
  (t) => [unique('quotation_lines_quotation_id_line_no_key').on(t.quotationId, t.lineNo)],
);

/** `documentDate` is the invoice date. */
export const invoices = pgTable(
  'invoices',
  {
    ...documentColumns(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    courierId: integer('courier_id').references(() => couriers.id),
    salespersonId: integer('salesperson_id'),
    quotationId: integer('quotation_id').references(() => quotations.id),
    kind: text('kind').notNull().default('sale'),
    rentalAgreementId: integer('rental_agreement_id'),
    notes: text('notes').notNull().default(''),
    ...salesTotals(),
    costTotal: numeric('cost_total', { precision: 18, scale: 2 }).notNull().default('0'),
    allocatedAmount: numeric('allocated_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    returnedAmount: numeric('returned_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('invoices_document_number_key').on(t.documentNumber)],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id),
    ...pricedLine(),
    unitCost: numeric('unit_cost', { precision: 18, scale: 2 }).notNull().default('0'),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    // Issue 32, section 4 (0059): units proven by scanning, and a lot picked out of first-expiry order.
    pickedQuantity: integer('picked_quantity').notNull().default(0),
    fefoOverride: jsonb('fefo_override'),
  },
  (t) => [unique('invoice_lines_invoice_id_line_no_key').on(t.invoiceId, t.lineNo)],
);

/** `documentDate` is the return date. */
export const salesReturns = pgTable(
  'sales_returns',
  {
    ...documentColumns(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    notes: text('notes').notNull().default(''),
    reason: text('reason').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 18, scale: 2 }).notNull().default('0'),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    furtherTaxAmount: numeric('further_tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    grandTotal: numeric('grand_total', { precision: 18, scale: 2 }).notNull().default('0'),
    costTotal: numeric('cost_total', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('sales_returns_document_number_key').on(t.documentNumber)],
);

export const salesReturnLines = pgTable(
  'sales_return_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    salesReturnId: integer('sales_return_id')
      .notNull()
      .references(() => salesReturns.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    invoiceLineId: integer('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id),
    quantity: integer('quantity').notNull(),
    condition: text('condition').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    unitCost: numeric('unit_cost', { precision: 18, scale: 2 }).notNull().default('0'),
    saleType: text('sale_type').notNull().default('standardRate'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    furtherTaxAmount: numeric('further_tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('sales_return_lines_sales_return_id_line_no_key').on(t.salesReturnId, t.lineNo)],
);

/** The monthly sales summary kept by invoice and return postings (PRODUCT.md, principle 8). */
export const salesSummary = pgTable('sales_summary', {
  month: date('month', { mode: 'string' }).notNull(),
  itemId: integer('item_id')
    .notNull()
    .references(() => items.id),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  salespersonId: integer('salesperson_id'),
  quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  cost: numeric('cost', { precision: 18, scale: 2 }).notNull().default('0'),
  returnedQuantity: bigint('returned_quantity', { mode: 'number' }).notNull().default(0),
  returnedValue: numeric('returned_value', { precision: 18, scale: 2 }).notNull().default('0'),
});
