import { z } from 'zod';
import { defineSettings, optionValues } from '../area/define-area.ts';

/** What a pay slip's net is rounded to (issue 20): 0.01 leaves it at the cent. */
export const netRoundingSteps = [
  { value: '0.01', label: '0.01 (no rounding)' },
  { value: '1', label: '1' },
  { value: '10', label: '10' },
  { value: '100', label: '100' },
] as const;
export const netRoundingModes = [
  { value: 'up', label: 'Up' },
  { value: 'nearest', label: 'Nearest' },
  { value: 'down', label: 'Down' },
] as const;

/** Payroll's section of the company settings (issue 20): each slip's net is brought to a multiple of the step, up, to the nearest or down; the difference is its rounding. */
export const payrollSettings = defineSettings(
  z.strictObject({
    netRoundingStep: z.enum(optionValues(netRoundingSteps), { error: 'Round net to must be 0.01, 1, 10 or 100' }),
    netRoundingMode: z.enum(optionValues(netRoundingModes), { error: 'Rounding must be up, nearest or down' }),
  }),
  { netRoundingStep: '1', netRoundingMode: 'up' },
);
