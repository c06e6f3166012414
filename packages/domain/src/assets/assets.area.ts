import { defineArea } from '../area/define-area.ts';
import { assetDocument } from './asset.document.ts';
import { depreciationRunDocument } from './depreciation-run.document.ts';

export * from './asset.document.ts';
export * from './depreciation-run.document.ts';
export * from './depreciation.ts';
export * from './asset-details.ts';

/** Issue 9, section 5: fixed assets and depreciation runs. */
export const assetsArea = defineArea({
  name: 'assets',
  // The screens of this area whose pickers read other areas' resources.
  optionRoutes: { regions: ['/assets'], 'asset-categories': ['/assets'], users: ['/assets'], accounts: ['/assets'], employees: ['/assets'] },
  documents: [assetDocument, depreciationRunDocument],
  postingAccounts: [
    {
      key: 'accumulatedDepreciation',
      label: 'Accumulated depreciation',
      account: { accountCode: '1590', accountName: 'Accumulated depreciation', head: 'Assets', subHead: 'Fixed assets', kind: 'other' },
    },
    {
      key: 'assetDisposal',
      label: 'Gain or loss on disposal of assets',
      account: { accountCode: '4900', accountName: 'Gain or loss on disposal of assets', head: 'Income', subHead: 'Other income', kind: 'income' },
    },
    { key: 'depreciation', label: 'Depreciation', account: { accountCode: '6000', accountName: 'Depreciation', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' } },
  ],
  chartAccounts: [
    { accountCode: '1500', accountName: 'Furniture & equipment', head: 'Assets', subHead: 'Fixed assets', kind: 'other' },
    { accountCode: '1510', accountName: 'Vehicles', head: 'Assets', subHead: 'Fixed assets', kind: 'other' },
    { accountCode: '1520', accountName: 'Computers', head: 'Assets', subHead: 'Fixed assets', kind: 'other' },
  ],
});
