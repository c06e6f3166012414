import { z } from 'zod';
import { defineSettings } from '../area/define-area.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';

/** Inventory's section of the company settings. */
export const inventorySettings = defineSettings(
  z.strictObject({
    /** Lots expiring within this many days are flagged on /inventory. */
    nearExpiryDays: wholeNumberInput(
      z
        .number({ error: 'Near-expiry window must be a whole number of days' })
        .int({ error: 'Near-expiry window must be a whole number of days' })
        .min(0, { error: 'Near-expiry window must be 0 to 3650 days' })
        .max(3650, { error: 'Near-expiry window must be 0 to 3650 days' }),
    ),
  }),
  { nearExpiryDays: 90 },
);
