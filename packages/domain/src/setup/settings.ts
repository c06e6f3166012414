import { z } from 'zod';
import { isDecimalString } from '../money.ts';

export const logoKinds = ['rectangle', 'square'] as const;
export type LogoKind = (typeof logoKinds)[number];

/** Logo uploads: PNG, JPEG or WebP (checked by their first bytes on the server), 1 MB at most. */
export const logoRules = {
  maxBytes: 1024 * 1024,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

const optionalText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, { error: `${label} must be at most ${max} characters` });

export const companySettingsSchema = z.strictObject({
  companyName: optionalText('Company name', 120).min(1, { error: 'Company name is required' }),
  address: optionalText('Address', 500).default(''),
  phone: optionalText('Phone', 30).regex(/^[+()\d\s-]*$/, { error: 'Phone may hold digits, spaces, +, - and brackets only' }).default(''),
  taxNumber: optionalText('Tax number', 50).default(''),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'Currency must be a three-letter code such as PKR' })
    .default('PKR'),
  taxRate: z
    .string({ error: 'Tax rate must be a number' })
    .trim()
    .refine((v) => isDecimalString(v, 2) && Number(v) >= 0 && Number(v) <= 100, {
      error: 'Tax rate must be a percentage from 0 to 100 with at most 2 decimals',
    })
    .default('0.00'),
  invoiceFooter: optionalText('Invoice footer', 500).default(''),
  fiscalYearStartMonth: z.number().int().min(1, { error: 'Month must be 1 to 12' }).max(12, { error: 'Month must be 1 to 12' }).default(7),
  /** Lots expiring within this many days are flagged on /inventory. */
  nearExpiryDays: z
    .number({ error: 'Near-expiry window must be a whole number of days' })
    .int({ error: 'Near-expiry window must be a whole number of days' })
    .min(0, { error: 'Near-expiry window must be 0 to 3650 days' })
    .max(3650, { error: 'Near-expiry window must be 0 to 3650 days' })
    .default(90),
});

export type CompanySettingsInput = z.input<typeof companySettingsSchema>;

export interface CompanySettings extends z.output<typeof companySettingsSchema> {
  /** URL of the rectangular logo, or null when none is set. */
  rectangleLogo: string | null;
  squareLogo: string | null;
}

/** What the unauthenticated login page may know. */
export interface PublicCompany {
  companyName: string | null;
  rectangleLogo: string | null;
}
