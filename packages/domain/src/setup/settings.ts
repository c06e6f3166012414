import { z } from 'zod';
import { isDecimalString } from '../money.ts';
import { decimalInput, numberOrNumericString, wholeNumberInput } from '../resource/numeric-input.ts';

export const logoKinds = ['rectangle', 'square'] as const;
export type LogoKind = (typeof logoKinds)[number];

/** Logo uploads: PNG, JPEG or WebP (checked by their first bytes on the server), 1 MB at most. */
export const logoRules = {
  maxBytes: 1024 * 1024,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

const optionalText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, { error: `${label} must be at most ${max} characters` });

function orderingDays(label: string, min: number, max: number, unit = 'days') {
  const error = `${label} must be ${min} to ${max} ${unit}`;
  return wholeNumberInput(z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));
}

/** What a pay slip's net is rounded to (issue 20): 0.01 leaves it at the cent. */
export const netRoundingSteps = [
  { value: '0.01', label: '0.01 (no rounding)' },
  { value: '1', label: '1' },
  { value: '10', label: '10' },
  { value: '100', label: '100' },
] as const;
export const netRoundingModes = [
  { value: 'up', label: 'Up' },
  { value: 'nearest', label: 'Nearest' },
  { value: 'down', label: 'Down' },
] as const;
const valuesOf = <T extends readonly { value: string }[]>(options: T) => options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

const settingsFields = {
  companyName: optionalText('Company name', 120).min(1, { error: 'Company name is required' }),
  address: optionalText('Address', 500),
  phone: optionalText('Phone', 30).regex(/^[+()\d\s-]*$/, { error: 'Phone may hold digits, spaces, +, - and brackets only' }),
  taxNumber: optionalText('Tax number', 50),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'Currency must be a three-letter code such as PKR' }),
  taxRate: decimalInput(
    z
      .string({ error: numberOrNumericString('Tax rate') })
      .trim()
      .refine((v) => isDecimalString(v, 2) && Number(v) >= 0 && Number(v) <= 100, {
        error: 'Tax rate must be a percentage from 0 to 100 with at most 2 decimals',
      }),
  ),
  invoiceFooter: optionalText('Invoice footer', 500),
  /** ISO 3166 two-letter code: chooses the national id rule of employees (hr/national-id.ts). */
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter code such as PK' }),
  fiscalYearStartMonth: wholeNumberInput(z.number().int().min(1, { error: 'Month must be 1 to 12' }).max(12, { error: 'Month must be 1 to 12' })),
  /** Lots expiring within this many days are flagged on /inventory. */
  nearExpiryDays: wholeNumberInput(
    z
      .number({ error: 'Near-expiry window must be a whole number of days' })
      .int({ error: 'Near-expiry window must be a whole number of days' })
      .min(0, { error: 'Near-expiry window must be 0 to 3650 days' })
      .max(3650, { error: 'Near-expiry window must be 0 to 3650 days' }),
  ),
  /** Generate Order (issue 19): lead time of items and vendors without one, review period, sales history, safety stock. */
  defaultLeadTimeDays: orderingDays('Default lead time', 0, 730),
  reviewDays: orderingDays('Review period', 0, 365),
  historyMonths: orderingDays('Sales history', 1, 24, 'months'),
  safetyStockDays: orderingDays('Safety stock', 0, 365),
  /** Payroll (issue 20): each slip's net is brought to a multiple of the step, up, to the nearest or down; the difference is its rounding. */
  netRoundingStep: z.enum(valuesOf(netRoundingSteps), { error: 'Round net to must be 0.01, 1, 10 or 100' }),
  netRoundingMode: z.enum(valuesOf(netRoundingModes), { error: 'Rounding must be up, nearest or down' }),
};

/** The settings as the form saves them whole: every field but the company name has a default. */
export const companySettingsSchema = z.strictObject({
  ...settingsFields,
  address: settingsFields.address.default(''),
  phone: settingsFields.phone.default(''),
  taxNumber: settingsFields.taxNumber.default(''),
  currency: settingsFields.currency.default('PKR'),
  taxRate: settingsFields.taxRate.default('0.00'),
  invoiceFooter: settingsFields.invoiceFooter.default(''),
  country: settingsFields.country.default('PK'),
  fiscalYearStartMonth: settingsFields.fiscalYearStartMonth.default(7),
  nearExpiryDays: settingsFields.nearExpiryDays.default(90),
  defaultLeadTimeDays: settingsFields.defaultLeadTimeDays.default(30),
  reviewDays: settingsFields.reviewDays.default(30),
  historyMonths: settingsFields.historyMonths.default(6),
  safetyStockDays: settingsFields.safetyStockDays.default(15),
  netRoundingStep: settingsFields.netRoundingStep.default('1'),
  netRoundingMode: settingsFields.netRoundingMode.default('up'),
});

/** A save of stored settings (issue 17): the fields sent change, the others stay as they are (no defaults). */
export const companySettingsUpdateSchema = z.strictObject(settingsFields).partial();

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
