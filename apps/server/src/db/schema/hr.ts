import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns, regions } from './setup.ts';

/** Mirrors db/migrations/0016_money.sql (the SQL is the source of truth). */
export const employees = pgTable('employees', {
  ...entityColumns(),
  employeeName: text('employee_name').notNull(),
  designation: text('designation').notNull().default(''),
  regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
  phone: text('phone'),
  email: text('email'),
  active: boolean('active').notNull().default(true),
});
