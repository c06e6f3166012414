import { z } from 'zod';
import { compareDecimal, canonicalDecimal, isDecimalString } from '../money.ts';
import { dateSchema, referenceSchema, type ResourceDeclaration } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';

export const storageUnitKinds = [
  { value: 'fridge', label: 'Fridge' },
  { value: 'coldRoom', label: 'Cold room' },
  { value: 'freezer', label: 'Freezer' },
] as const;

/** The items' storage conditions that need a unit (ambient stock is kept on shelves). */
export const coldStorageConditions = [
  { value: 'refrigerated', label: 'Refrigerated (2-8 °C)' },
  { value: 'frozen', label: 'Frozen (-25 to -15 °C)' },
  { value: 'deepFrozen', label: 'Deep frozen (-90 to -60 °C)' },
] as const;
export type ColdStorageCondition = (typeof coldStorageConditions)[number]['value'];

/** A unit's range when none is given, by its condition (issue 31, section 3). */
export const defaultRangeByCondition: Readonly<Record<ColdStorageCondition, { minC: string; maxC: string }>> = {
  refrigerated: { minC: '2.00', maxC: '8.00' },
  frozen: { minC: '-25.00', maxC: '-15.00' },
  deepFrozen: { minC: '-90.00', maxC: '-60.00' },
};

/** A temperature in °C: -100 to 100, at most two decimals; answered canonical ('9.5' -> '9.50'). */
export function temperatureSchema(label: string) {
  const rule = `${label} must be a number from -100 to 100 with at most 2 decimals`;
  return decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .refine((v) => isDecimalString(v, 2, 3) && compareDecimal(v, '-100') >= 0 && compareDecimal(v, '100') <= 0, { error: rule })
      .transform((v) => canonicalDecimal(v)),
  );
}

/**
 * Fridges, cold rooms and freezers (issue 31, section 3), one region's each: where non-ambient
 * lots are kept and whose temperature is recorded. `minC`/`maxC` default by condition; one unit
 * per region and condition is the default, holding every lot nobody placed elsewhere.
 */
export const storageUnits = {
  name: 'storage-units',
  route: '/inventory',
  singular: 'storage unit',
  title: 'Storage units',
  nameField: 'unitName',
  optionSearch: ['unitName', 'loggerSerial'],
  defaultSort: { field: 'unitName', order: 'asc' },
  rowPermission: { area: 'regions', field: 'regionId' },
  writeScope: 'storage-units:write',
  // Units with an excursion in progress or awaiting disposition (the dashboard's count).
  namedFilters: [{ name: 'inExcursion', label: 'In excursion' }],
  fields: [
    { name: 'unitName', label: 'Unit', kind: 'text', required: true, maxLength: 100, searchable: true, unique: true, uniqueWith: 'regionId' },
    { name: 'unitKind', label: 'Kind', kind: 'enum', enumValues: storageUnitKinds, required: true, filterable: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true, filterable: true },
    { name: 'storageCondition', label: 'Storage', kind: 'enum', enumValues: coldStorageConditions, required: true, defaultValue: 'refrigerated', filterable: true },
    // Empty: the condition's range (2/8, -25/-15, -90/-60).
    { name: 'minC', label: 'Minimum °C', kind: 'decimal', scale: 2, schema: temperatureSchema('Minimum °C') },
    { name: 'maxC', label: 'Maximum °C', kind: 'decimal', scale: 2, schema: temperatureSchema('Maximum °C') },
    { name: 'isDefault', label: 'Default unit', kind: 'boolean', required: true, defaultValue: false, filterable: true },
    { name: 'loggerSerial', label: 'Logger serial', kind: 'text', maxLength: 100, searchable: true, unique: true, list: 'wide' },
    { name: 'responsibleUserId', label: 'Responsible', kind: 'reference', reference: 'users', list: 'wide' },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true, list: 'wide' },
  ],
} as const satisfies ResourceDeclaration;

export const coldChainMessages = {
  rangeOrder: 'Maximum °C must be above minimum °C',
  regionKept: 'A unit with readings stays in its region: add a unit in the other region instead',
  defaultTaken: (unitName: string) => `${unitName} is already the default unit of this region for this storage condition`,
  readingInFuture: 'Read at must not be later than now',
  readingTaken: 'This unit already has a reading at this time',
  readingDiffers: (temperatureC: string) => `This unit already has a reading at this time, of ${temperatureC} °C`,
  readingsKept: 'Temperature readings are kept as recorded: they are never changed or deleted',
  unitUnknown: (text: string) => `No storage unit is named or has the logger serial "${text}"`,
  unitAmbiguous: (text: string) => `Several storage units are named "${text}": use the logger serial`,
  readAtRequired: 'Read at is required (or Date and Time)',
  sameRowTwice: (row: number, temperatureC: string) => `Row ${row} of the file has this unit and time at ${temperatureC} °C`,
  notAwaiting: (status: string) => `This excursion is ${status}: only one awaiting disposition can be decided`,
  lotNotListed: 'This lot is not one of the excursion’s',
  lotTwice: 'This lot is named twice',
  dispositioned: 'Excursion decided',
  placementRow: 'This lot is not a warehouse row of a refrigerated, frozen or deep-frozen item',
  placementUnit: 'The storage unit must be of the lot’s region and storage condition',
  receiptUnitAmbient: 'Only goods kept cold (refrigerated, frozen or deep-frozen) go into a storage unit',
  receiptUnitMismatch: 'The storage unit must be of the order’s region and the item’s storage condition',
  receiptUnitInactive: 'The storage unit is not active',
  conditionKeptWithLots: 'A unit holding lots keeps its storage condition: move its lots to another unit first, or they would be watched by no unit',
  regionKeptWithLots: 'A unit holding lots stays in its region: move its lots to another unit first, or they would be watched by no unit',
  receiptLotSplit: (lotNumber: string) => `Lot ${lotNumber} is one stock row: put all its lines in one storage unit`,
} as const;

/**
 * POST /api/inventory/:inventoryId/storage-unit: a cold warehouse row moved into a unit from a day
 * on (today when not given; never a later day).
 */
export const storagePlacementInputSchema = z.strictObject({
  storageUnitId: referenceSchema('Storage unit'),
  date: dateSchema('Date').optional(),
});
export type StoragePlacementInput = z.output<typeof storagePlacementInputSchema>;

/** One placement of a row, oldest first (GET /api/inventory/:inventoryId/storage-history). */
export interface StoragePlacement {
  fromDate: string;
  storageUnitId: number;
  unitName: string;
}
