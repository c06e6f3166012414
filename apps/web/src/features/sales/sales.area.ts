import { addressOf } from '../../components/document/document-address.ts';
import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

const invoiceAddress = addressOf('/invoices');

export const salesArea = defineArea({
  name: 'sales',
  screens: {
    '/customers': lazyScreen(() => import('./customers/customers-screen.tsx'), 'CustomersScreen'),
    '/quotations': lazyScreen(() => import('./quotations/quotations-screen.tsx'), 'QuotationsScreen'),
    '/invoices': lazyScreen(() => import('./invoices/invoices-screen.tsx'), 'InvoicesScreen'),
    '/invoice/:id': lazyScreen(() => import('./invoices/invoice-page.tsx'), 'InvoicePage'),
    '/sales/reports': lazyScreen(() => import('./reports/sales-report-screen.tsx'), 'SalesReportScreen'),
    '/items/sales': lazyScreen(() => import('./reports/item-sales-screen.tsx'), 'ItemSalesScreen'),
    '/sales-returns': lazyScreen(() => import('./sales-returns/sales-returns-screen.tsx'), 'SalesReturnsScreen'),
  },
  titles: { '/invoice/:id': 'Invoice' },
  // The ledgers stamp `invoice`; aging names its rows `invoices`.
  documentLinks: { invoice: invoiceAddress, invoices: invoiceAddress, 'sales-return': addressOf('/sales-returns') },
  statusColours: { sent: 'blue', accepted: 'green', rejected: 'red' },
});
