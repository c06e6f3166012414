import { type SQL, sql } from 'drizzle-orm';
import { intArray, jsonValue, queryRows, type Tx } from '../db/client.ts';

/**
 * The joint-venture stamp of a posting's lines (issue 21, section 3), read in the posting's own
 * context read: ONE call of `joint_ventures_in_scope` (0028) per posting, whatever its number of
 * lines, answering the venture of each item line (null: none). The order: what the document or
 * line sets wins (the caller keeps it), then the rental agreement's venture, then the scope
 * rules; the answer is never revised (a correction is an adjustment journal).
 */
export interface VentureScopeKey {
  date: string;
  customerId: number | null;
  regionId: number | null;
  itemIds: readonly (number | null)[];
  rentalAgreementId?: number | null;
}

/** The expression to put in a context read (`reads: { ventures: ventureStampRead(...) }`): fixed text, prepared once. */
export function ventureStampRead(key: VentureScopeKey): SQL {
  return sql`to_json(joint_ventures_in_scope(${key.date}::date, ${key.customerId}::int, ${key.regionId}::int, ${intArray(key.itemIds)}, ${key.rentalAgreementId ?? null}::int))`;
}

/** The read's answer: one venture id or null per item line (an empty list of items: one for the document). */
export function venturesOf(read: unknown, count: number): (number | null)[] {
  const ids = jsonValue<(number | null)[] | null>(read) ?? [];
  return Array.from({ length: Math.max(count, 1) }, (_, index) => (ids[index] === null || ids[index] === undefined ? null : Number(ids[index])));
}

/** Amounts grouped by venture, in first-seen order: one ledger line per venture (null first when present), so an invoice out of every scope keeps its lines as before. */
export function groupByVenture<T>(items: readonly T[], ventureOf: (item: T, index: number) => number | null): { jointVentureId: number | null; items: T[] }[] {
  const groups = new Map<number | null, T[]>();
  items.forEach((item, index) => {
    const id = ventureOf(item, index);
    groups.set(id, [...(groups.get(id) ?? []), item]);
  });
  return [...groups.entries()].map(([jointVentureId, grouped]) => ({ jointVentureId, items: grouped }));
}

/**
 * Lines naming a rental agreement but no venture take the agreement's (its own, else the scope
 * rules on its customer and region): one read for the posting, none when no line needs it.
 */
export async function withAgreementVentures<Line extends { jointVentureId?: number | null; rentalAgreementId?: number | null }>(tx: Tx, date: string, lines: readonly Line[]): Promise<Line[]> {
  const open = lines.filter((l) => (l.jointVentureId ?? null) === null && (l.rentalAgreementId ?? null) !== null);
  if (open.length === 0) return [...lines];
  const agreements = [...new Set(open.map((l) => l.rentalAgreementId!))];
  const [row] = await queryRows<{ ventures: unknown }>(tx, sql`SELECT to_json(rental_agreement_ventures(${date}::date, ${intArray(agreements)})) AS ventures`);
  const ventures = venturesOf(row!.ventures, agreements.length);
  const ventureOf = new Map(agreements.map((id, index) => [id, ventures[index] ?? null]));
  return lines.map((l) => ((l.jointVentureId ?? null) === null && l.rentalAgreementId ? { ...l, jointVentureId: ventureOf.get(l.rentalAgreementId) ?? null } : l));
}
