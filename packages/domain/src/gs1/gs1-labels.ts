import { z } from 'zod';
import { gtinSchema } from './item-gtins.ts';

/** GET /api/inventory/:inventoryId/label: how many labels (one a page), and which of the item's GTINs they carry. */
export const gs1LabelQuerySchema = z.object({
  copies: z.coerce
    .number({ error: 'Copies must be a whole number from 1 to 500' })
    .int({ error: 'Copies must be a whole number from 1 to 500' })
    .min(1, { error: 'Copies must be a whole number from 1 to 500' })
    .max(500, { error: 'Copies must be a whole number from 1 to 500' })
    .default(1),
  gtin: gtinSchema.optional(),
});
export type Gs1LabelQuery = z.output<typeof gs1LabelQuerySchema>;

/** What a relabelled lot's label encodes. `serial` only for a serial-tracked item (whose lot number is its serial). */
export interface LabelElements {
  gtin: string;
  /** `YYYY-MM-DD`, or null: no (17). */
  expiry: string | null;
  /** Empty: no (10) (a lot of an item not lot-tracked). */
  lot: string;
  serial: string | null;
}

/**
 * GS1's character set 82 (General Specifications 7.11), the only characters AIs 10 and 21 may hold,
 * at most 20 of them; less the parentheses, which the human-readable form (and bwip-js's input) would
 * read as the start of another element.
 */
const cset82 = /^[!"%&'*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;

/** Whether a lot or serial can be an element of a GS1 code. */
export const fitsGs1Element = (value: string) => cset82.test(value);

/**
 * The label's elements in human-readable form, `(01)GTIN`, `(17)YYMMDD`, `(10)LOT`, `(21)SERIAL`, the
 * order of GS1's healthcare labels, leaving out what the lot lacks.
 */
export function labelElements(elements: LabelElements): string[] {
  const { gtin, expiry, lot, serial } = elements;
  return [
    `(01)${gtin}`,
    ...(expiry === null ? [] : [`(17)${expiry.slice(2, 4)}${expiry.slice(5, 7)}${expiry.slice(8, 10)}`]),
    ...(lot === '' ? [] : [`(10)${lot}`]),
    ...(serial === null ? [] : [`(21)${serial}`]),
  ];
}

/** The element string a label prints under its code and the DataMatrix encodes (bwip-js reads this syntax, putting FNC1 after each variable-length element that is not last). */
export const labelElementString = (elements: LabelElements) => labelElements(elements).join('');

/** The GTIN a label carries unless told: the item's first `each` GTIN, else its first (in the order the items' `gtins` list them). */
export function defaultLabelGtin<Link extends { gtin: string; packLevel: string }>(gtins: readonly Link[]): Link | undefined {
  return gtins.find((link) => link.packLevel === 'each') ?? gtins[0];
}

export const gs1LabelMessages = {
  noGtin: (itemName: string) => `Link a GTIN to ${itemName} before printing GS1 labels`,
  notItsGtin: (gtin: string, itemName: string) => `GTIN ${gtin} is not one of ${itemName}'s`,
  lotUnfit: (lot: string) => `Lot ${lot} cannot be printed in a GS1 code: at most 20 letters, digits or GS1's signs, no parentheses`,
} as const;
