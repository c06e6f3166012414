import { permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intArray, intList, jsonValue, queryRows, type Tx } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { regionListScope } from '../lib/region-list-scope.ts';

/**
 * The stamps of a posting's lines (issue 21, section 3): the rental agreement and the joint
 * venture. The order, the same for every posting: what the document or line sets wins (the
 * caller keeps it), then the rental agreement (a sale's: the customer's agreement in use the
 * line's item counts towards, `sale_stamps` 0031) and its own venture, then the scope rules
 * (`joint_ventures_in_scope` 0028, agreement included). A sale reads them in its own context
 * read (one call per posting, whatever its number of lines); never revised (a correction is an
 * adjustment journal).
 */
export interface VentureScopeKey {
  date: string;
  customerId: number | null;
  regionId: number | null;
  itemIds: readonly (number | null)[];
  rentalAgreementId?: number | null;
}

/** The read's answer: one venture id or null per item line (an empty list of items: one for the document). */
export function venturesOf(read: unknown, count: number): (number | null)[] {
  const ids = jsonValue<(number | null)[] | null>(read) ?? [];
  return Array.from({ length: Math.max(count, 1) }, (_, index) => (ids[index] === null || ids[index] === undefined ? null : Number(ids[index])));
}

/** What a sale's line is stamped with (issue 21, section 3): the rental agreement it counts towards, then the venture. */
export interface SaleStamp {
  rentalAgreementId: number | null;
  jointVentureId: number | null;
}

/**
 * The expression to put in a sale's context read (`reads: { stamps: saleStampRead(...) }`): one
 * call of `sale_stamps` (0031) per posting, in the same round trip as the rest of its read.
 */
export function saleStampRead(key: VentureScopeKey): SQL {
  return sql`to_json(sale_stamps(${key.date}::date, ${key.customerId}::int, ${key.regionId}::int, ${intArray(key.itemIds)}))`;
}

/** The read's answer: each item line's agreement and venture (null: none). */
export function saleStampsOf(read: unknown, count: number): SaleStamp[] {
  const n = Math.max(count, 1);
  // The agreements, then the ventures: 2n ids read as venturesOf reads n.
  const ids = venturesOf(read, 2 * n);
  return Array.from({ length: n }, (_, index) => ({ rentalAgreementId: ids[index]!, jointVentureId: ids[n + index]! }));
}

/** Amounts grouped by stamp, in first-seen order: one ledger line per agreement and venture, so a sale outside every agreement and scope keeps its lines as before. */
export function groupByStamp<T>(items: readonly T[], stampOf: (item: T, index: number) => SaleStamp | undefined): Array<{ stamp: SaleStamp; items: T[] }> {
  const groups = new Map<string, { stamp: SaleStamp; items: T[] }>();
  items.forEach((item, index) => {
    const { rentalAgreementId, jointVentureId } = stampOf(item, index) ?? { rentalAgreementId: null, jointVentureId: null };
    const key = `${rentalAgreementId}:${jointVentureId}`;
    if (!groups.has(key)) groups.set(key, { stamp: { rentalAgreementId, jointVentureId }, items: [] });
    groups.get(key)!.items.push(item);
  });
  return [...groups.values()];
}

/**
 * The venture of each rental agreement given on `date` (aligned), as every posting stamps it
 * (0028 `rental_agreement_ventures`): the agreement's own, else the scope rules on its customer
 * and region, agreement included. One read for them all.
 */
export async function agreementVentures(tx: Tx, date: string, agreementIds: readonly number[]): Promise<(number | null)[]> {
  if (agreementIds.length === 0) return [];
  const [row] = await queryRows<{ ventures: unknown }>(tx, sql`SELECT to_json(rental_agreement_ventures(${date}::date, ${intArray(agreementIds)})) AS ventures`);
  return venturesOf(row!.ventures, agreementIds.length);
}

/**
 * The stamp of a rental agreement's own postings (placement, return, relocation, service visit,
 * deposit, rental invoices): its region, customer, itself and its venture by the one rule above.
 */
export async function agreementStamp(tx: Tx, date: string, agreement: { id: number; regionId: number; customerId: number }) {
  const [jointVentureId] = await agreementVentures(tx, date, [agreement.id]);
  return agreementStampWith(agreement, jointVentureId);
}

/** The stamp of an agreement's postings, its venture already read (agreementVentures). */
export function agreementStampWith(agreement: { id: number; regionId: number; customerId: number }, jointVentureId: number | null | undefined) {
  return { regionId: agreement.regionId, partyType: 'customer' as const, partyId: agreement.customerId, rentalAgreementId: agreement.id, jointVentureId: jointVentureId ?? null };
}

/** Lines naming a rental agreement but no venture take the agreement's: one read for the posting, none when no line needs it. */
export async function withAgreementVentures<Line extends { jointVentureId?: number | null; rentalAgreementId?: number | null }>(tx: Tx, date: string, lines: readonly Line[]): Promise<Line[]> {
  const open = lines.filter((l) => (l.jointVentureId ?? null) === null && (l.rentalAgreementId ?? null) !== null);
  if (open.length === 0) return [...lines];
  const agreements = [...new Set(open.map((l) => l.rentalAgreementId!))];
  const ventures = await agreementVentures(tx, date, agreements);
  const ventureOf = new Map(agreements.map((id, index) => [id, ventures[index] ?? null]));
  return lines.map((l) => ((l.jointVentureId ?? null) === null && l.rentalAgreementId ? { ...l, jointVentureId: ventureOf.get(l.rentalAgreementId) ?? null } : l));
}

/**
 * The row scopes of what a ledger row may be stamped with: a venture is seen by a user of one of
 * its regions, an agreement by a user of its region (undefined: every one). The ventures' and the
 * rentals' own lists use them, and so does any posting that takes a stamp from its user (a
 * journal's line), so a user kept to regions never puts amounts in another region's statement.
 */
export const ventureScope = (actor: Pick<Actor, 'permissions'>): SQL | undefined => regionListScope(actor, sql.raw('joint_ventures.region_ids'));

export function agreementScope(actor: Pick<Actor, 'permissions'>): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`rental_agreements.region_id IN (${intList(regions)})` : undefined;
}
