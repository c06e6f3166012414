import { type DepreciationRunDetail, depreciationRunDocument } from '@erp/domain';
import { depreciationRuns } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { depreciationRunHandlers, type DepreciationRunInput } from './depreciation-runs.handlers.ts';
import { depreciationRunQueries } from './depreciation-runs.queries.ts';

/** Depreciation runs on the document machinery; the work itself is a job (depreciation-job.ts). */
export const depreciationRunBinding: DocumentBinding<DepreciationRunInput, DepreciationRunDetail, StateOf<typeof depreciationRunDocument>, ActionOf<typeof depreciationRunDocument>> = {
  definition: depreciationRunDocument,
  table: depreciationRuns,
  // Runs are listed on the assets screen; none has an address of its own.
  searchRoute: () => '/assets',
  columns: { id: depreciationRuns.id, number: depreciationRuns.documentNumber, date: depreciationRuns.documentDate, status: depreciationRuns.status },
  workflowColumns: ['posted_at', 'posted_by', 'reversal_id', 'total_assets', 'processed_assets', 'total_amount', 'error', 'document_number'],
  queries: depreciationRunQueries,
  handlers: depreciationRunHandlers,
};
