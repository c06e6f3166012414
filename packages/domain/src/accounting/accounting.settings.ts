import { z } from 'zod';
import { defineSettings } from '../area/define-area.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';

/** Accounting's section of the company settings: the month the fiscal year starts (7: July). */
export const accountingSettings = defineSettings(
  z.strictObject({
    fiscalYearStartMonth: wholeNumberInput(z.number().int().min(1, { error: 'Month must be 1 to 12' }).max(12, { error: 'Month must be 1 to 12' })),
  }),
  { fiscalYearStartMonth: 7 },
);
