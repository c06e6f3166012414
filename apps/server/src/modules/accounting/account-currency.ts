import { currencyMessages, toMinorUnits } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ResourceWriteHooks, Row } from '../../lib/resource/resource-binding.ts';
import { assertCurrencyInUse, companyCurrency } from '../currencies/currencies.api.ts';
import { hasPostings } from './party-accounts.ts';

const foreignKinds = new Set(['cash', 'bank']);

/** An account's currency as given (absent or null: the company's), checked: active, and foreign only for cash and bank. */
async function checkedCurrency(tx: Executor, given: unknown, kind: string): Promise<{ code: string; isCompany: boolean }> {
  const code = typeof given === 'string' ? given : await companyCurrency(tx);
  const { isCompany } = await assertCurrencyInUse(tx, code);
  if (!isCompany && !foreignKinds.has(kind)) throw new BadRequestError({ currency: currencyMessages.accountKind(code) }, currencyMessages.accountKind(code));
  return { code, isCompany };
}

const refused = (field: string, message: string) => new BadRequestError({ [field]: message }, message);
const centsOf = (value: unknown) => (value === null || value === undefined ? null : toMinorUnits(String(value)));

/**
 * An opening balance in both currencies (docs/decisions/currencies.md, "A foreign account's opening
 * balance"): a foreign account's opening balance (company currency) comes with its amount in the
 * account's currency, on the same side, and neither without the other; an account in the company
 * currency has none (answered null, as it is stored).
 */
async function checkedOpening(tx: Executor, currency: { code: string; isCompany: boolean }, opening: unknown, foreign: unknown): Promise<string | null> {
  const company = centsOf(opening) ?? 0n;
  const inCurrency = centsOf(foreign);
  if (currency.isCompany) {
    if (inCurrency !== null && inCurrency !== 0n) throw refused('openingForeignBalance', currencyMessages.openingForeignInCompany(currency.code));
    return null;
  }
  if (company !== 0n && (inCurrency === null || inCurrency === 0n)) throw refused('openingForeignBalance', currencyMessages.openingForeignRequired(currency.code));
  if (company === 0n && inCurrency !== null && inCurrency !== 0n) throw refused('openingBalance', currencyMessages.openingCompanyRequired(await companyCurrency(tx)));
  if (company < 0n !== (inCurrency !== null && inCurrency < 0n)) throw refused('openingForeignBalance', currencyMessages.openingForeignSide);
  return inCurrency === null || inCurrency === 0n ? null : String(foreign);
}

const changed = (before: unknown, after: unknown) => (centsOf(before) ?? 0n) !== (centsOf(after) ?? 0n);

/**
 * Issue 33, section 2: the account's currency around `writes` (the regional rules): the company's
 * unless a cash or bank account names another; once the account has ledger rows it stays (409).
 * A vendor's payable account takes the vendor's through party-accounts.ts, never through here; an
 * update that leaves currency, kind and the opening balances as they were checks nothing (a
 * foreign vendor's account renamed, an account opened before its foreign opening was asked for).
 */
export function withAccountCurrency(writes: ResourceWriteHooks): ResourceWriteHooks {
  return {
    ...writes,
    async beforeInsert(tx, actor, input) {
      const added = (await writes.beforeInsert?.(tx, actor, input)) ?? {};
      const currency = await checkedCurrency(tx, input.currency, String(input.kind ?? 'other'));
      return { ...added, currency: currency.code, openingForeignBalance: await checkedOpening(tx, currency, input.openingBalance, input.openingForeignBalance) };
    },
    async beforeUpdate(tx, actor, before: Row, input: Row) {
      const added = (await writes.beforeUpdate?.(tx, actor, before, input)) ?? {};
      const kind = String(input.kind ?? before.kind);
      const asked = input.currency === undefined ? before.currency : input.currency;
      const opening = input.openingBalance === undefined ? before.openingBalance : input.openingBalance;
      const foreign = input.openingForeignBalance === undefined ? before.openingForeignBalance : input.openingForeignBalance;
      const currencyKept = asked === before.currency && kind === before.kind;
      if (currencyKept && !changed(before.openingBalance, opening) && !changed(before.openingForeignBalance, foreign)) return added;
      // A foreign vendor's payable account keeps the currency it was given (party-accounts.ts) while its opening balances change.
      const kept = String(before.currency);
      const currency = currencyKept ? { code: kept, isCompany: kept === (await companyCurrency(tx)) } : await checkedCurrency(tx, asked, kind);
      if (currency.code !== before.currency && (await hasPostings(tx, Number(before.id)))) {
        const message = currencyMessages.fixedByPostings(String(before.currency));
        throw new ConflictError(message, { currency: message });
      }
      return { ...added, currency: currency.code, openingForeignBalance: await checkedOpening(tx, currency, opening, foreign) };
    },
  };
}
