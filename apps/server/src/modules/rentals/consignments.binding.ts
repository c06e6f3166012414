import { consignmentDocument } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { consignments } from '../../db/schema/index.ts';
import { reversePostedRecord } from '../../ledger/reverse-posted-record.ts';
import { neverUpdated } from '../../lib/document/document-service.ts';
import { carryHolds, movedRows } from '../inventory/inventory.api.ts';
import type { ActionOf, DocumentBinding, DocumentRow, StateOf } from '../../lib/document/document-binding.ts';
import { type ConsignmentInput, consignmentAgreement, postConsignment } from './consignments.service.ts';
import { agreementNumberOf, agreementRecordQueries, insertWithJsonLines } from './posted-rental-records.ts';

type Consignment = DocumentRow & ConsignmentInput & { value: string; documentNumber: string | null; notes: string };

/**
 * Consignments of per-test agreements (issue 21, section 2), posted records of the document
 * machinery (issue 28, section 2): the create checks the agreement and writes the row, the post
 * moves the lots (consignments.service.ts), the cancel mirrors them. The list row keeps the keys
 * it had as a resource (agreement number, what moved) with the status beside them.
 */
export const consignmentBinding: DocumentBinding<ConsignmentInput, Consignment, StateOf<typeof consignmentDocument>, ActionOf<typeof consignmentDocument>> = {
  definition: consignmentDocument,
  table: consignments,
  columns: { id: consignments.id, number: consignments.documentNumber, date: consignments.consignmentDate, status: consignments.status },
  queries: {
    rowSelection: {
      id: consignments.id,
      rentalAgreementId: consignments.rentalAgreementId,
      consignmentKind: consignments.consignmentKind,
      consignmentDate: consignments.consignmentDate,
      lines: consignments.lines,
      value: consignments.value,
      documentNumber: consignments.documentNumber,
      notes: consignments.notes,
      status: consignments.status,
      createdBy: consignments.createdBy,
      createdAt: consignments.createdAt,
      updatedAt: consignments.updatedAt,
      agreementNumber: agreementNumberOf(consignments.rentalAgreementId),
      // What moved, readable in a list: "Reagent: 12, Buffer: 2".
      summary: sql<string>`(SELECT string_agg(i.item_name || ': ' || (l.value->>'quantity'), ', ' ORDER BY l.ordinality)
                      FROM jsonb_array_elements(consignments.lines) WITH ORDINALITY l JOIN items i ON i.id = (l.value->>'itemId')::int)`,
    },
    // The lines are the row's own JSON column: what was asked; the lots drawn are its stock moves.
    linesSelection: sql`consignments.lines`,
    sortColumns: { consignmentDate: consignments.consignmentDate, createdAt: consignments.createdAt },
    ...agreementRecordQueries(consignmentDocument, consignments, { field: 'consignmentKind', column: consignments.consignmentKind }),
  },
  handlers: {
    async create(tx, actor, input, drafts) {
      const agreement = await consignmentAgreement(tx, actor, input);
      return { document: await insertWithJsonLines<Consignment>(drafts, input, 'lines', input.lines, { value: '0' }), context: agreement };
    },
    update: neverUpdated,
    transitions: {
      post: (tx, actor, consignment, step) => postConsignment(tx, actor, consignment, step.context as Awaited<ReturnType<typeof consignmentAgreement>>, step),
      // Units quarantined where the consignment brought them go back quarantined: a cancel is no release.
      cancel: (tx, actor, consignment, step) =>
        reversePostedRecord(tx, actor, consignment, step, {
          afterStock: (moves) =>
            carryHolds(tx, actor, movedRows(moves), {
              reason: `Moved back by the cancel of ${consignment.documentNumber} while quarantined`,
              leftReason: `Its quarantined units were moved back by the cancel of ${consignment.documentNumber}`,
              document: { documentType: step.posting.documentType, documentId: consignment.id, documentNumber: consignment.documentNumber },
            }),
        }),
    },
  },
};
