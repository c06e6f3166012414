import { z } from 'zod';
import { gs1ParseInputSchema } from '../gs1/gs1.area.ts';
import type { InvoiceDetail } from './invoice.document.ts';
import type { FefoOverride } from './line-picks.ts';

const reasonSchema = z.string({ error: 'Reason must be text' }).trim().max(500, { error: 'Reason must be at most 500 characters' });

/** POST /api/invoices/:id/scan: a pack scanned for a draft invoice; `overrideFefo` confirms a lot out of first-expiry order, with its reason. */
export const invoiceScanInputSchema = gs1ParseInputSchema
  .extend({ overrideFefo: z.boolean({ error: 'Override must be true or false' }).optional(), reason: reasonSchema.optional() })
  .superRefine((input, ctx) => {
    if (input.overrideFefo && !input.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: pickingMessages.reasonRequired });
  });
export type InvoiceScanInput = z.output<typeof invoiceScanInputSchema>;

/** The lot first-expiry-first-out takes, named by a `notFefo` refusal. */
export interface FirstExpiryLot {
  inventoryId: number;
  lotNumber: string;
  dateExpiry: string | null;
}

/** What a scan did: the line it counted on (after a move, the scanned lot's line) and the units. */
export interface InvoicePick {
  lineId: number;
  lineNo: number;
  itemId: number;
  itemName: string;
  inventoryId: number;
  lotNumber: string;
  dateExpiry: string | null;
  /** The pack's units. */
  quantity: number;
  pickedQuantity: number;
  lineQuantity: number;
  /** The line moved to the scanned lot (`split`: its picked part stayed on the old lot's line). */
  moved: boolean;
  split: boolean;
  fefoOverride: FefoOverride | null;
}

export interface InvoiceScanAnswer {
  invoice: InvoiceDetail;
  pick: InvoicePick;
}

/** Whether a lot expiring on `scanned` comes after the first-expiry lot's `first` (no expiry: last, as first-expiry-first-out orders them). */
export function expiresAfter(scanned: string | null, first: string | null): boolean {
  if (first === null) return false;
  return scanned === null || scanned > first;
}

const expiryText = (date: string | null) => date ?? 'no expiry date';

export const pickingMessages = {
  notDraft: (label: string, status: string) => `Only a draft invoice can be picked; ${label} is ${status}`,
  noGtin: 'The scan carries no GTIN; scan the pack’s GS1 code',
  gtinUnlinked: (gtin: string) => `GTIN ${gtin} is linked to no item; link it on the item first`,
  notOnInvoice: (itemName: string) => `${itemName} is not on this invoice`,
  /** A pack whose count (AI 30 or 37) is 0: nothing to pick. */
  emptyPack: (label: string) => `The scan of ${label} counts no units; scan a pack that holds some`,
  noLot: (itemName: string) => `The scan of ${itemName} carries no lot number; scan the code with its lot (10)`,
  lotNotHere: (lot: string, regionName: string) => `${lot} is not in the ${regionName} warehouse`,
  beyondLine: (lot: string, quantity: number, left: number, lineNo: number) =>
    `The pack holds ${quantity} of ${lot} but line ${lineNo} has ${left} left to pick`,
  allPicked: (itemName: string) => `Every unit of ${itemName} on this invoice is picked`,
  notFefo: (lot: string, expiry: string | null, fefoLot: string, fefoExpiry: string | null) =>
    `Lot ${lot} expires on ${expiryText(expiry)}, after lot ${fefoLot} (${expiryText(fefoExpiry)}): pick lot ${fefoLot}, or confirm lot ${lot}`,
  reasonRequired: 'A reason is required to pick a lot out of first-expiry order',
  picked: (quantity: number, lot: string, picked: number, lineQuantity: number, lineNo: number) =>
    `Picked ${quantity} of ${lot}: ${picked} of ${lineQuantity} on line ${lineNo}`,
} as const;
