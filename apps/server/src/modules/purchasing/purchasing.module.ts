import { purchasingArea } from '@erp/domain';
import * as purchasingTables from '../../db/schema/purchasing.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { purchasingFigures } from './purchasing-figures.ts';
import { goodsReceiptPaymentTarget } from './goods-receipt-allocations.ts';
import { goodsReceiptBinding } from './goods-receipts.binding.ts';
import { registerPurchaseOrderPdfRoute } from './purchase-order-pdf.routes.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';
import { registerPurchaseOrderRoutes } from './purchase-orders.routes.ts';
import { vendorsImport } from './vendors.import.ts';
import { registerVendorRoutes, vendorBinding } from './vendors.routes.ts';

/** Issue 7: vendors, purchase orders and their goods receipts (/vendors, /purchase-orders). */
export const purchasingModule: ServerArea = {
  name: 'purchasing',
  declaration: purchasingArea,
  tables: purchasingTables,
  resources: [vendorBinding],
  documents: [purchaseOrderBinding, goodsReceiptBinding],
  imports: [vendorsImport],
  figures: purchasingFigures,
  paymentTargets: { goodsReceipts: goodsReceiptPaymentTarget },
  routes(app) {
    registerVendorRoutes();
    registerPurchaseOrderRoutes(app);
    registerPurchaseOrderPdfRoute(app);
  },
};
