import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { maxInt32, referenceSchema } from '../resource/declaration.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';

const positiveQuantity = wholeNumberInput(
  z
    .number({ error: 'Quantity must be a whole number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(maxInt32, { error: `Quantity must be at most ${maxInt32}` }),
);

/**
 * Transfers (issue 7, section 3): lots of the source region's warehouse moved to another
 * region. Dispatch (numbered `TRF-YYYY-NNNNNN`) draws the lots into the destination's
 * in-transit location; receive brings them into the destination warehouse as the same lot
 * number, expiry and cost; cancel, from a draft or while in transit, returns the stock.
 * Nothing is posted to the general ledger: the stock stays the company's, at the same value.
 */
export const transferDocument = defineDocument({
  name: 'transfers',
  route: '/transfers',
  title: 'Transfers',
  singular: 'transfer',
  documentType: 'transfer', // posted before the plural rule: its ledger rows keep this word
  numberPrefix: 'TRF',
  dateField: 'transferDate',
  fields: [
    { name: 'transferDate', label: 'Date', kind: 'date', required: true },
    { name: 'fromRegionId', label: 'From region', kind: 'reference', reference: 'regions', required: true },
    { name: 'toRegionId', label: 'To region', kind: 'reference', reference: 'regions', required: true },
    { name: 'courierId', label: 'Courier', kind: 'reference', reference: 'couriers', schema: referenceSchema('Courier').nullable().optional() },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
  ],
  lines: {
    fields: [
      { name: 'inventoryId', label: 'Lot', kind: 'reference', reference: 'inventory', required: true },
      { name: 'quantity', label: 'Quantity', kind: 'integer', required: true, schema: positiveQuantity },
    ],
    min: 1,
    max: 500,
  },
  states: ['draft', 'dispatched', 'received', 'cancelled'],
  stateLabels: { draft: 'Draft', dispatched: 'In transit', received: 'Received', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    dispatch: {
      from: ['draft'],
      to: 'dispatched',
      stamp: 'dispatched',
      numbers: true,
      label: 'Dispatch',
      done: 'Transfer dispatched',
      confirm: 'Dispatch this transfer? Its lots leave the source warehouse now.',
    },
    receive: {
      from: ['dispatched'],
      to: 'received',
      stamp: 'received',
      label: 'Receive',
      done: 'Transfer received',
      confirm: 'Receive this transfer? Its lots enter the destination warehouse now.',
    },
    // One cancel for both states (a draft has nothing to return): the scope every document's cancel takes.
    cancel: {
      from: ['draft', 'dispatched'],
      to: 'cancelled',
      scope: 'transfers:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Transfer cancelled',
      confirm: 'Cancel this transfer? Stock in transit goes back to the source warehouse.',
    },
  },
});

export type TransferStatus = (typeof transferDocument.states)[number];

export interface TransferLineInput {
  inventoryId: number;
  quantity: number;
}

export interface TransferInput {
  transferDate: string;
  fromRegionId: number;
  toRegionId: number;
  courierId?: number | null;
  notes?: string;
  lines: TransferLineInput[];
}

/** What the fields alone cannot say: the two regions differ. */
export function transferProblems(input: Pick<TransferInput, 'fromRegionId' | 'toRegionId'>): Record<string, string> {
  if (input.fromRegionId && input.fromRegionId === input.toRegionId) return { toRegionId: 'The destination must be another region than the source' };
  return {};
}

/** A line of a transfer as the API answers it: the source lot and what it is. */
export interface TransferLineRow {
  lineNo: number;
  inventoryId: number;
  quantity: number;
  itemId: number;
  lotNumber: string;
  dateExpiry: string | null;
  unitCost: string;
  /** quantity x unit cost. */
  value: string;
  item: { itemName: string; articleNumber: string; unit: string };
}

/** A transfer with its lines, as the API answers it; server and web share it. */
export interface TransferDetail {
  id: number;
  documentNumber: string | null;
  transferDate: string;
  fromRegionId: number;
  toRegionId: number;
  courierId: number | null;
  notes: string;
  status: TransferStatus;
  /** Of the lines at their lots' cost. */
  totalValue: string;
  fromRegion: { regionName: string };
  toRegion: { regionName: string };
  courier: { courierName: string } | null;
  lines: TransferLineRow[];
  [key: string]: unknown;
}
