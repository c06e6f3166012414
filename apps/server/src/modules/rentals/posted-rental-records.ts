import { type DocumentDefinition, permittedIds } from '@erp/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { intList } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries, DocumentRow, DraftWriter } from '../../lib/document/document-binding.ts';

/** What a record under an agreement shares (consignments, service visits): its row scope is its agreement's region. */
export const agreementRegionScope = (agreementId: AnyPgColumn) => (actor: Actor): SQL | undefined => {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`(SELECT a.region_id FROM rental_agreements a WHERE a.id = ${agreementId}) IN (${intList(regions)})` : undefined;
};

/** The agreement's number beside each row of the list, as the records answered when they were resources. */
export const agreementNumberOf = (agreementId: AnyPgColumn): SQL<string> => sql<string>`(SELECT a.document_number FROM rental_agreements a WHERE a.id = ${agreementId})`;

/**
 * Writes a record whose lines are a JSON column of its own row (what was asked; what moved is its
 * stock moves), with `derived` header values, and answers the lines as sent under `key`.
 */
export async function insertWithJsonLines<Detail extends DocumentRow>(drafts: DraftWriter, input: { notes?: string }, key: string, lines: readonly object[], derived: Record<string, unknown>): Promise<Detail> {
  const values = { header: { ...derived, [key]: JSON.stringify(lines), notes: input.notes ?? '' } };
  const written = await drafts.insert(input, values);
  return { ...drafts.answer<Detail>(written, input, values), [key]: lines };
}

/** The list's search and filters of a record under an agreement: its notes, its agreement (and its region's scope), its kind (an enum field). */
export function agreementRecordQueries(
  definition: DocumentDefinition,
  table: { rentalAgreementId: AnyPgColumn; notes: AnyPgColumn },
  kind: { field: string; column: AnyPgColumn },
): Pick<DocumentQueries<DocumentRow>, 'searchColumns' | 'rowScope' | 'listFilters' | 'queryFilters'> {
  const kinds = definition.fields.find((field) => field.name === kind.field)!.enumValues!.map((value) => value.value) as [string, ...string[]];
  return {
    searchColumns: [table.notes],
    rowScope: agreementRegionScope(table.rentalAgreementId),
    listFilters: { rentalAgreementId: (id) => eq(table.rentalAgreementId, id) },
    queryFilters: { [kind.field]: { schema: z.enum(kinds, { error: `${kind.field} is not a valid filter value` }), condition: (value: string) => eq(kind.column, value) } },
  };
}
