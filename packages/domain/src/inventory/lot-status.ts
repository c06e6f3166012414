import { z } from 'zod';
import { isExpired } from './expiry.ts';

/**
 * A lot's status on one inventory row (issue 31, section 1). When several hold, the later in
 * this list wins. `expired` is judged on a date, never stored; the rest are kept on the row
 * (`lot_status`), written by inventory alone.
 */
export const lotStatuses = ['released', 'expired', 'quarantined', 'recalled', 'destroyed'] as const;
export type LotStatus = (typeof lotStatuses)[number];
export type StoredLotStatus = Exclude<LotStatus, 'expired'>;

export const lotStatusLabels: Readonly<Record<LotStatus, string>> = {
  released: 'Released',
  expired: 'Expired',
  quarantined: 'Quarantined',
  recalled: 'Recalled',
  destroyed: 'Destroyed',
};

/** The status a row shows on `onDate`: the stored one, unless only expiry holds it. */
export function effectiveLotStatus(stored: StoredLotStatus, dateExpiry: string | null, onDate: string): LotStatus {
  return stored === 'released' && isExpired(dateExpiry, onDate) ? 'expired' : stored;
}

/** What a refused draw was about to do, by the stock document drawing: said in the refusal. */
export type LotDrawVerb = 'sold' | 'transferred' | 'shipped' | 'used' | 'placed' | 'issued';

const verbOfDocument: Readonly<Record<string, LotDrawVerb>> = {
  invoice: 'sold',
  quotations: 'sold',
  transfer: 'transferred',
  consignments: 'shipped',
  'service-visits': 'used',
  placements: 'placed',
};

export const lotDrawVerbOf = (documentType: string): LotDrawVerb => verbOfDocument[documentType] ?? 'issued';

/**
 * "CBC Reagent lot L123 is recalled (RCL-2026-000001) and cannot be sold"; the detail is the row's
 * `status_reason` (the recall's number, a quarantine's reason), left out when empty.
 */
export function lotBlockedMessage(lot: string, status: Exclude<StoredLotStatus, 'released'>, detail: string, verb: LotDrawVerb): string {
  return `${lot} is ${status}${detail ? ` (${detail})` : ''} and cannot be ${verb}`;
}

/** POST /api/inventory/:inventoryId/quarantine and /release. */
export const lotStatusChangeSchema = z.strictObject({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, { error: 'Reason is required' })
    .max(500, { error: 'Reason must be at most 500 characters' }),
});
export type LotStatusChangeInput = z.output<typeof lotStatusChangeSchema>;

export const lotsQuarantineScope = 'lots:quarantine';
export const lotsReleaseScope = 'lots:release';

/** One change of a row's status, GET /api/inventory/:inventoryId/status-history. */
export interface LotStatusChange {
  id: number;
  from: LotStatus;
  to: LotStatus;
  reason: string;
  document: { documentType: string; documentId: number | null; documentNumber: string | null } | null;
  changedBy: { userId: number; name: string } | null;
  changedAt: string;
}

export const lotStatusMessages = {
  releaseBlocked: (status: string, detail: string) => `This lot is ${status}${detail ? ` (${detail})` : ''}: it cannot be released`,
  releaseHeldByExcursion: 'This lot is held by a temperature excursion awaiting its disposition: it is released by that decision',
  releaseExpired: (dateExpiry: string) => `This lot expired on ${dateExpiry}: it cannot be released`,
  notQuarantined: 'This lot is not quarantined',
  quarantineBlocked: (status: string) => `This lot is ${status}: it cannot be quarantined`,
} as const;
