import { z } from 'zod';
import { compareDecimal } from '../money.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { coldChainMessages } from './storage-units.ts';

export const excursionStatuses = ['inProgress', 'awaitingDisposition', 'dispositioned'] as const;
export type ExcursionStatus = (typeof excursionStatuses)[number];
export const excursionDispositions = ['release', 'quarantine', 'writeOff'] as const;
export type ExcursionDisposition = (typeof excursionDispositions)[number];
export type ExcursionDirection = 'high' | 'low' | 'both';

/** Which side of a range a temperature is on: null inside it (the bounds are in range). */
export function deviationOf(temperatureC: string, range: { minC: string; maxC: string }): 'high' | 'low' | null {
  if (compareDecimal(temperatureC, range.maxC) > 0) return 'high';
  if (compareDecimal(temperatureC, range.minC) < 0) return 'low';
  return null;
}

/** A stored reading as the excursions are computed from it, in time order. */
export interface ReadingPoint {
  readAt: Date;
  temperatureC: string;
  deviation: 'high' | 'low' | null;
}

/** One run of consecutive readings outside the range. */
export interface ExcursionRun {
  startedAt: Date;
  /** The next reading in range; null while none came. */
  endedAt: Date | null;
  lastReadingAt: Date;
  minC: string;
  maxC: string;
  direction: ExcursionDirection;
}

/**
 * The runs of readings outside the range (issue 31, section 3): a run starts at its first
 * out-of-range reading and ends at the next reading in range; its min and max are of its own
 * readings. `readings` are one unit's, oldest first.
 */
export function excursionRuns(readings: readonly ReadingPoint[]): ExcursionRun[] {
  const runs: ExcursionRun[] = [];
  let open: (ExcursionRun & { high: boolean; low: boolean }) | null = null;
  for (const reading of readings) {
    if (reading.deviation === null) {
      if (open) {
        const { high: _high, low: _low, ...run } = open;
        runs.push({ ...run, endedAt: reading.readAt });
        open = null;
      }
      continue;
    }
    if (!open) {
      open = { startedAt: reading.readAt, endedAt: null, lastReadingAt: reading.readAt, minC: reading.temperatureC, maxC: reading.temperatureC, direction: reading.deviation, high: false, low: false };
    }
    open.lastReadingAt = reading.readAt;
    if (compareDecimal(reading.temperatureC, open.minC) < 0) open.minC = reading.temperatureC;
    if (compareDecimal(reading.temperatureC, open.maxC) > 0) open.maxC = reading.temperatureC;
    if (reading.deviation === 'high') open.high = true;
    else open.low = true;
    open.direction = open.high && open.low ? 'both' : open.high ? 'high' : 'low';
  }
  if (open) {
    const { high: _high, low: _low, ...run } = open;
    runs.push(run);
  }
  return runs;
}

/** Whole minutes from the start to the end, or to the last reading while in progress. */
export function excursionMinutes(run: Pick<ExcursionRun, 'startedAt' | 'endedAt' | 'lastReadingAt'>): number {
  return Math.floor(((run.endedAt ?? run.lastReadingAt).getTime() - run.startedAt.getTime()) / 60_000);
}

/** `POST /api/temperature-excursions/:id/disposition`: one decision for every lot, or per lot. */
export const excursionDispositionInputSchema = z
  .strictObject({
    disposition: z.enum(excursionDispositions, { error: 'Disposition must be release, quarantine or writeOff' }),
    reason: z.string({ error: 'Reason is required' }).trim().min(1, { error: 'Reason is required' }).max(2000, { error: 'Reason must be at most 2000 characters' }),
    lots: z
      .array(
        z.strictObject({
          inventoryId: referenceSchema('Lot'),
          disposition: z.enum(excursionDispositions, { error: 'Disposition must be release, quarantine or writeOff' }),
        }),
        { error: 'Lots must be a list' },
      )
      .max(1000, { error: 'At most 1000 lots' })
      .optional(),
  })
  .superRefine((input, context) => {
    const seen = new Set<number>();
    input.lots?.forEach((lot, index) => {
      if (seen.has(lot.inventoryId)) context.addIssue({ code: 'custom', path: ['lots', index, 'inventoryId'], message: coldChainMessages.lotTwice });
      seen.add(lot.inventoryId);
    });
  });
export type ExcursionDispositionInput = z.infer<typeof excursionDispositionInputSchema>;

const idFilter = (label: string) => z.coerce.number({ error: `${label} must be an id` }).int({ error: `${label} must be an id` }).positive({ error: `${label} must be an id` }).max(2_147_483_647, { error: `${label} must be an id` }).optional();

/** `GET /api/temperature-excursions`: newest first; `from`/`to` are days the excursion touches. */
export const excursionListQuerySchema = z
  .strictObject({
    storageUnitId: idFilter('Storage unit'),
    regionId: idFilter('Region'),
    status: z.enum(excursionStatuses, { error: `Status must be one of ${excursionStatuses.join(', ')}` }).optional(),
    from: dateSchema('From').optional(),
    to: dateSchema('To').optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'To must not be before From', path: ['to'] });
export type ExcursionListQuery = z.infer<typeof excursionListQuerySchema>;

export interface ExcursionLotRow {
  inventoryId: number;
  itemId: number;
  itemName: string;
  lotNumber: string;
  dateExpiry: string | null;
  /** The most on hand on the days the excursion touched. */
  quantity: number;
  lotStatus: string;
  /** This lot's decision once the excursion is decided. */
  disposition: ExcursionDisposition | null;
}

export interface ExcursionRow {
  id: number;
  storageUnitId: number;
  unitName: string;
  regionId: number;
  source: 'storage' | 'shipment';
  goodsReceiptId: number | null;
  startedAt: string;
  endedAt: string | null;
  lastReadingAt: string;
  durationMinutes: number;
  minC: string;
  maxC: string;
  rangeMinC: string;
  rangeMaxC: string;
  direction: ExcursionDirection;
  status: ExcursionStatus;
  disposition: ExcursionDisposition | null;
  dispositionReason: string | null;
  dispositionBy: number | null;
  dispositionAt: string | null;
  writeOffAdjustmentId: number | null;
  lots?: ExcursionLotRow[];
}
