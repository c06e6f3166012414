import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { postedRecordWorkflow } from '../document/posted-record.ts';
import { referenceSchema, type ResourceDeclaration } from '../resource/declaration.ts';

export const consignmentKinds = [
  { value: 'shipment', label: 'Shipment to site' },
  { value: 'usage', label: 'Usage reported' },
  { value: 'return', label: 'Return to warehouse' },
] as const;

/** A line of a consignment: an item and how many of its unit; the lots are drawn first-expiry-first-out, or from the lot chosen (`inventoryId`). */
export const consignmentLineSchema = z.strictObject({
  itemId: referenceSchema('Item'),
  inventoryId: referenceSchema('Lot').optional(),
  quantity: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(1_000_000, 'Quantity is at most 1,000,000'),
});

const consignmentLinesSchema = z.array(consignmentLineSchema, { error: 'Add at least one line' }).min(1, 'Add at least one line').max(50, 'At most 50 lines');

/**
 * Per-test reagents on consignment (issue 21, section 2): a shipment moves lots from the
 * region's warehouse to the customer's site (no invoice, no ledger rows); a usage is what the
 * lab reports it used in the period (packs opened, counted by the lab staff), taken from the
 * site's lots first-expiry-first-out at their cost: Dr Cost of sales, Cr Inventory, stamped; a
 * return brings unused lots from the site back to the region's warehouse (no ledger rows).
 * Per-test agreements only; kept as recorded: a mistake is cancelled (issue 28, section 2).
 */
export const consignments = {
  name: 'consignments',
  route: '/reagent-rentals',
  singular: 'consignment',
  title: 'Consignments',
  nameField: 'consignmentDate',
  defaultSort: { field: 'consignmentDate', order: 'desc' },
  hasOptions: false,
  fields: [
    { name: 'rentalAgreementId', label: 'Agreement', kind: 'integer', required: true, filterable: true, schema: referenceSchema('Agreement') },
    { name: 'consignmentKind', label: 'Kind', kind: 'enum', enumValues: consignmentKinds, required: true, filterable: true },
    { name: 'consignmentDate', label: 'Date', kind: 'date', required: true },
    { name: 'lines', label: 'Lines', kind: 'text', required: true, list: false, schema: consignmentLinesSchema },
    { name: 'value', label: 'Cost', kind: 'decimal', scale: 2, form: false },
    { name: 'documentNumber', label: 'Number', kind: 'text', form: false },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
  ],
} as const satisfies ResourceDeclaration;

/**
 * The consignment as a posted record (issue 28, section 2): the fields above, numbered CSG-,
 * CSU- or CSR- by its kind when recorded (the declared prefix is the shipment's), cancelled by
 * the mirror of its stock moves and ledger rows.
 */
export const consignmentDocument = defineDocument({
  name: consignments.name,
  route: consignments.route,
  title: consignments.title,
  singular: consignments.singular,
  numberPrefix: 'CSG',
  dateField: 'consignmentDate',
  fields: consignments.fields.filter((field) => field.name !== 'documentNumber' && field.name !== 'lines'),
  // Stored as the row's JSON (what was asked; the lots drawn are its stock moves), with their messages of before.
  lines: {
    fields: [
      { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true },
      { name: 'inventoryId', label: 'Lot', kind: 'integer' },
      { name: 'quantity', label: 'Quantity', kind: 'integer', required: true },
    ],
    min: 1,
    max: 50,
    schema: consignmentLinesSchema,
  },
  ...postedRecordWorkflow('consignments', consignments.singular),
});
