import { z } from 'zod';
import { defineSettings } from '../area/define-area.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';

function orderingDays(label: string, min: number, max: number, unit = 'days') {
  const error = `${label} must be ${min} to ${max} ${unit}`;
  return wholeNumberInput(z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));
}

/** Ordering's section of the company settings, for Generate Order (issue 19): lead time of items and vendors without one, review period, sales history, safety stock. */
export const orderingSettings = defineSettings(
  z.strictObject({
    defaultLeadTimeDays: orderingDays('Default lead time', 0, 730),
    reviewDays: orderingDays('Review period', 0, 365),
    historyMonths: orderingDays('Sales history', 1, 24, 'months'),
    safetyStockDays: orderingDays('Safety stock', 0, 365),
  }),
  { defaultLeadTimeDays: 30, reviewDays: 30, historyMonths: 6, safetyStockDays: 15 },
);
