import { create } from 'qrcode';

/**
 * The QR code an accepted invoice or return prints beside FBR's number (issue 30, section 6):
 * version 2 (25 x 25 modules), error correction M, drawn 1 inch square with a quiet zone of 4
 * modules outside that inch. Here, not in the server, so the web's /invoice/:id draws the same
 * modules as the PDF.
 */
export const fbrQr = { version: 2, modules: 25, errorCorrection: 'M', sizePt: 72, quietZoneModules: 4 } as const;

/**
 * The modules of `text`'s QR code, row by row, `true` for a dark one. FBR's numbers (NTN or
 * CNIC, DI, 13 digits: at most 28 characters, all digits and capitals) fit with room to spare;
 * text that would need a larger version throws a RangeError rather than print another size.
 */
export function fbrQrModules(text: string): boolean[][] {
  let code: ReturnType<typeof create>;
  try {
    code = create(text, { version: fbrQr.version, errorCorrectionLevel: fbrQr.errorCorrection });
  } catch (error) {
    throw new RangeError(`"${text}" does not fit a version ${fbrQr.version} QR code: ${(error as Error).message.trim()}`, { cause: error });
  }
  const { size, data } = code.modules;
  if (size !== fbrQr.modules) throw new RangeError(`A version ${fbrQr.version} QR code has ${fbrQr.modules} modules a side, not ${size}`);
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => data[row * size + column] === 1));
}
