import { consignments as consignmentsDeclaration, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import { consignments } from '../../db/schema/index.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { createConsignment } from './consignments.service.ts';

const keptAsRecorded = async (): Promise<never> => {
  throw new ConflictError('A consignment is kept as recorded: its lots moved under its number; record another to correct it');
};

/** Consignments of per-test agreements (issue 21, section 2): shipments to the site and usages reported, written by createConsignment. */
export const consignmentBinding: ResourceBinding = {
  declaration: consignmentsDeclaration,
  table: consignments,
  hooks: {
    rowScope: (subject) => {
      const regions = permittedIds(subject.permissions, 'regions');
      return regions ? sql`(SELECT a.region_id FROM rental_agreements a WHERE a.id = consignments.rental_agreement_id) IN (${intList(regions)})` : undefined;
    },
    rowColumns: {
      agreementNumber: sql`(SELECT a.document_number FROM rental_agreements a WHERE a.id = consignments.rental_agreement_id)`,
      // What moved, readable in a list: "Reagent: 12, Buffer: 2".
      summary: sql`(SELECT string_agg(i.item_name || ': ' || (l.value->>'quantity'), ', ' ORDER BY l.ordinality)
                      FROM jsonb_array_elements(consignments.lines) WITH ORDINALITY l JOIN items i ON i.id = (l.value->>'itemId')::int)`,
    },
    create: async (actor, input, ctx) => ctx.db.transaction((tx) => createConsignment(tx, actor, input as never)),
    update: keptAsRecorded,
    remove: keptAsRecorded,
  },
};
