import { sql, type SQL } from 'drizzle-orm';
import { date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { PaymentTarget } from '../../lib/payment-targets.ts';

/** A vendor's charge of the fixture area (as import charges will be): paid by the vendor's payments. */
export const fixtureCharges = pgTable('fixture_charges', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  documentNumber: text('document_number').notNull(),
  vendorId: integer('vendor_id').notNull(),
  chargeDate: date('charge_date', { mode: 'string' }).notNull(),
  status: text('status').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  paidAmount: numeric('paid_amount', { precision: 18, scale: 2 }).notNull(),
});

/**
 * What a shipped area's migration would hold: its table, and its column in the payments'
 * allocation rows with the foreign key, the one-target check widened to it (as 0026_payroll did
 * for pay slips).
 */
export const createFixtureCharges = [
  sql`CREATE TABLE fixture_charges (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    document_number text NOT NULL UNIQUE,
    vendor_id integer NOT NULL REFERENCES vendors (id),
    charge_date date NOT NULL,
    status text NOT NULL DEFAULT 'posted',
    amount numeric(18, 2) NOT NULL,
    paid_amount numeric(18, 2) NOT NULL DEFAULT 0,
    CONSTRAINT fixture_charges_paid_check CHECK (paid_amount >= 0 AND paid_amount <= amount)
  )`,
  sql`ALTER TABLE payment_allocations ADD COLUMN fixture_charge_id integer REFERENCES fixture_charges (id)`,
  sql`ALTER TABLE payment_allocations DROP CONSTRAINT payment_allocations_one_target_check`,
  sql`ALTER TABLE payment_allocations ADD CONSTRAINT payment_allocations_one_target_check CHECK (num_nonnulls(goods_receipt_id, pay_slip_id, fixture_charge_id) = 1)`,
];

const paid = (sign: SQL) => (amounts: SQL) => sql`UPDATE fixture_charges AS t SET paid_amount = t.paid_amount ${sign} q.amount FROM (${amounts}) AS q(id, amount) WHERE t.id = q.id`;

/** The charges as a payment target (issue 28, section 3): a vendor's payment allocates to them, and the fixture keeps what was paid. */
export const fixtureChargeTarget: PaymentTarget = {
  party: 'vendor',
  field: 'fixtureChargeId',
  what: 'fixture charge',
  column: 'fixture_charge_id',
  select: (where, lock) =>
    sql`SELECT t.id, t.vendor_id AS "partyId", t.status, NULL::int AS "regionId", t.document_number AS "documentNumber", t.charge_date::text AS date,
               t.charge_date::text AS "dueDate", t.amount::text AS total, round(t.amount - t.paid_amount, 2)::text AS "openAmount"
        FROM fixture_charges t WHERE ${where} ORDER BY t.id ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
  openOf: (vendorId) => sql`t.vendor_id = ${vendorId}::int AND t.status = 'posted' AND t.paid_amount < t.amount`,
  scope: () => undefined,
  lock: (ids) => sql`SELECT t.id FROM fixture_charges t WHERE t.id IN (${ids}) ORDER BY t.id FOR NO KEY UPDATE`,
  onAllocated: paid(sql`+`),
  onReleased: paid(sql`-`),
};
