import { addDays } from '../dates/days.ts';

/**
 * Expiry rules of lots (PRODUCT.md, Items and inventory), pure so the server, the web and
 * the tests share them. Dates are `YYYY-MM-DD`; a lot is usable through its expiry day.
 */

/** The default of settings' near-expiry window. */
export const defaultNearExpiryDays = 90;

/** Expired on `onDate`: its expiry day has passed. A lot without an expiry never expires. */
export function isExpired(dateExpiry: string | null | undefined, onDate: string): boolean {
  return dateExpiry !== null && dateExpiry !== undefined && dateExpiry < onDate;
}

export type ExpiryStatus = 'expired' | 'nearExpiry' | 'ok' | 'noExpiry';

/** Expired, expiring within `windowDays` of `today` (flagged on /inventory), fine, or not tracked. */
export function expiryStatus(dateExpiry: string | null | undefined, today: string, windowDays: number = defaultNearExpiryDays): ExpiryStatus {
  if (dateExpiry === null || dateExpiry === undefined) return 'noExpiry';
  if (isExpired(dateExpiry, today)) return 'expired';
  return dateExpiry <= addDays(today, windowDays) ? 'nearExpiry' : 'ok';
}

export function isNearExpiry(dateExpiry: string | null | undefined, today: string, windowDays: number = defaultNearExpiryDays): boolean {
  return expiryStatus(dateExpiry, today, windowDays) === 'nearExpiry';
}

export interface FefoLot {
  lotNumber: string;
  dateExpiry: string | null;
  quantity: number;
  /** Breaks the last tie, so the order is total. */
  id?: number;
  /** Issue 31: a lot held (quarantined, recalled, destroyed) is never drawn; absent means released. */
  lotStatus?: string;
}

/**
 * First expiry, first out: the lots to draw from, soonest expiry first (lots without an
 * expiry last), then by lot number. Expired, held and empty lots are never offered.
 */
export function fefoOrder<Lot extends FefoLot>(lots: readonly Lot[], today: string): Lot[] {
  return lots
    .filter((lot) => lot.quantity > 0 && !isExpired(lot.dateExpiry, today) && (lot.lotStatus ?? 'released') === 'released')
    .sort((a, b) => {
      if (a.dateExpiry !== b.dateExpiry) {
        if (a.dateExpiry === null) return 1;
        if (b.dateExpiry === null) return -1;
        return a.dateExpiry < b.dateExpiry ? -1 : 1;
      }
      if (a.lotNumber !== b.lotNumber) return a.lotNumber < b.lotNumber ? -1 : 1;
      return (a.id ?? 0) - (b.id ?? 0);
    });
}

/** Takes `quantity` from the lots in FEFO order: what to draw from each, and what could not be found. */
export function fefoAllocate<Lot extends FefoLot>(lots: readonly Lot[], quantity: number, today: string): { draws: { lot: Lot; quantity: number }[]; short: number } {
  const draws: { lot: Lot; quantity: number }[] = [];
  let left = quantity;
  for (const lot of fefoOrder(lots, today)) {
    if (left <= 0) break;
    const take = Math.min(lot.quantity, left);
    draws.push({ lot, quantity: take });
    left -= take;
  }
  return { draws, short: left };
}
