import { currenciesSettings, currencyMessages, type ExchangeRateOn, exchangeRateScale, type RateSource } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { currencies } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { companySettingSql } from '../setup/setup.api.ts';

/** Whether a currency row is the company's: its code is the settings' `currency` (false with no settings row). */
export const isCompanyCurrencySql: SQL<boolean> = sql<boolean>`coalesce(${currencies.code} = ${companySettingSql('currency')}, false)`;

/** The company currency's own rate: 1, to the rates' 6 decimals. */
const unitRate = `1.${'0'.repeat(exchangeRateScale)}`;

/**
 * A rate may be entered for a currency that exists, is active and is not the company's: else 400
 * naming `currency` (a rate's body and an import's row alike).
 */
export async function rateCurrencyRefusal(executor: Executor, code: string): Promise<string | undefined> {
  const [row] = await queryRows<{ active: boolean; isCompany: boolean }>(
    executor,
    sql`SELECT active, coalesce(code = ${companySettingSql('currency')}, false) AS "isCompany" FROM currencies WHERE code = ${code}`,
  );
  if (!row) return currencyMessages.unknown(code);
  if (row.isCompany) return currencyMessages.companyRate(code);
  return row.active ? undefined : currencyMessages.inactive(code);
}

export async function assertRateCurrency(executor: Executor, code: string): Promise<void> {
  const refusal = await rateCurrencyRefusal(executor, code);
  if (refusal) throw new BadRequestError({ currency: refusal }, refusal);
}

/** One rate per currency and day: a second is 409 naming the day (the unique key answers the same to a race). */
export async function assertRateFree(executor: Executor, currency: string, rateDate: string, ownId: number | null): Promise<void> {
  const [taken] = await queryRows<{ id: number }>(
    executor,
    sql`SELECT id FROM exchange_rates WHERE currency = ${currency} AND rate_date = ${rateDate}::date ${ownId === null ? sql`` : sql`AND id <> ${ownId}::int`}`,
  );
  if (taken) {
    const message = currencyMessages.rateTaken(currency, rateDate);
    throw new ConflictError(message, { rateDate: message });
  }
}

/** No rate of the currency within the settings' days before the date: the route's 404; a document's 400 on its `exchangeRate` (`rateOrRefusal`). */
export class NoRateError extends NotFoundError {
  readonly currency: string;
  readonly date: string;
  readonly maxAgeDays: number;

  constructor(currency: string, date: string, maxAgeDays: number) {
    super(currencyMessages.noRate(currency, date, maxAgeDays));
    this.currency = currency;
    this.date = date;
    this.maxAgeDays = maxAgeDays;
  }
}

/**
 * A currency's rate on a date (issue 33, section 1): the latest stored on or before it, at most the
 * settings' `exchangeRateMaxAgeDays` older, in one statement (the key's last entry at or below the
 * date). The company currency is 1 on any date. An unknown currency: 400 naming `currency`; no rate:
 * `NoRateError` (404), whose message is the issue's word for word.
 */
export async function rateOn(executor: Executor, currency: string, date: string): Promise<ExchangeRateOn> {
  const [row] = await queryRows<{ days: number; known: boolean; isCompany: boolean; rate: string | null; rateDate: string | null; source: RateSource | null }>(
    executor,
    sql`SELECT s.days, EXISTS (SELECT 1 FROM currencies WHERE code = ${currency}) AS known, coalesce(s.company = ${currency}, false) AS "isCompany",
          r.rate::text AS rate, r.rate_date::text AS "rateDate", r.source
        FROM (SELECT coalesce(${companySettingSql('exchangeRateMaxAgeDays')}, ${currenciesSettings.defaults.exchangeRateMaxAgeDays}::int)::int AS days,
                     ${companySettingSql('currency')}::text AS company) s
        LEFT JOIN LATERAL (
          SELECT rate, rate_date, source FROM exchange_rates
          WHERE currency = ${currency} AND rate_date <= ${date}::date AND rate_date >= ${date}::date - s.days
          ORDER BY rate_date DESC LIMIT 1
        ) r ON true`,
  );
  if (!row!.known) throw new BadRequestError({ currency: currencyMessages.unknown(currency) }, currencyMessages.unknown(currency));
  if (row!.isCompany) return { currency, date, rate: unitRate, rateDate: date, source: null };
  if (row!.rate === null) throw new NoRateError(currency, date, Number(row!.days));
  return { currency, date, rate: row!.rate, rateDate: row!.rateDate!, source: row!.source };
}

/** `rateOn` for a document's save or posting: no rate is 400 naming its rate field (`exchangeRate`) with the same message. */
export async function rateOrRefusal(executor: Executor, currency: string, date: string, field = 'exchangeRate'): Promise<ExchangeRateOn> {
  try {
    return await rateOn(executor, currency, date);
  } catch (error) {
    if (error instanceof NoRateError) throw new BadRequestError({ [field]: error.message }, error.message);
    throw error;
  }
}

/** The company currency (the settings' `currency`). */
export async function companyCurrency(executor: Executor): Promise<string> {
  const [row] = await queryRows<{ code: string | null }>(executor, sql`SELECT ${companySettingSql('currency')}::text AS code`);
  return row?.code ?? 'PKR';
}

/**
 * What a vendor, an account or a document may be in (issue 33, section 2): an existing, active
 * currency; else 400 naming `field`. Answers whether it is the company's.
 */
export async function assertCurrencyInUse(executor: Executor, code: string, field = 'currency'): Promise<{ isCompany: boolean }> {
  const [row] = await queryRows<{ active: boolean; isCompany: boolean }>(
    executor,
    sql`SELECT active, coalesce(code = ${companySettingSql('currency')}, false) AS "isCompany" FROM currencies WHERE code = ${code}`,
  );
  const refusal = !row ? currencyMessages.unknown(code) : row.active ? undefined : currencyMessages.inactiveUse(code);
  if (refusal) throw new BadRequestError({ [field]: refusal }, refusal);
  return { isCompany: row!.isCompany };
}
