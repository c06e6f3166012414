import { salesArea } from '@erp/domain';
import * as salesTables from '../../db/schema/sales.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { salesFigures } from './sales-figures.ts';
import { invoicePaymentTarget } from './invoice-allocations.ts';
import { customerBinding, registerCustomerRoutes } from './customers.routes.ts';
import { registerInvoicePdfRoute } from './invoice-pdf.routes.ts';
import { registerInvoicePickingRoute } from './invoice-picking.routes.ts';
import { invoiceBinding } from './invoices.binding.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';
import { quotationBinding } from './quotations.binding.ts';
import { registerQuotationRoutes } from './quotations.routes.ts';
import { salesReturnBinding } from './sales-returns.binding.ts';
import { registerSalesReportRoutes } from './sales-reports.routes.ts';
import { registerSalesReturnPdfRoute } from './sales-return-pdf.routes.ts';
import { registerSalesReturnScanRoute } from './sales-return-scan.routes.ts';
import { registerSalesSettingsRoute } from './sales-settings.routes.ts';
import { registerLineTaxRoute } from './line-tax.routes.ts';
import { registerSalesTaxReturnRoutes } from './sales-tax-return.routes.ts';

/** Issue 8: customers, quotations, invoices, sales returns and the sales reports. */
export const salesModule: ServerArea = {
  name: 'sales',
  declaration: salesArea,
  tables: salesTables,
  resources: [customerBinding],
  documents: [invoiceBinding, quotationBinding, salesReturnBinding],
  figures: salesFigures,
  paymentTargets: { invoices: invoicePaymentTarget },
  openApiTags: [{ name: 'Sales' }, { name: 'Sales reports' }],
  routes(app) {
    registerCustomerRoutes();
    registerInvoiceRoutes(app);
    registerInvoicePdfRoute(app);
    registerInvoicePickingRoute(app);
    registerSalesReportRoutes(app);
    registerQuotationRoutes(app);
    registerSalesSettingsRoute(app);
    registerLineTaxRoute(app);
    registerSalesTaxReturnRoutes(app);
    registerSalesReturnPdfRoute(app);
    registerSalesReturnScanRoute(app);
  },
};
