import type { FastifyInstance } from 'fastify';
import { registerDocument } from '../../lib/document/register-document.ts';
import { registerImportKind } from '../../lib/import/register-import.ts';
import type { ServerModule } from '../module.ts';
import { goodsReceiptBinding } from './goods-receipts.binding.ts';
import { registerPurchaseOrderPdfRoute } from './purchase-order-pdf.routes.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';
import { registerPurchaseOrderRoutes } from './purchase-orders.routes.ts';
import { vendorsImport } from './vendors.import.ts';
import { registerVendorRoutes } from './vendors.routes.ts';

/** Issue 7: vendors, purchase orders and their goods receipts (/vendors, /purchase-orders). */
export const purchasingModule: ServerModule = {
  name: 'purchasing',
  register(app: FastifyInstance) {
    registerVendorRoutes(app);
    registerImportKind(app, vendorsImport);
    registerPurchaseOrderRoutes(app);
    registerDocument(app, purchaseOrderBinding);
    registerPurchaseOrderPdfRoute(app);
    registerDocument(app, goodsReceiptBinding);
  },
};
