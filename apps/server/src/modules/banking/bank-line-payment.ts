import { bankingMessages, divideRounded, effectiveRate, fromMinorUnits, multiplyDecimals, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { companyCurrency, rateOrRefusal } from '../currencies/currencies.api.ts';
import { vendorPaidIn } from '../money/money.api.ts';

const refusal = (message: string) => new BadRequestError({ foreignAmount: message }, message);

/**
 * A vendor's payment as a bank line makes it (issue 33, sections 2 and 4). A payment's amount is
 * in the vendor's currency and the bank is credited amount x rate to the cent; the line is in the
 * bank account's currency. So a vendor paid in the account's currency is paid the line, and one in
 * another currency from an account in the company's is paid what the bank remitted in the vendor's
 * currency (`foreignAmount`, else the line at the date's rate) at the rate that turns it into the
 * line exactly: the bank moves the line, the vendor is settled in its own money, and what the
 * bank's rate differs from the bills' goes to exchange gain or loss as any foreign payment's does.
 */
export async function linePayment(
  tx: Tx,
  line: { lineDate: string; bankAccountId: number },
  bankAmount: string,
  vendorId: number,
  foreignAmount: string | undefined,
): Promise<{ amount: string; exchangeRate?: string }> {
  const [currency, company] = [await vendorPaidIn(tx, vendorId), await companyCurrency(tx)];
  const [account] = await queryRows<{ currency: string }>(tx, sql`SELECT currency FROM accounts WHERE id = ${line.bankAccountId}::int`);
  // An account in another currency than the company's pays in its own or is refused by the payment (accountId).
  if (currency === company || account?.currency !== company) {
    if (foreignAmount !== undefined) throw refusal(bankingMessages.foreignAmountNotAsked);
    return { amount: bankAmount };
  }
  const amount =
    foreignAmount ?? fromMinorUnits(divideRounded(toMinorUnits(bankAmount) * 1_000_000n, toMinorUnits((await rateOrRefusal(tx, currency, line.lineDate, 'foreignAmount')).rate, 6)));
  if (toMinorUnits(amount) === 0n) throw refusal(bankingMessages.foreignAmountTooSmall(currency));
  const exchangeRate = effectiveRate(bankAmount, amount);
  // A rate has 6 decimals: past 10,000 of the currency not every line has one that makes it.
  if (toMinorUnits(multiplyDecimals(amount, exchangeRate)) !== toMinorUnits(bankAmount)) throw refusal(bankingMessages.noExactRate(currency, amount, company, bankAmount));
  return { amount, exchangeRate };
}
