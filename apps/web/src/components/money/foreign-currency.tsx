import { formatDecimal, formatRate, type ExchangeRateOn } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Input, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { Form } from '../form.tsx';
import { fetchOptions, resourceKeys } from '../resource/resource-api.ts';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage, http } from '../../lib/http.ts';

/**
 * What the forms and views of orders, receipts and payments show of a foreign currency (issue 33,
 * section 2): which currency is the company's, a date's rate, amounts labelled with their
 * currency, and the optional rate field a receipt and a payment take.
 */

/** "USD 1,000.00": an amount in a named currency. */
export const amountIn = (currency: string, value: string) => `${currency} ${formatDecimal(value)}`;

export { formatRate };

// Every currency the company deals in: few rows, so one read (cached) answers which is the company's.
const allCurrencies = { limit: 1000 };

/** The company currency's code (undefined while unread, or when the currencies cannot be read). */
export function useCompanyCurrency(): string | undefined {
  const query = useQuery({ queryKey: resourceKeys.options('currencies', allCurrencies), queryFn: () => fetchOptions('currencies', allCurrencies), staleTime: 5 * 60_000 });
  const company = query.data?.options.find((option) => option.isCompany === true);
  return typeof company?.code === 'string' ? company.code : undefined;
}

/** Whether a document's or a party's currency is another than the company's; false while unknown, so nothing foreign shows by mistake. */
export function useIsForeign(currency: string | null | undefined): boolean {
  const company = useCompanyCurrency();
  return Boolean(currency && company && currency !== company);
}

/** One field of a resource's option (a vendor's `currency`), read by id; undefined while unread or without an id. */
export function useOptionField(resource: string, id: number | null | undefined, field: string): unknown {
  const ids = id ? [id] : [];
  const query = useQuery({
    queryKey: resourceKeys.options(resource, { ids, limit: 0 }),
    queryFn: () => fetchOptions(resource, { ids, limit: 0 }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  return id ? query.data?.options.find((option) => option.id === id)?.[field] : undefined;
}

export const rateKeys = { on: (currency: string, date: string) => ['exchange-rates', 'rate', currency, date] as const };

/** GET /api/exchange-rates/rate: the rate a document of that date takes unless given one; a 404 says none is held. */
export async function fetchRateOn(currency: string, date: string): Promise<ExchangeRateOn> {
  const { data } = await http.get<{ data: ExchangeRateOn }>('/api/exchange-rates/rate', { params: { currency, date } });
  return data.data;
}

/** A foreign currency's rate on a date, for a form to show what it will use (not asked while `enabled` is false). */
export function useRateOn(currency: string | null | undefined, date: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: rateKeys.on(currency ?? '', date ?? ''),
    queryFn: () => fetchRateOn(currency!, date!),
    enabled: enabled && Boolean(currency && date),
    retry: false,
    staleTime: 60_000,
  });
}

/** What a form says under its rate: the rate its date takes, or the server's words when none is held. */
export function RateHint({ currency, rate, error }: { currency: string; rate?: ExchangeRateOn; error?: unknown }) {
  if (rate) return <span data-testid="rate-hint">Left empty: {formatRate(rate.rate)} per {currency}, the rate of {formatDate(rate.rateDate)}</span>;
  if (error) return <Typography.Text type="warning" data-testid="rate-hint">{errorMessage(error)}</Typography.Text>;
  return null;
}

/**
 * The optional `exchangeRate` of a receipt or a payment in a foreign currency: left empty, the
 * server takes the date's rate (shown under it); a rate typed is sent as typed, the server checks it.
 */
export function ExchangeRateField({ currency, date, dateWord, style }: { currency: string; date: string | null | undefined; dateWord: string; style?: CSSProperties }) {
  const rate = useRateOn(currency, date);
  return (
    <Form.Item name="exchangeRate" label="Exchange rate" style={style} extra={<RateHint currency={currency} rate={rate.data} error={rate.error ?? undefined} />}>
      <Input inputMode="decimal" allowClear placeholder={`The ${dateWord}'s rate is used`} />
    </Form.Item>
  );
}

/** A rate typed in a form, or undefined when left empty (the server then takes the date's). */
export const typedRate = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
