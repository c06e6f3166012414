import { z } from 'zod';
import { monthSchema } from '../dates/months.ts';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema } from '../resource/declaration.ts';

/**
 * Placements (issue 21, section 1): the agreement's unit from the region's warehouse to the
 * customer's site (stock ledger), Dr Placed instruments, Cr Inventory at the lot's cost, and a
 * fixed asset the depreciation runs charge. `PLC-YYYY-NNNNNN`; a unit is placed once (409).
 */
export const placementDocument = defineDocument({
  name: 'placements',
  route: '/reagent-rentals',
  title: 'Placements',
  singular: 'placement',
  numberPrefix: 'PLC',
  dateField: 'placementDate',
  fields: [
    { name: 'rentalAgreementId', label: 'Agreement', kind: 'reference', reference: 'rental-agreements', required: true, filterable: true },
    { name: 'inventoryId', label: 'Unit (serial)', kind: 'reference', reference: 'inventory', required: true },
    { name: 'placementDate', label: 'Placement date', kind: 'date', required: true },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true, list: false },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Placement posted' },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'placements:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Placement cancelled',
      confirm: 'Cancel this placement? The unit comes back to the warehouse and its fixed asset is cancelled.',
    },
  },
});

export const returnConditionsOfRentals = [
  { value: 'ok', label: 'OK' },
  { value: 'refurbish', label: 'Refurbish' },
  { value: 'scrap', label: 'Scrap' },
] as const;
export type RentalReturnCondition = (typeof returnConditionsOfRentals)[number]['value'];

/**
 * Returns of a placed unit (issue 21, section 1): back to the warehouse at book value (Dr
 * Inventory book value, Dr accumulated depreciation, Cr Placed instruments); scrap books the
 * loss. `RRT-YYYY-NNNNNN`. Ends the agreement (a relocation is a placement: `relocateSchema`).
 */
export const rentalReturnDocument = defineDocument({
  name: 'rental-returns',
  route: '/reagent-rentals',
  title: 'Rental Returns',
  singular: 'rental return',
  numberPrefix: 'RRT',
  dateField: 'returnDate',
  fields: [
    { name: 'rentalAgreementId', label: 'Agreement', kind: 'reference', reference: 'rental-agreements', required: true, filterable: true },
    { name: 'returnDate', label: 'Return date', kind: 'date', required: true },
    { name: 'condition', label: 'Condition', kind: 'enum', enumValues: returnConditionsOfRentals, required: true },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true, list: false },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Rental return posted' },
  },
});

export interface PlacementInput {
  rentalAgreementId: number;
  inventoryId: number;
  placementDate: string;
  notes: string;
  /** Set by the relocation action only (not a field of the form): the other agreement's live placement this one ends. */
  relocatedFromId?: number;
}
export interface RentalReturnInput {
  rentalAgreementId: number;
  returnDate: string;
  condition: RentalReturnCondition;
  notes: string;
}

/** A month of the years 1900 to 2999 (a year 0000 would reach the job and fail there); that it has ended is the route's check (409). */
export const monthEndSchema = z.strictObject({ month: monthSchema });

/**
 * `POST /api/rental-agreements/:id/relocate`: the unit placed under agreement `:id` moves to the
 * site of `toAgreementId` (approved, naming the same unit) on `date`: a placement of that
 * agreement (PLC-) which ends this one's (docs/decisions/rentals.md, "Relocation").
 */
export const relocateSchema = z.strictObject({ toAgreementId: z.number({ error: 'Choose the agreement to relocate to' }).int().positive(), date: dateSchema('Date') });
