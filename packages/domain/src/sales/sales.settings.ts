import { z } from 'zod';
import { defineSettings, optionValues } from '../area/define-area.ts';
import { canonicalDecimal } from '../money.ts';
import { percentageInput } from '../resource/numeric-input.ts';

/** The provinces and territories whose sales tax on services and whose registrations the returns name (issue 29). */
export const provinces = [
  { value: 'punjab', label: 'Punjab' },
  { value: 'sindh', label: 'Sindh' },
  { value: 'khyberPakhtunkhwa', label: 'Khyber Pakhtunkhwa' },
  { value: 'balochistan', label: 'Balochistan' },
  { value: 'capitalTerritory', label: 'Islamabad Capital Territory' },
  { value: 'gilgitBaltistan', label: 'Gilgit-Baltistan' },
  { value: 'azadKashmir', label: 'Azad Jammu and Kashmir' },
] as const;
export type Province = (typeof provinces)[number]['value'];

/** The registered person's business activity, as FBR's digital invoicing scenarios are chosen by it. */
export const businessActivities = [
  { value: 'manufacturer', label: 'Manufacturer' },
  { value: 'importer', label: 'Importer' },
  { value: 'distributor', label: 'Distributor' },
  { value: 'wholesaler', label: 'Wholesaler' },
  { value: 'exporter', label: 'Exporter' },
  { value: 'retailer', label: 'Retailer' },
  { value: 'serviceProvider', label: 'Service provider' },
  { value: 'other', label: 'Other' },
] as const;

/** The sector FBR files the company under. */
export const taxSectors = [
  { value: 'allOtherSectors', label: 'All other sectors' },
  { value: 'pharmaceuticals', label: 'Pharmaceuticals' },
  { value: 'wholesaleRetails', label: 'Wholesale / retails' },
  { value: 'fmcg', label: 'FMCG' },
  { value: 'services', label: 'Services' },
] as const;

/** Spaces and dashes dropped, as registrations are written on certificates (`17-00-1234-567-89`). */
const registrationDigits = (value: string) => value.replace(/[\s-]/g, '');

/**
 * A National Tax Number: 7 digits, stored without separators. The certificate's form with its
 * check digit (`0711234-5`) is taken too, the check digit dropped (`0711234`); null when it is neither.
 */
export const ntnInput = (value: string): string | null => {
  const trimmed = value.trim();
  const certificate = /^(\d{7})-\d$/.exec(trimmed);
  const digits = certificate ? certificate[1]! : registrationDigits(trimmed);
  return /^\d{7}$/.test(digits) ? digits : null;
};

/** A registration of `length` digits (STRN 13, CNIC 13), spaces and dashes removed first; null when it is not. */
export const registrationInput = (value: string, length: number): string | null => {
  const digits = registrationDigits(value.trim());
  return new RegExp(`^\\d{${length}}$`).test(digits) ? digits : null;
};

/**
 * A registration field: `none` when left empty (the company's '' , a customer's null), else its
 * digits by `parse`; anything else 400 naming it with `message`.
 */
export const registrationField = <None extends '' | null>(parse: (value: string) => string | null, message: string, none: None) =>
  z
    .string({ error: message })
    .transform((value, context): string | None => {
      if (value.trim() === '') return none;
      const parsed = parse(value);
      if (parsed === null) context.addIssue({ code: 'custom', message });
      return parsed ?? none;
    });

/**
 * The provincial sales tax on services per province (percent): rental charges are services,
 * taxed where the service is rendered, not under the Sales Tax Act. A province not listed (or
 * cleared, null) charges none. Each province's authority and rate are data a tax adviser confirms.
 */
const servicesTaxRatesInput = z
  .partialRecord(z.enum(optionValues(provinces), { error: 'Province must be one of the provinces and territories' }), percentageInput('Services tax rate').nullable(), {
    error: 'Services tax rates must be a map of province to rate',
  })
  .transform(
    // Stored as the rates' column would hold them: `16` is `16.00`.
    (rates) => Object.fromEntries(Object.entries(rates).flatMap(([province, rate]) => (rate === null || rate === undefined ? [] : [[province, canonicalDecimal(rate)]]))) as Partial<Record<Province, string>>,
  );

/**
 * Sales' section of the company settings (issue 29, section 1): the company's registrations and
 * the rates that are the company's, not an item's. `furtherTaxRate` is charged to unregistered
 * buyers (Sales Tax Act s.3(1A)); `withholdingSharePercent` is the share of an invoice's sales
 * tax a withholding agent keeps back (one tenth for a registered distributor); `servicesTaxRates`
 * the provinces' tax on the rental charges. All are data a tax adviser confirms, never constants in code.
 */
export const salesSettings = defineSettings(
  z.strictObject({
    ntn: registrationField(ntnInput, 'NTN must be 7 digits, as 0711234 (or 0711234-5)', ''),
    strn: registrationField((value) => registrationInput(value, 13), 'STRN must be 13 digits, as 1700123456789', ''),
    province: z.enum(optionValues(provinces), { error: 'Province must be one of the provinces and territories' }).nullable(),
    businessActivity: z.enum(optionValues(businessActivities), { error: 'Business activity must be one of the listed activities' }),
    sector: z.enum(optionValues(taxSectors), { error: 'Sector must be one of the listed sectors' }),
    furtherTaxRate: percentageInput('Further tax rate'),
    withholdingSharePercent: percentageInput('Withholding share'),
    servicesTaxRates: servicesTaxRatesInput,
  }),
  { ntn: '', strn: '', province: null, businessActivity: 'distributor', sector: 'allOtherSectors', furtherTaxRate: '4.00', withholdingSharePercent: '10.00', servicesTaxRates: {} },
);
