import { gtin14Of, hasValidCheckDigit } from '@erp/domain';
import { GS } from './wedge-keys.ts';

/** The formats the camera reads (issue 32, section 3): GS1 DataMatrix, GS1-128 and GS1 QR codes. */
export const cameraFormats = ['data_matrix', 'code_128', 'qr_code'] as const;
export type CameraFormat = (typeof cameraFormats)[number];

/** The symbology identifier a scanner would send before a GS1 element string of each format. */
const gs1Identifiers: Record<CameraFormat, string> = { data_matrix: ']d2', code_128: ']C1', qr_code: ']Q3' };

// The element strings a pack carries start with a GTIN (01, 02: 14 digits), an SSCC (00: 18), a
// date (11, 13, 15, 17: 6) or a lot or serial (10, 21); the human-readable form with a bracketed AI.
const gs1Start = /^(?:0[12]\d{14}|00\d{18}|1[1357]\d{6}|(?:10|21).|\(\d{2,4}\))/;

// A date element (11, 13, 15, 17 and a real YYMMDD, day 00 the month's end) at the start: digits that
// also end in a GTIN's check digit (one in ten) are still a label's date and lot, not a GTIN.
const datedElement = /^1[1357]\d\d(?:0[1-9]|1[0-2])(?:[0-2]\d|3[01])/;

/**
 * What a camera read is sent as: a camera gives no symbology identifier, so a text that reads as
 * GS1 elements (a leading AI, or a GS inside) gets its format's (`]d2`, `]C1`, `]Q3`), as a
 * scanner would have sent it; any other text, or one that already has an identifier, as read.
 * A bare GTIN (8, 12, 13 or 14 digits ending in their check digit, not starting with a date
 * element) is sent as read too: after an identifier the server reads element strings only, and a
 * case's GTIN-14 starting 10 would be taken for a lot.
 */
export function cameraScanText(text: string, format: string): string {
  const identifier = gs1Identifiers[format as CameraFormat];
  if (identifier === undefined || text.startsWith(']')) return text;
  if (gtin14Of(text) && hasValidCheckDigit(text) && !datedElement.test(text)) return text;
  return gs1Start.test(text) || text.includes(GS) ? identifier + text : text;
}
