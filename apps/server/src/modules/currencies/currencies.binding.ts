import { currencies as currenciesDeclaration, currencyMessages, exchangeRates as exchangeRatesDeclaration } from '@erp/domain';
import { currencies, exchangeRates } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { registerConstraintRefusal } from '../../lib/pg-error.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { assertRateCurrency, assertRateFree, isCompanyCurrencySql } from './currency-rules.ts';

/**
 * Currencies: the generic resource, each row and option saying whether it is the company's; that
 * row keeps its code (the settings name it), stays active and is never deleted.
 */
export const currencyBinding: ResourceBinding = {
  declaration: currenciesDeclaration,
  table: currencies,
  hooks: {
    rowColumns: { isCompany: isCompanyCurrencySql },
    optionColumns: { symbol: currencies.symbol, decimals: currencies.decimals, active: currencies.active, isCompany: isCompanyCurrencySql },
    writes: {
      beforeUpdate: async (_tx, _actor, before: Row, input: Row) => {
        if (!before.isCompany) return;
        const code = String(before.code);
        if (input.code !== undefined && input.code !== code) throw new BadRequestError({ code: currencyMessages.companyRecoded(code) }, currencyMessages.companyRecoded(code));
        if (input.active === false) throw new BadRequestError({ active: currencyMessages.companyDeactivated(code) }, currencyMessages.companyDeactivated(code));
      },
      beforeDelete: async (_tx, _actor, before: Row) => {
        if (before.isCompany) throw new ConflictError(currencyMessages.companyDeleted(String(before.code)));
      },
    },
  },
};

// Two writers racing past the check below meet the unique key: the same answer, its day read from the key's detail.
registerConstraintRefusal('exchange_rates_rate_date_currency_key', (detail) => {
  const [, currency = 'This currency', rateDate = 'this day'] = /=\(([A-Z]{3}), (\d{4}-\d{2}-\d{2})\)/.exec(detail ?? '') ?? [];
  const message = currencyMessages.rateTaken(currency, rateDate);
  return { status: 409, message, errors: { rateDate: message } };
});

/** Exchange rates: the generic resource, for an active foreign currency, one per currency and day. */
export const exchangeRateBinding: ResourceBinding = {
  declaration: exchangeRatesDeclaration,
  table: exchangeRates,
  hooks: {
    writes: {
      beforeInsert: async (tx, _actor, input) => {
        await assertRateCurrency(tx, String(input.currency));
        await assertRateFree(tx, String(input.currency), String(input.rateDate), null);
        return {};
      },
      beforeUpdate: async (tx, _actor, before: Row, input: Row) => {
        const currency = String(input.currency ?? before.currency);
        const rateDate = String(input.rateDate ?? before.rateDate);
        await assertRateCurrency(tx, currency);
        if (currency !== before.currency || rateDate !== before.rateDate) await assertRateFree(tx, currency, rateDate, Number(before.id));
      },
    },
  },
};
