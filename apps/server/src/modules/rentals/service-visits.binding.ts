import { serviceVisitDocument } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { serviceVisits } from '../../db/schema/index.ts';
import { reversePostedRecord } from '../../ledger/reverse-posted-record.ts';
import { neverUpdated } from '../../lib/document/document-service.ts';
import type { ActionOf, DocumentBinding, DocumentRow, StateOf } from '../../lib/document/document-binding.ts';
import { agreementNumberOf, agreementRecordQueries, insertWithJsonLines } from './posted-rental-records.ts';
import { assertVisitCancellable, postServiceVisit, type ServiceVisitInput, type VisitAgreement, visitAgreement } from './service-visits.service.ts';

type ServiceVisit = DocumentRow & ServiceVisitInput & Required<Pick<ServiceVisitInput, 'parts'>> & { partsCost: string; documentNumber: string | null };

/**
 * Service visits (issue 21), posted records of the document machinery (issue 28, section 2): the
 * create checks the agreement and the days down and writes the row, the post draws the parts
 * (service-visits.service.ts), the cancel mirrors them. A cancelled visit's days down no longer
 * waive anything (rental-periods.service.ts reads posted visits only).
 */
export const serviceVisitBinding: DocumentBinding<ServiceVisitInput, ServiceVisit, StateOf<typeof serviceVisitDocument>, ActionOf<typeof serviceVisitDocument>> = {
  definition: serviceVisitDocument,
  table: serviceVisits,
  columns: { id: serviceVisits.id, number: serviceVisits.documentNumber, date: serviceVisits.visitDate, status: serviceVisits.status },
  queries: {
    rowSelection: {
      id: serviceVisits.id,
      rentalAgreementId: serviceVisits.rentalAgreementId,
      visitDate: serviceVisits.visitDate,
      visitKind: serviceVisits.visitKind,
      downFrom: serviceVisits.downFrom,
      downTo: serviceVisits.downTo,
      parts: serviceVisits.parts,
      partsCost: serviceVisits.partsCost,
      documentNumber: serviceVisits.documentNumber,
      notes: serviceVisits.notes,
      status: serviceVisits.status,
      createdBy: serviceVisits.createdBy,
      createdAt: serviceVisits.createdAt,
      updatedAt: serviceVisits.updatedAt,
      agreementNumber: agreementNumberOf(serviceVisits.rentalAgreementId),
    },
    linesSelection: sql`service_visits.parts`,
    sortColumns: { visitDate: serviceVisits.visitDate, createdAt: serviceVisits.createdAt },
    ...agreementRecordQueries(serviceVisitDocument, serviceVisits, { field: 'visitKind', column: serviceVisits.visitKind }),
    // The parts are the row's own column; the machinery's `lines` key would repeat them.
    shape: ({ lines: _lines, ...row }) => row as ServiceVisit,
  },
  handlers: {
    async create(tx, actor, input, drafts) {
      const agreement = await visitAgreement(tx, actor, input);
      const derived = { partsCost: '0', downFrom: input.downFrom ?? null, downTo: input.downTo ?? null };
      return { document: await insertWithJsonLines<ServiceVisit>(drafts, input, 'parts', input.parts ?? [], derived), context: agreement };
    },
    update: neverUpdated,
    transitions: {
      post: (tx, actor, visit, step) => postServiceVisit(tx, actor, visit, step.context as VisitAgreement, step),
      async cancel(tx, actor, visit, step) {
        await assertVisitCancellable(tx, visit);
        return reversePostedRecord(tx, actor, visit, step);
      },
    },
  },
};
