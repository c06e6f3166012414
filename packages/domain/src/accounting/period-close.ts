import { z } from 'zod';
import { dateSchema } from '../resource/declaration.ts';

/** `POST /api/accounting/period-close`: close the books through a day, never later than today. */
export const periodCloseSchema = z.strictObject({ closedThrough: dateSchema('Closed through') });

/** `POST /api/accounting/period-reopen`: the books closed through an earlier day, or null (every period open). */
export const periodReopenSchema = z.strictObject({ closedThrough: dateSchema('Closed through').nullable() });

export const periodCloseMessages = {
  future: (today: string) => `Closed through must not be after today (${today})`,
  backwards: (current: string) => `The books are closed through ${current}: closing through an earlier day reopens periods, which is its own action (Reopen periods)`,
  reopenForward: (current: string | null) => (current ? `Reopening keeps the books closed through a day before ${current}` : 'Every period is open already'),
} as const;
