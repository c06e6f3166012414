import { z } from 'zod';
import { gs1ParseInputSchema } from '../gs1/gs1.area.ts';
import { referenceSchema } from '../resource/declaration.ts';

/** POST /api/sales-returns/scan (issue 32, section 4): a pack the customer brought back, scanned. */
export const salesReturnScanInputSchema = gs1ParseInputSchema.extend({ customerId: referenceSchema('Customer') });
export type SalesReturnScanInput = z.output<typeof salesReturnScanInputSchema>;

/** A posted invoice line of the customer with the scanned item and lot, and what of it may still come back. */
export interface SalesReturnScanLine {
  invoiceId: number;
  documentNumber: string;
  invoiceDate: string;
  invoiceLineId: number;
  quantity: number;
  returnedQuantity: number;
  returnable: number;
}

/** The answer: the scanned item and lot, and the lines that may take it back, newest invoice first. */
export interface SalesReturnScan {
  item: { id: number; itemName: string; articleNumber: string };
  lotNumber: string;
  lines: SalesReturnScanLine[];
}

export const salesReturnScanMessages = {
  neverSold: (lot: string, itemName: string, customerName: string) => `Lot ${lot} of ${itemName} was never sold to ${customerName}`,
  returnedInFull: (lot: string, itemName: string, customerName: string) => `Lot ${lot} of ${itemName} sold to ${customerName} is returned in full`,
  noGtin: 'The scan holds no GTIN (01); scan the code of the pack',
  gtinUnknown: (gtin: string) => `GTIN ${gtin} is linked to no item`,
  noLot: (itemName: string) => `The scan of ${itemName} holds no lot (10); scan the code of the pack`,
} as const;
