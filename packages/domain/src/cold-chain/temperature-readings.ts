import { z } from 'zod';
import { dateSchema, noNulPattern, referenceSchema } from '../resource/declaration.ts';
import { temperatureSchema } from './storage-units.ts';
import { parseTimeText } from './zoned-time.ts';

export const temperatureReadingSources = ['manual', 'logger'] as const;
export type TemperatureReadingSource = (typeof temperatureReadingSources)[number];

/** A date and time, with an offset or without (then in the company's time zone). */
export function readAtSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .refine((v) => parseTimeText(v) !== null, { error: `${label} must be a date and time (YYYY-MM-DDTHH:MM, an offset optional)` });
}

/** `POST /api/temperature-readings`: a manual reading. */
export const temperatureReadingInputSchema = z.strictObject({
  storageUnitId: referenceSchema('Storage unit'),
  readAt: readAtSchema('Read at'),
  temperatureC: temperatureSchema('Temperature'),
  notes: z.string({ error: 'Notes must be text' }).regex(noNulPattern, { error: 'Notes may not hold U+0000' }).trim().max(500, { error: 'Notes must be at most 500 characters' }).nullable().optional(),
});
export type TemperatureReadingInput = z.infer<typeof temperatureReadingInputSchema>;

/** A keyset page's cursor: the last row's instant and id, as the previous page answered it (`nextAfter`). */
const cursorPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~\d{1,18}$/;

function isCanonicalInstant(text: string): boolean {
  const instant = new Date(text);
  return !Number.isNaN(instant.getTime()) && instant.toISOString() === text;
}

/** `GET /api/temperature-readings`: oldest first; `from`/`to` are dates, each covering its whole day in the company's zone. */
export const temperatureReadingListQuerySchema = z
  .strictObject({
    storageUnitId: z.coerce.number({ error: 'Storage unit must be an id' }).int({ error: 'Storage unit must be an id' }).positive({ error: 'Storage unit must be an id' }).max(2_147_483_647, { error: 'Storage unit must be an id' }).optional(),
    from: dateSchema('From').optional(),
    to: dateSchema('To').optional(),
    pageSize: z.coerce.number({ error: 'Page size must be a whole number from 1 to 1000' }).int({ error: 'Page size must be a whole number from 1 to 1000' }).min(1, { error: 'Page size must be a whole number from 1 to 1000' }).max(1000, { error: 'Page size must be a whole number from 1 to 1000' }).default(100),
    after: z
      .string()
      .regex(cursorPattern, { error: 'After must be the nextAfter of the previous page' })
      // The shape alone lets 2026-99-99 through to the database; an impossible instant is an invalid Date, whose toISOString throws.
      .refine((cursor) => isCanonicalInstant(cursor.slice(0, 24)), { error: 'After must be the nextAfter of the previous page' })
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'To must not be before From', path: ['to'] });
export type TemperatureReadingListQuery = z.infer<typeof temperatureReadingListQuerySchema>;

export interface TemperatureReadingRow {
  id: number;
  storageUnitId: number;
  unitName: string;
  regionId: number;
  /** ISO instant (UTC). */
  readAt: string;
  temperatureC: string;
  /** Outside the unit's range when stored: above or below; null in range. */
  deviation: 'high' | 'low' | null;
  source: TemperatureReadingSource;
  notes: string;
  createdBy: number | null;
  createdAt: string;
}
