import { addressOf } from '../../components/document/document-address.ts';
import { lazyPart, lazyScreen } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

export const moneyArea = defineArea({
  name: 'money',
  screens: {
    '/receipts': lazyScreen(() => import('./receipts-screen.tsx'), 'ReceiptsScreen'),
    '/payments': lazyScreen(() => import('./payments-screen.tsx'), 'PaymentsScreen'),
    '/cheques': lazyScreen(() => import('./cheques-screen.tsx'), 'ChequesScreen'),
  },
  documentLinks: { receipts: addressOf('/receipts'), payments: addressOf('/payments'), cheques: addressOf('/cheques') },
  creates: {
    receipts: { label: 'New receipt', route: '/receipts', href: addressOf('/receipts').href('new') },
    payments: { label: 'New payment', route: '/payments', href: addressOf('/payments').href('new') },
  },
  statusColours: { inHand: 'gold', deposited: 'blue', issued: 'blue', cleared: 'green', bounced: 'red' },
  // The certificates customers owe for tax withheld on receipts (issue 29, section 6): a tab of /accounting.
  screenTabs: {
    '/accounting': [{ key: 'withholding-certificates', label: 'Withholding certificates', ...lazyPart(() => import('./withholding/withholding-certificates-tab.tsx'), 'WithholdingCertificatesTab') }],
  },
  tabs: {
    'withholding-certificates': {
      label: 'Accounting: Withholding certificates',
      route: '/accounting',
      href: '/accounting?tab=withholding-certificates',
      words: ['tax withheld', 'withholding', 'certificate', 'WHT'],
    },
  },
});
