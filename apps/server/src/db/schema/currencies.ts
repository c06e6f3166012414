import { boolean, date, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { entityColumns } from './setup.ts';

/** Mirrors db/migrations/0060_currencies.sql (the SQL is the source of truth): the currencies the company deals in. */
export const currencies = pgTable(
  'currencies',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    currencyName: text('currency_name').notNull(),
    symbol: text('symbol'),
    decimals: integer('decimals').notNull().default(2),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('currencies_code_key').on(t.code)],
);

/** A currency's rate on a day, in the company currency per unit; one per currency and day. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    ...entityColumns(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    source: text('source').notNull().default('manual'),
  },
  // Named as the generic unique rule of `rateDate` with `currency` expects; keyed currency first, which the rate lookup reads.
  (t) => [unique('exchange_rates_rate_date_currency_key').on(t.currency, t.rateDate)],
);
