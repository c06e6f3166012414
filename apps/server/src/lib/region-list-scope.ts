import { permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '../db/client.ts';
import type { Actor } from './actor.ts';

/**
 * The row scope of a record that names a list of regions, empty meaning every region (a
 * Generate Order run's pooled regions, a joint venture's scope): a user kept to regions sees it
 * only when it names regions and all of them are theirs, since its figures are those regions'
 * together. `regionIds` is the integer[] column as the outer query names it (table-qualified:
 * the command palette puts the scope in a query of its own). Undefined: every region.
 */
export function regionListScope(actor: Pick<Actor, 'permissions'>, regionIds: SQL): SQL | undefined {
  return permittedListScope(actor, 'regions', regionIds);
}

/** The same rule for a list of any permission area's ids (a Generate Order run's categories). */
export function permittedListScope(actor: Pick<Actor, 'permissions'>, area: string, ids: SQL): SQL | undefined {
  const mine = permittedIds(actor.permissions, area);
  if (!mine) return undefined;
  return sql`(cardinality(${ids}) > 0 AND ${ids} <@ ${intArray(mine)})`;
}

/**
 * The regions a record of a user kept to regions names: those given, or theirs when none are
 * given; `undefined` when one given is not theirs (the caller refuses it, 400). A user of every
 * region keeps what they gave (empty: every region).
 */
export function ownRegionList(actor: Pick<Actor, 'permissions'>, given: readonly number[] | undefined): number[] | undefined {
  return ownPermittedList(actor, 'regions', given);
}

/** The same rule for a list of any permission area's ids (a Generate Order run's categories). */
export function ownPermittedList(actor: Pick<Actor, 'permissions'>, area: string, given: readonly number[] | undefined): number[] | undefined {
  const mine = permittedIds(actor.permissions, area);
  const ids = [...new Set(given ?? [])];
  if (!mine) return ids;
  if (ids.length === 0) return [...mine];
  return ids.every((id) => mine.includes(id)) ? ids : undefined;
}
