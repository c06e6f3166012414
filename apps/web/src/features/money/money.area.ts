import { chequeDocument, paymentDocument, receiptDocument } from '@erp/domain';
import { addressOf } from '../../components/document/document-address.ts';
import { lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const moneyArea = defineArea({
  name: 'money',
  screens: {
    '/receipts': lazyScreen(() => import('./receipts-screen.tsx'), 'ReceiptsScreen'),
    '/payments': lazyScreen(() => import('./payments-screen.tsx'), 'PaymentsScreen'),
    '/cheques': lazyScreen(() => import('./cheques-screen.tsx'), 'ChequesScreen'),
  },
  documentLinks: Object.fromEntries([receiptDocument, paymentDocument, chequeDocument].map((document) => [document.name, addressOf(document.route)])),
  statusColours: { inHand: 'gold', deposited: 'blue', issued: 'blue', cleared: 'green', bounced: 'red' },
});
