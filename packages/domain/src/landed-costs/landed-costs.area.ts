import { defineArea } from '../area/define-area.ts';
import { importShipmentDocument } from './import-shipment.document.ts';

export * from './import-shipment.document.ts';
export * from './landed-cost-split.ts';

/**
 * Issue 33, section 3: import shipments and their landed costs, on /accounting (tab "Import
 * shipments"). Import sales tax is input tax (`salesTaxInput`); the income tax collected at import
 * is an advance (`advanceIncomeTax`, the sales area's).
 */
export const landedCostsArea = defineArea({
  name: 'landed-costs',
  documents: [importShipmentDocument],
  postingAccounts: [
    {
      key: 'salesTaxInput',
      label: 'Sales tax input',
      account: { accountCode: '1155', accountName: 'Sales tax input', head: 'Assets', subHead: 'Receivables', kind: 'other' },
    },
  ],
});
export * from './wire.ts';
