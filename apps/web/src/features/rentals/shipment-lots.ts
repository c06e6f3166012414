import { expiryStatus, type GenericOption } from '@erp/domain';
import { formatDate } from '../../lib/dates.ts';

type Lot = GenericOption & { lotNumber?: string; dateExpiry?: string | null };

const nearExpiry = (lot: Lot, today: string, windowDays: number) => expiryStatus(lot.dateExpiry, today, windowDays) === 'nearExpiry';

/**
 * A shipment's lots: those expiring within the near-expiry window last (a site uses reagents
 * over weeks; issue 27), each group in the server's order (soonest expiry first).
 */
export function nearExpiryLast(today: string, windowDays: number) {
  return (a: GenericOption, b: GenericOption) => Number(nearExpiry(a as Lot, today, windowDays)) - Number(nearExpiry(b as Lot, today, windowDays));
}

/** The question asked before shipping a lot near expiry, or undefined for any other lot. */
export function nearExpiryQuestion(lot: GenericOption | undefined, today: string, windowDays: number): string | undefined {
  const chosen = lot as Lot | undefined;
  if (!chosen || !nearExpiry(chosen, today, windowDays)) return undefined;
  return `Lot ${chosen.lotNumber ?? ''} expires on ${formatDate(chosen.dateExpiry)}, within ${windowDays} days. Ship it anyway?`;
}
