import type { ScreenMap } from '../../app/screen-map.ts';
import { lazyScreen } from '../../app/screen-map.ts';

export const moneyScreens = {
  '/receipts': lazyScreen(() => import('./receipts-screen.tsx'), 'ReceiptsScreen'),
  '/payments': lazyScreen(() => import('./payments-screen.tsx'), 'PaymentsScreen'),
  '/cheques': lazyScreen(() => import('./cheques-screen.tsx'), 'ChequesScreen'),
  '/employees': lazyScreen(() => import('./employees-screen.tsx'), 'EmployeesScreen'),
} satisfies ScreenMap;
