import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { postedRecordWorkflow } from '../document/posted-record.ts';
import { referenceSchema, type ResourceDeclaration } from '../resource/declaration.ts';

export const rentalAssetStatuses = [
  { value: 'inStock', label: 'In stock' },
  { value: 'placed', label: 'Placed' },
  { value: 'retired', label: 'Retired' },
] as const;

/**
 * Rental assets (issue 21, section 1): every unit of a serial-tracked item, listed with where it
 * stands. Created by the stock ledger's first receipt of the unit; changed only by placements
 * and returns, so the API reads them (the binding refuses writes).
 */
export const rentalAssets = {
  name: 'rental-assets',
  route: '/reagent-rentals',
  singular: 'rental asset',
  title: 'Rental Assets',
  nameField: 'serialNumber',
  defaultSort: { field: 'serialNumber', order: 'asc' },
  fields: [
    { name: 'serialNumber', label: 'Serial', kind: 'text', required: true, maxLength: 100, searchable: true },
    { name: 'itemId', label: 'Analyser', kind: 'reference', reference: 'items', required: true, filterable: true },
    { name: 'status', label: 'Status', kind: 'enum', enumValues: rentalAssetStatuses, filterable: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', filterable: true },
    { name: 'customerId', label: 'Customer', kind: 'reference', reference: 'customers', filterable: true },
    { name: 'cost', label: 'Cost', kind: 'decimal', scale: 2 },
  ],
} as const satisfies ResourceDeclaration;

export const serviceVisitKinds = [
  { value: 'install', label: 'Install' },
  { value: 'preventive', label: 'Preventive' },
  { value: 'breakdown', label: 'Breakdown' },
  { value: 'relocation', label: 'Relocation' },
] as const;

export const serviceVisitPartSchema = z.strictObject({
  inventoryId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(1_000_000),
});

const serviceVisitPartsSchema = z.array(serviceVisitPartSchema).max(50).default([]);

/** Service visits: the days down (the downtime waiver reads them) and parts used from stock. */
export const serviceVisits = {
  name: 'service-visits',
  route: '/reagent-rentals',
  singular: 'service visit',
  title: 'Service Visits',
  nameField: 'visitDate',
  defaultSort: { field: 'visitDate', order: 'desc' },
  hasOptions: false,
  fields: [
    { name: 'rentalAgreementId', label: 'Agreement', kind: 'integer', required: true, filterable: true, schema: referenceSchema('Agreement') },
    { name: 'visitDate', label: 'Visit date', kind: 'date', required: true },
    { name: 'visitKind', label: 'Kind', kind: 'enum', enumValues: serviceVisitKinds, required: true, filterable: true },
    { name: 'downFrom', label: 'Down from', kind: 'date' },
    { name: 'downTo', label: 'Down to', kind: 'date' },
    { name: 'parts', label: 'Parts', kind: 'text', list: false, schema: serviceVisitPartsSchema },
    { name: 'partsCost', label: 'Parts cost', kind: 'decimal', scale: 2, form: false },
    { name: 'documentNumber', label: 'Number', kind: 'text', form: false },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
  ],
} as const satisfies ResourceDeclaration;

/** Meter readings: the analyser's test counter; per-test billing invoices the rise over a month. */
export const meterReadings = {
  name: 'meter-readings',
  route: '/reagent-rentals',
  singular: 'meter reading',
  title: 'Meter Readings',
  nameField: 'readingDate',
  defaultSort: { field: 'readingDate', order: 'desc' },
  hasOptions: false,
  fields: [
    { name: 'rentalAgreementId', label: 'Agreement', kind: 'integer', required: true, filterable: true, schema: referenceSchema('Agreement') },
    { name: 'readingDate', label: 'Reading date', kind: 'date', required: true },
    { name: 'reading', label: 'Counter', kind: 'integer', required: true, min: 0, max: 2_000_000_000 },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
  ],
} as const satisfies ResourceDeclaration;

/**
 * A service visit as a posted record (issue 28, section 2): the fields above, its parts the lines
 * (kept as the row's JSON, with their rule of before). Numbered SVC- only when parts leave stock:
 * a visit without parts moves nothing and stays unnumbered, as before. Cancelled by the mirror.
 */
export const serviceVisitDocument = defineDocument({
  name: serviceVisits.name,
  route: serviceVisits.route,
  title: serviceVisits.title,
  singular: serviceVisits.singular,
  numberPrefix: 'SVC',
  dateField: 'visitDate',
  fields: serviceVisits.fields.filter((field) => field.name !== 'documentNumber' && field.name !== 'parts'),
  lines: {
    key: 'parts',
    fields: [
      { name: 'inventoryId', label: 'Lot', kind: 'integer', required: true },
      { name: 'quantity', label: 'Quantity', kind: 'integer', required: true },
    ],
    min: 0,
    max: 50,
    schema: serviceVisitPartsSchema,
  },
  ...postedRecordWorkflow('service-visits', serviceVisits.singular, { numbers: false }),
});
