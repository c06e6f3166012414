import type { FastifyInstance } from 'fastify';
import { registerDocument } from '../../lib/document/register-document.ts';
import type { ServerModule } from '../module.ts';
import { registerCustomerRoutes } from './customers.routes.ts';
import { invoiceBinding } from './invoices.binding.ts';
import { registerInvoicePdfRoute } from './invoice-pdf.routes.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';
import { registerSalesReportRoutes } from './sales-reports.routes.ts';
import { quotationBinding } from './quotations.binding.ts';
import { registerQuotationRoutes } from './quotations.routes.ts';
import { registerSalesSettingsRoute } from './sales-settings.routes.ts';
import { salesReturnBinding } from './sales-returns.binding.ts';
import { registerSalesReturnPdfRoute } from './sales-return-pdf.routes.ts';

/** Issue 8: customers, quotations, invoices, sales returns and the sales reports. */
export const salesModule: ServerModule = {
  name: 'sales',
  register(app: FastifyInstance) {
    registerCustomerRoutes(app);
    registerInvoiceRoutes(app);
    registerDocument(app, invoiceBinding);
    registerInvoicePdfRoute(app);
    registerSalesReportRoutes(app);
    registerDocument(app, quotationBinding);
    registerQuotationRoutes(app);
    registerSalesSettingsRoute(app);
    registerDocument(app, salesReturnBinding);
    registerSalesReturnPdfRoute(app);
  },
};
