import { z } from 'zod';
import { defineSettings } from '../area/define-area.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';

const maxAgeError = 'Exchange rate age must be 0 to 31 days';

/**
 * The currencies' section of the company settings (issue 33, section 1): how many days old a
 * rate may be and still be a date's rate (the State Bank publishes on working days only, so a
 * Monday takes Friday's); 0 asks for the day's own rate.
 */
export const currenciesSettings = defineSettings(
  z.strictObject({
    exchangeRateMaxAgeDays: wholeNumberInput(z.number({ error: maxAgeError }).int({ error: maxAgeError }).min(0, { error: maxAgeError }).max(31, { error: maxAgeError })),
  }),
  { exchangeRateMaxAgeDays: 7 },
);
