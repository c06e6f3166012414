import { z } from 'zod';
import { defineSettings } from '../area/define-area.ts';
import { percentageInput } from '../resource/numeric-input.ts';

export const logoKinds = ['rectangle', 'square'] as const;
export type LogoKind = (typeof logoKinds)[number];

/** Logo uploads: PNG, JPEG or WebP (checked by their first bytes on the server), 1 MB at most. */
export const logoRules = {
  maxBytes: 1024 * 1024,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

const optionalText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, { error: `${label} must be at most ${max} characters` });

/** Setup's section of the company settings: the company's details, shown on the login page and printed documents. */
export const setupSettings = defineSettings(
  z.strictObject({
    companyName: optionalText('Company name', 120).min(1, { error: 'Company name is required' }),
    address: optionalText('Address', 500),
    phone: optionalText('Phone', 30).regex(/^[+()\d\s-]*$/, { error: 'Phone may hold digits, spaces, +, - and brackets only' }),
    taxNumber: optionalText('Tax number', 50),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { error: 'Currency must be a three-letter code such as PKR' }),
    taxRate: percentageInput('Tax rate'),
    invoiceFooter: optionalText('Invoice footer', 500),
    /** ISO 3166 two-letter code: chooses the national id rule of employees (hr/national-id.ts). */
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter code such as PK' }),
  }),
  // Every field but the company name has a default: a whole save must name the company.
  { address: '', phone: '', taxNumber: '', currency: 'PKR', taxRate: '0.00', invoiceFooter: '', country: 'PK' },
);
