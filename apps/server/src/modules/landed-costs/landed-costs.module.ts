import { landedCostsArea } from '@erp/domain';
import * as landedCostTables from '../../db/schema/landed-costs.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { importChargePaymentTarget } from './import-charge-target.ts';
import { importShipmentPreview } from './import-shipment-preview.ts';
import { importShipmentBinding } from './import-shipments.binding.ts';
import { keepShippedReceipts } from './receipts-in-shipments.ts';

/** Issue 33, section 3: import shipments and their landed costs; vendors' charges are bills payments allocate to; a shipped receipt's cancel refused. */
export const landedCostsModule: ServerArea = {
  name: 'landed-costs',
  declaration: landedCostsArea,
  tables: landedCostTables,
  documents: [importShipmentBinding],
  answerFields: { 'import-shipments': importShipmentPreview },
  beforeCancel: { 'goods-receipts': keepShippedReceipts },
  paymentTargets: { importShipmentCharges: importChargePaymentTarget },
  openApiTags: [{ name: 'Landed costs', description: 'Import shipments: duties, freight, insurance, clearing and LC charges spread over the lots they brought in' }],
};
