import { canonicalDecimal, currencyCodeSchema, type FieldDeclaration, currencyMessages, dateSchema, exchangeRateSchema, exchangeRates as exchangeRatesDeclaration, exchangeRateScale, type RateSource } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { dateArray, type Executor, queryRows, textArray, type Tx } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { dateOf, enumOf, numberTextOf } from '../../lib/import/cell-values.ts';
import type { CheckedRow, ImportKind, ImportProgress, ImportRow } from '../../lib/import/import-kind.ts';
import { chunksOf } from '../../lib/import/name-lookup.ts';
import { rateCurrencyRefusal } from './currency-rules.ts';

/** A row of a rates file, checked; `skip` when the day already holds this very rate (stored, or earlier in the file). */
interface RateRow {
  currency: string;
  rateDate: string;
  rate: string;
  source: RateSource;
  skip: boolean;
}

const sourceField: FieldDeclaration = exchangeRatesDeclaration.fields.find((f) => f.name === 'source')!;
const rules = { currency: currencyCodeSchema(), rateDate: dateSchema('Date'), rate: exchangeRateSchema() };

/** A cell's refusal: the rule's own message. */
function firstError(result: { error?: { issues: readonly { message: string }[] } | undefined }, fallback: string): string {
  return result.error?.issues[0]?.message ?? fallback;
}

/** The cells read by the API's rules; a source by its value or label, `manual` when empty. */
function readRow(row: ImportRow): CheckedRow<RateRow> {
  const v = row.values;
  const errors: Record<string, string> = {};
  const currency = rules.currency.safeParse(v.currency ?? '');
  if (!currency.success) errors.currency = firstError(currency, 'Currency is required');
  const rateDate = rules.rateDate.safeParse(v.rateDate ? dateOf(v.rateDate) : undefined);
  if (!rateDate.success) errors.rateDate = firstError(rateDate, 'Date is required');
  const rate = rules.rate.safeParse(v.rate ? numberTextOf(v.rate) : undefined);
  if (!rate.success) errors.rate = firstError(rate, 'Rate is required');
  const source = v.source ? enumOf(sourceField, v.source) : 'manual';
  if (!source) errors.source = `Source must be one of ${sourceField.enumValues!.map((s) => s.label).join(', ')}`;
  if (Object.keys(errors).length > 0) return { rowNumber: row.rowNumber, errors };
  return {
    rowNumber: row.rowNumber,
    input: { currency: currency.data!, rateDate: rateDate.data!, rate: canonicalDecimal(String(rate.data), exchangeRateScale), source: source as RateSource, skip: false },
  };
}

/** The rates stored for the rows' currencies and days, by `currency|day`. */
async function storedRates(executor: Executor, rows: readonly RateRow[]): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  for (const chunk of chunksOf(rows, 5_000)) {
    const found = await queryRows<{ currency: string; rateDate: string; rate: string }>(
      executor,
      sql`SELECT r.currency, r.rate_date::text AS "rateDate", r.rate::text AS rate
          FROM exchange_rates r JOIN unnest(${textArray(chunk.map((c) => c.currency))}, ${dateArray(chunk.map((c) => c.rateDate))}) AS k(currency, rate_date)
            ON r.currency = k.currency AND r.rate_date = k.rate_date`,
    );
    for (const row of found) stored.set(`${row.currency}|${row.rateDate}`, row.rate);
  }
  return stored;
}

/**
 * Each row by the rate's rules; then its currency (existing, active, not the company's) and its day:
 * a day holding this very rate is skipped (the State Bank's files overlap), another rate refused
 * with the stored one named, as is a day the file gives two different rates.
 */
async function check(tx: Executor, _actor: Actor, rows: readonly ImportRow[]): Promise<CheckedRow<RateRow>[]> {
  const read = rows.map(readRow);
  const refusals = new Map<string, string | undefined>();
  for (const code of new Set(read.flatMap((r) => (r.input ? [r.input.currency] : [])))) refusals.set(code, await rateCurrencyRefusal(tx, code));
  const stored = await storedRates(
    tx,
    read.flatMap((r) => (r.input ? [r.input] : [])),
  );
  const inFile = new Map<string, { rowNumber: number; rate: string }>();
  return read.map((row) => {
    if (!row.input) return row;
    const { currency, rateDate, rate } = row.input;
    const refusal = refusals.get(currency);
    if (refusal) return { rowNumber: row.rowNumber, errors: { currency: refusal } };
    const key = `${currency}|${rateDate}`;
    const before = stored.get(key);
    if (before !== undefined) {
      return before === rate ? { ...row, input: { ...row.input, skip: true } } : { rowNumber: row.rowNumber, errors: { rate: currencyMessages.rateDiffers(currency, rateDate, before) } };
    }
    const earlier = inFile.get(key);
    if (earlier && earlier.rate !== rate) return { rowNumber: row.rowNumber, errors: { rate: currencyMessages.sameDayTwice(earlier.rowNumber, earlier.rate) } };
    if (earlier) return { ...row, input: { ...row.input, skip: true } };
    inFile.set(key, { rowNumber: row.rowNumber, rate });
    return row;
  });
}

/** The new days' rates in multi-row INSERTs; a skipped row writes nothing. Answers the new rates' ids. */
async function write(tx: Tx, _actor: Actor, rows: readonly { rowNumber: number; input: RateRow }[], progress: ImportProgress): Promise<number[]> {
  const ids: number[] = [];
  let done = 0;
  for (const chunk of chunksOf(rows, 1_000)) {
    const values = chunk.filter((r) => !r.input.skip).map(({ input: { currency, rateDate, rate, source } }) => ({ currency, rateDate, rate, source }));
    if (values.length > 0) ids.push(...(await tx.insert(exchangeRates).values(values).returning({ id: exchangeRates.id })).map((r) => Number(r.id)));
    done += chunk.length;
    progress(done);
  }
  return ids;
}

/** The State Bank's daily files, or a bank's (issue 33, section 1): Currency, Date, Rate, Source; on /accounting's Currencies tab. */
export const exchangeRatesImport: ImportKind<RateRow> = {
  name: 'exchange-rates',
  title: 'Exchange rates',
  route: '/accounting',
  resource: 'exchange-rates',
  columns: [
    { key: 'currency', label: 'Currency', required: true, hint: 'the three-letter code, such as USD', aliases: ['Code', 'Currency code', 'ISO code'], example: 'USD' },
    { key: 'rateDate', label: 'Date', required: true, hint: 'YYYY-MM-DD or DD/MM/YYYY', aliases: ['Rate date', 'Value date', 'Day'], example: '2026-11-13' },
    { key: 'rate', label: 'Rate', required: true, hint: `company currency per unit, at most ${exchangeRateScale} decimals`, aliases: ['Exchange rate', 'Mid rate'], example: '281.250000' },
    { key: 'source', label: 'Source', required: false, hint: 'Manual, State Bank of Pakistan or Bank (sbp, bank); empty: Manual', aliases: ['Rate source'], example: 'sbp' },
  ],
  check,
  write,
};
