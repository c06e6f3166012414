import { addressOf } from '../../components/document/document-address.ts';
import { lazyPart, lazyScreen } from '../../lib/areas/screen-map.ts';
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
  settings: lazyPart(() => import('./sales-tax-settings.tsx'), 'SalesTaxSettings'),
  // The ledgers stamp `invoice`; aging names its rows `invoices`.
  documentLinks: { invoice: invoiceAddress, invoices: invoiceAddress, 'sales-return': addressOf('/sales-returns') },
  creates: {
    invoices: { label: 'New invoice', route: '/invoices', href: invoiceAddress.href('new') },
    quotations: { label: 'New quotation', route: '/quotations', href: addressOf('/quotations').href('new') },
    'sales-returns': { label: 'New sales return', route: '/sales-returns', href: addressOf('/sales-returns').href('new') },
  },
  statusColours: { sent: 'blue', accepted: 'green', rejected: 'red' },
  // The month's sales tax return (issue 29, section 8) is an accountant's statement: a tab of /accounting.
  screenTabs: { '/accounting': [{ key: 'sales-tax-return', label: 'Sales tax return', ...lazyPart(() => import('./tax-return/sales-tax-return-tab.tsx'), 'SalesTaxReturnTab') }] },
  tabs: {
    'sales-tax-return': {
      label: 'Accounting: Sales tax return',
      route: '/accounting',
      href: '/accounting?tab=sales-tax-return',
      words: ['Annexure-C', 'FBR', 'sales tax', 'STR', 'monthly return'],
    },
  },
});
