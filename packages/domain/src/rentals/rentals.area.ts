import { defineArea } from '../area/define-area.ts';
import { placementDocument, rentalReturnDocument } from './placement.document.ts';
import { rentalAgreementDocument, rentalApproveScope } from './rental-agreement.document.ts';
import { consignmentDocument } from './consignments.ts';
import { rentalDepositDocument } from './rental-deposit.document.ts';
import { meterReadings, rentalAssets, serviceVisitDocument } from './rental-resources.ts';

export * from './rental-agreement.document.ts';
export * from './placement.document.ts';
export * from './rental-resources.ts';
export * from './rental-periods.ts';
export * from './consignments.ts';
export * from './rental-deposit.document.ts';
export * from './relocation.ts';
export * from './wire.ts';

/** Issue 21, sections 1 and 2: reagent rentals. */
export const rentalsArea = defineArea({
  name: 'rentals',
  optionRoutes: { customers: ['/reagent-rentals'], regions: ['/reagent-rentals'], items: ['/reagent-rentals'], categories: ['/reagent-rentals'], users: ['/reagent-rentals'], inventory: ['/reagent-rentals'], accounts: ['/reagent-rentals'] },
  resources: [rentalAssets, meterReadings],
  documents: [rentalAgreementDocument, placementDocument, rentalReturnDocument, consignmentDocument, serviceVisitDocument, rentalDepositDocument],
  scopes: [rentalApproveScope],
  postingAccounts: [
    { key: 'placedInstruments', label: 'Placed instruments', account: { accountCode: '1560', accountName: 'Placed instruments', head: 'Assets', subHead: 'Fixed assets', kind: 'other' } },
    { key: 'customerDeposits', label: 'Customer deposits', account: { accountCode: '2310', accountName: 'Customer deposits', head: 'Liabilities', subHead: 'Deposits', kind: 'other' } },
    { key: 'rentalShortfallIncome', label: 'Rental shortfall income', account: { accountCode: '4310', accountName: 'Rental shortfall income', head: 'Income', subHead: 'Rental income', kind: 'income' } },
    { key: 'rentalTestIncome', label: 'Per-test income', account: { accountCode: '4320', accountName: 'Per-test income', head: 'Income', subHead: 'Rental income', kind: 'income' } },
    { key: 'rentalEarlyExitIncome', label: 'Early exit income', account: { accountCode: '4330', accountName: 'Early exit income', head: 'Income', subHead: 'Rental income', kind: 'income' } },
    { key: 'placementDepreciation', label: 'Depreciation of placements', account: { accountCode: '6310', accountName: 'Depreciation of placements', head: 'Expenses', subHead: 'Rental costs', kind: 'expense' } },
    { key: 'placementServiceCost', label: 'Service cost of placements', account: { accountCode: '6320', accountName: 'Service cost of placements', head: 'Expenses', subHead: 'Rental costs', kind: 'expense' } },
  ],
});
