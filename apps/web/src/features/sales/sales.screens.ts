import type { ScreenMap } from '../../app/screen-map.ts';
import { lazyScreen } from '../../app/screen-map.ts';

export const salesScreens = {
  '/customers': lazyScreen(() => import('./customers-screen.tsx'), 'CustomersScreen'),
  '/quotations': lazyScreen(() => import('./quotations-screen.tsx'), 'QuotationsScreen'),
  '/invoices': lazyScreen(() => import('./invoices-screen.tsx'), 'InvoicesScreen'),
  '/invoice/:id': lazyScreen(() => import('./invoice-page.tsx'), 'InvoicePage'),
  '/sales/reports': lazyScreen(() => import('./sales-report-screen.tsx'), 'SalesReportScreen'),
  '/items/sales': lazyScreen(() => import('./item-sales-screen.tsx'), 'ItemSalesScreen'),
  '/sales-returns': lazyScreen(() => import('./sales-returns-screen.tsx'), 'SalesReturnsScreen'),
} satisfies ScreenMap;
