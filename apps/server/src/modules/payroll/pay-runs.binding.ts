import { type PayRunDetail, payRunDocument } from '@erp/domain';
import { payRuns } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { assertPayRunWritable, payRunHandlers, type PayRunInput } from './pay-runs.handlers.ts';
import { payRunQueries } from './pay-runs.queries.ts';

/** Pay runs on the document machinery; their slips are computed by a job (pay-run-job.ts). */
export const payRunBinding: DocumentBinding<PayRunInput, PayRunDetail, StateOf<typeof payRunDocument>, ActionOf<typeof payRunDocument>> = {
  definition: payRunDocument,
  table: payRuns,
  columns: { id: payRuns.id, number: payRuns.documentNumber, date: payRuns.documentDate, status: payRuns.status },
  workflowColumns: ['document_number', 'generating', 'total_employees', 'processed_employees', 'error'],
  queries: payRunQueries,
  handlers: payRunHandlers,
  assertMayWrite: assertPayRunWritable,
};
