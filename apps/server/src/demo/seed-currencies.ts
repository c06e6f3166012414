import { addDays, fromMinorUnits, toMinorUnits } from '@erp/domain';
import type { Tx } from '../db/client.ts';
import { currencies, exchangeRates } from '../db/schema/index.ts';

/** The demo's foreign currencies, each with its rate on the first day seeded and its step a working day. */
const demoCurrencies = [
  { code: 'USD', currencyName: 'US dollar', symbol: '$', decimals: 2, rate: '280.150000', step: '0.045000' },
  { code: 'EUR', currencyName: 'Euro', symbol: '€', decimals: 2, rate: '304.820000', step: '-0.062500' },
  { code: 'CNY', currencyName: 'Chinese yuan', symbol: '¥', decimals: 2, rate: '38.914200', step: '0.008100' },
] as const;

/** Saturday and Sunday: the State Bank publishes no rates. */
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/**
 * Issue 33, sections 1 and 7: USD, EUR and CNY with the State Bank's rates of every working day of
 * the last year up to today (as it publishes them: none on weekends, so a Monday's document takes
 * Friday's), so the foreign suppliers' orders, receipts, payments and month-end revaluations of the
 * demo each find their day's rate. One insert of some 780 rows.
 */
export async function seedCurrencies(tx: Tx, dates: { today: string }): Promise<void> {
  await tx.insert(currencies).values(demoCurrencies.map(({ code, currencyName, symbol, decimals }) => ({ code, currencyName, symbol, decimals })));
  const days: string[] = [];
  for (let back = 0; back <= 365; back += 1) {
    const day = addDays(dates.today, -back);
    if (!isWeekend(day)) days.unshift(day);
  }
  await tx.insert(exchangeRates).values(
    demoCurrencies.flatMap(({ code, rate, step }) =>
      days.map((rateDate, index) => ({ currency: code, rateDate, rate: fromMinorUnits(toMinorUnits(rate, 6) + BigInt(index) * toMinorUnits(step, 6), 6), source: 'sbp' })),
    ),
  );
}
