import { z } from 'zod';
import { defineSettings } from '../area/define-area.ts';
import { isTimeZone } from './zoned-time.ts';

/** The cold chain's section of the company settings. */
export const coldChainSettings = defineSettings(
  z.strictObject({
    /** A time without an offset (a logger file's) is read in this zone, and an excursion's days are its days. */
    timeZone: z
      .string({ error: 'Time zone is required' })
      .trim()
      .min(1, { error: 'Time zone is required' })
      .max(64, { error: 'Time zone must be at most 64 characters' })
      .refine(isTimeZone, { error: 'Time zone must be a time zone name, as Asia/Karachi' }),
  }),
  { timeZone: 'Asia/Karachi' },
);
