import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './inventory.ts';
import { vendors } from './purchasing.ts';
import { customers } from './sales.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors db/migrations/0057_licences.sql (the SQL is the source of truth): the licences area's fields of vendors, items and customers. */
export const vendorLicences = pgTable('vendor_licences', {
  vendorId: integer('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  licenceKind: text('licence_kind'),
  licenceNumber: text('licence_number'),
  licenceExpiry: date('licence_expiry', { mode: 'string' }),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

export const itemRegistrations = pgTable('item_registrations', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  drapClass: text('drap_class'),
  registrationKind: text('registration_kind'),
  registrationNumber: text('registration_number'),
  registrationExpiry: date('registration_expiry', { mode: 'string' }),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

export const customerLicences = pgTable('customer_licences', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  licenceKind: text('licence_kind'),
  licenceNumber: text('licence_number'),
  licenceExpiry: date('licence_expiry', { mode: 'string' }),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});
