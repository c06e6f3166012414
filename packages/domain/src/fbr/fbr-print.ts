/**
 * What an invoice or sales return prints of FBR (issue 30, section 6), in the PDF and on the web's
 * view alike: FBR's number with its QR code (fbr-qr.ts) and FBR's logo once accepted; a notice
 * while it is not.
 */
export const fbrPrintWords = {
  caption: (fbrInvoiceNumber: string) => `FBR Invoice Number: ${fbrInvoiceNumber}`,
  notYet: 'NOT YET A TAX INVOICE',
} as const;

/**
 * The FBR Digital Invoicing logo PRAL hands over at onboarding, uploaded by the admin: the two
 * raster types PDF embeds as they are (checked by their first bytes on the server), 512 KB at most.
 */
export const fbrLogoRules = {
  maxBytes: 512 * 1024,
  mimeTypes: ['image/png', 'image/jpeg'],
} as const;
