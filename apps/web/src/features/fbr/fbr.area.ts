import { lazyDocumentPart, lazyPart, lazyRowAction } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/** Issue 30: FBR digital invoicing; its submissions are a tab of /invoices, its connection (the admin's) a tab of /settings. */
export const fbrArea = defineArea({
  name: 'fbr',
  screens: {},
  screenTabs: {
    '/invoices': [{ key: 'fbr', label: 'FBR', ...lazyPart(() => import('./fbr-submissions-tab.tsx'), 'FbrSubmissionsTab') }],
    '/settings': [{ key: 'fbr', label: 'FBR', ...lazyPart(() => import('./fbr-settings-tab.tsx'), 'FbrSettingsTab') }],
  },
  // Invoices and returns show FBR's number and QR code, or that FBR has not numbered them yet.
  documentParts: {
    invoices: [lazyDocumentPart(() => import('./fbr-document-state.tsx'), 'FbrDocumentState')],
    'sales-returns': [lazyDocumentPart(() => import('./fbr-document-state.tsx'), 'FbrDocumentState')],
  },
  // A customer's row asks FBR whether the customer is registered.
  rowActions: { customers: [lazyRowAction(() => import('./fbr-registration-action.tsx'), 'FbrRegistrationAction')] },
  tabs: {
    'fbr-submissions': { label: 'Invoices: FBR', route: '/invoices', href: '/invoices?tab=fbr', words: ['FBR', 'digital invoicing', 'IRIS', 'PRAL'] },
    'fbr-settings': { label: 'Settings: FBR', route: '/settings', href: '/settings?tab=fbr', words: ['FBR', 'digital invoicing', 'token', 'sandbox', 'scenarios', 'PRAL'] },
  },
});
