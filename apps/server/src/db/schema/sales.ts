import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounting.ts';
import { cities, entityColumns, regions } from './setup.ts';
import { users } from './system.ts';

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
});
