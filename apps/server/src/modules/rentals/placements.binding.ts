import { type PlacementInput, placementDocument, type RentalReturnInput, rentalReturnDocument } from '@erp/domain';
import { placements, rentalReturns } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { placementHandlers } from './placements.handlers.ts';
import { type PlacementDetail, placementQueries, type RentalReturnDetail, rentalReturnQueries } from './placements.queries.ts';
import { rentalReturnHandlers } from './rental-returns.handlers.ts';

/** Placements and returns on the document machinery (issue 21, section 1). */
export const placementBinding: DocumentBinding<PlacementInput, PlacementDetail, StateOf<typeof placementDocument>, ActionOf<typeof placementDocument>> = {
  definition: placementDocument,
  table: placements,
  columns: { id: placements.id, number: placements.documentNumber, date: placements.documentDate, status: placements.status },
  workflowColumns: ['reversal_id', 'site_inventory_id', 'unit_cost', 'asset_id', 'ended_on', 'relocated_from_id'],
  queries: placementQueries,
  handlers: placementHandlers,
};

export const rentalReturnBinding: DocumentBinding<RentalReturnInput, RentalReturnDetail, StateOf<typeof rentalReturnDocument>, ActionOf<typeof rentalReturnDocument>> = {
  definition: rentalReturnDocument,
  table: rentalReturns,
  columns: { id: rentalReturns.id, number: rentalReturns.documentNumber, date: rentalReturns.documentDate, status: rentalReturns.status },
  workflowColumns: ['reversal_id', 'placement_id', 'cost', 'accumulated_depreciation', 'book_value'],
  queries: rentalReturnQueries,
  handlers: rentalReturnHandlers,
};
