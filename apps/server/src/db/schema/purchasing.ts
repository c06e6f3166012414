import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounting.ts';
import { cities, entityColumns } from './setup.ts';

/** Mirrors db/migrations/0008_vendors.sql (the SQL is the source of truth). */
export const vendors = pgTable('vendors', {
  ...entityColumns(),
  vendorName: text('vendor_name').notNull(),
  contactPerson: text('contact_person'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
  paymentTermsDays: integer('payment_terms_days').notNull().default(30),
  active: boolean('active').notNull().default(true),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'restrict' }),
});
