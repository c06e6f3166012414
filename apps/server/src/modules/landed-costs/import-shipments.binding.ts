import { importShipmentDocument, type ImportShipmentInput } from '@erp/domain';
import { importShipmentCharges, importShipments } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { importShipmentHandlers } from './import-shipments.handlers.ts';
import { type ImportShipmentDetail, importShipmentQueries } from './import-shipments.queries.ts';

/** Import shipments on the document machinery: the declaration (domain), the tables, its queries and handlers. */
export const importShipmentBinding: DocumentBinding<ImportShipmentInput, ImportShipmentDetail, StateOf<typeof importShipmentDocument>, ActionOf<typeof importShipmentDocument>> = {
  definition: importShipmentDocument,
  // Found by search: the Import shipments tab of /accounting, the shipment open.
  searchRoute: (id) => `/accounting?tab=import-shipments&open=${id}`,
  table: importShipments,
  columns: { id: importShipments.id, number: importShipments.documentNumber, date: importShipments.documentDate, status: importShipments.status },
  lineTable: { table: importShipmentCharges, parent: importShipmentCharges.importShipmentId },
  // Written by the post after the draft.
  workflowColumns: ['to_inventory', 'to_cost_of_sales', 'move_mark'],
  queries: importShipmentQueries,
  handlers: importShipmentHandlers,
  searchTitle: 'reference',
};
