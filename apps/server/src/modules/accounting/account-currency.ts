import { currencyMessages } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ResourceWriteHooks, Row } from '../../lib/resource/resource-binding.ts';
import { assertCurrencyInUse, companyCurrency } from '../currencies/currencies.api.ts';
import { hasPostings } from './party-accounts.ts';

const foreignKinds = new Set(['cash', 'bank']);

/** An account's currency as given (absent or null: the company's), checked: active, and foreign only for cash and bank. */
async function checkedCurrency(tx: Executor, given: unknown, kind: string): Promise<string> {
  const code = typeof given === 'string' ? given : await companyCurrency(tx);
  const { isCompany } = await assertCurrencyInUse(tx, code);
  if (!isCompany && !foreignKinds.has(kind)) throw new BadRequestError({ currency: currencyMessages.accountKind(code) }, currencyMessages.accountKind(code));
  return code;
}

/**
 * Issue 33, section 2: the account's currency around `writes` (the regional rules): the company's
 * unless a cash or bank account names another; once the account has ledger rows it stays (409).
 * A vendor's payable account takes the vendor's through party-accounts.ts, never through here; an
 * update that leaves currency and kind as they were checks nothing (a foreign vendor's account renamed).
 */
export function withAccountCurrency(writes: ResourceWriteHooks): ResourceWriteHooks {
  return {
    ...writes,
    async beforeInsert(tx, actor, input) {
      const added = (await writes.beforeInsert?.(tx, actor, input)) ?? {};
      return { ...added, currency: await checkedCurrency(tx, input.currency, String(input.kind ?? 'other')) };
    },
    async beforeUpdate(tx, actor, before: Row, input: Row) {
      const added = (await writes.beforeUpdate?.(tx, actor, before, input)) ?? {};
      const kind = String(input.kind ?? before.kind);
      const asked = input.currency === undefined ? before.currency : input.currency;
      if (asked === before.currency && kind === before.kind) return added;
      const currency = await checkedCurrency(tx, asked, kind);
      if (currency !== before.currency && (await hasPostings(tx, Number(before.id)))) {
        const message = currencyMessages.fixedByPostings(String(before.currency));
        throw new ConflictError(message, { currency: message });
      }
      return { ...added, currency };
    },
  };
}
