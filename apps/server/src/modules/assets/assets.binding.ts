import { type AssetDetail, assetDocument } from '@erp/domain';
import { assets } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { assetHandlers, type AssetInput } from './assets.handlers.ts';
import { assetQueries } from './assets.queries.ts';

/** Fixed assets on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const assetBinding: DocumentBinding<AssetInput, AssetDetail, StateOf<typeof assetDocument>, ActionOf<typeof assetDocument>> = {
  definition: assetDocument,
  table: assets,
  searchTitle: 'assetName',
  columns: { id: assets.id, number: assets.documentNumber, date: assets.documentDate, status: assets.status },
  workflowColumns: ['reversal_id', 'accumulated_depreciation', 'depreciated_through', 'disposal_kind', 'disposal_date', 'disposal_proceeds', 'disposal_account_id', 'disposal_gain', 'custodian_employee_id', 'custodian_user_id'],
  queries: assetQueries,
  handlers: assetHandlers,
};
