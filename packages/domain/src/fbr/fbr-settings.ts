import { z } from 'zod';

/**
 * FBR digital invoicing's connection (issue 30, section 1): the admin's, behind /api/fbr/settings,
 * not a section of the composed company settings, because it holds tokens and a composed section
 * never holds a secret.
 */
export const fbrEnvironments = ['sandbox', 'production'] as const;
export type FbrEnvironment = (typeof fbrEnvironments)[number];

/** FBR's gateway; FBR_BASE_URL, when set, overrides the stored one (tests and the demo point it at a fake). */
export const fbrDefaultBaseUrl = 'https://gw.fbr.gov.pk';

export const fbrMessages = {
  baseUrl: 'Base URL must be an http or https URL',
  enableNeeds: (missing: readonly string[]) => `Reporting to FBR needs ${missing.join(', ')} first`,
  ntnMissing: "The company's NTN (Settings, sales tax)",
  provinceMissing: "The company's province (Settings, sales tax)",
  activityMissing: "The company's business activity (Settings, sales tax)",
  tokenMissing: (environment: FbrEnvironment) => `The ${environment} token`,
  secretsKey: 'Tokens cannot be stored: set SECRETS_KEY (at least 32 characters) on the server',
  resolveState: (status: string) => `This submission is ${status}: the action does not apply`,
  fbrInvoiceNumber: "FBR invoice number must be the seller's NTN or CNIC, DI and 13 digits, as 0711234DI1747119701593",
  numberTaken: (documentNumber: string) => `This FBR invoice number is already recorded on ${documentNumber}`,
  notPosted: 'The invoice is no longer posted (cancelled): it is not sent to FBR',
  amountsChanged: 'The document would change in amounts if sent again: cancel it and issue another',
  reportedCancel: (state: string) => `This invoice is reported to FBR (${state}); issue a sales return instead`,
  itemFacts: (itemName: string) => `${itemName} has no HS code or FBR unit: FBR refuses such a line`,
  unitNotAllowed: (itemName: string, unit: string, hsCode: string) => `FBR does not allow the unit ${unit} for ${itemName}'s HS code ${hsCode}`,
  buyerProvince: "The customer's province is required to report the invoice to FBR",
  returnReason: 'Reason is required: FBR takes a return as a Debit Note with its reason',
  returnNotAccepted: 'The invoice has no FBR number yet',
  returnTooLate: (invoiceDate: string) => `FBR takes a return only within 180 days of the invoice (dated ${invoiceDate})`,
  reportedReturnCancel: (state: string) => `This sales return is reported to FBR (${state}); it cannot be cancelled`,
  registrationNumberMissing: 'The customer has no NTN or CNIC for FBR to check',
  registrationToken: (environment: FbrEnvironment) => `FBR cannot be asked: the ${environment} token is not set, or this server's key cannot read it`,
  registrationFailed: (why: string) => `FBR's registration check failed, nothing changed: ${why}`,
  registrationChecked: (type: string) => `FBR says the customer is ${type}`,
  registrationNumberChanged: "The customer's NTN or CNIC changed while FBR was asked: check again",
  unitUnknown: (unit: string) => `FBR's list of units has no "${unit}": pick one of FBR's units (Settings, FBR reference data)`,
  referenceToken: (environment: FbrEnvironment) => `FBR's reference data cannot be fetched: the ${environment} token is not set, or this server's key cannot read it`,
  referenceFailed: (list: string, why: string) => `FBR's reference data was not refreshed, nothing changed: ${list}: ${why}`,
  referenceNeedsProvince: "FBR's rates are asked for the company's province: set it first (Settings, sales tax)",
  referenceProvince: (province: string) => `FBR's list of provinces has no entry for the company's province (${province}): its rates cannot be fetched`,
  logoType: 'The FBR logo must be a PNG or JPEG image',
  logoTooLarge: 'The FBR logo must be at most 512 KB',
  logoMissing: 'Please choose the FBR logo’s image file',
  logoSaved: 'FBR logo saved',
  logoRemoved: 'FBR logo removed',
  settingsSaved: 'FBR settings saved',
  /** A report FBR's sandbox holds, once the company reports to production (`state`: "accepted as <number>", "queued", ...). */
  sandboxOnly: (state: string) => `Reported to FBR's sandbox only (${state}): resend it to report it to production, or cancel the document`,
  sandboxSending: (count: number) => `${count} report(s) are being sent to FBR's sandbox right now: switch to production once they are answered`,
  movedToProduction: (count: number) => `FBR settings saved: ${count} report(s) made in the sandbox wait for a person on the FBR tab (resend, or cancel the document)`,
} as const;

const wholeIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int({ error: `${label} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${label} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${label} must be a whole number from ${min} to ${max}` });

const httpUrl = z
  .string({ error: fbrMessages.baseUrl })
  .trim()
  .max(500, { error: 'Base URL must be at most 500 characters' })
  // A scheme and a host, nothing else checked: the domain has no URL parser, and the server's request will say more.
  .regex(/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i, { error: fbrMessages.baseUrl })
  // Paths are appended to it: one trailing slash or none reads the same.
  .transform((value) => value.replace(/\/+$/, ''));

const token = z.string({ error: 'A token must be text' }).trim().max(4000, { error: 'A token must be at most 4000 characters' });

/** PUT /api/fbr/settings: any of the fields; a token of '' clears it. */
export const fbrSettingsInputSchema = z.strictObject({
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
  environment: z.enum(fbrEnvironments, { error: 'Environment must be sandbox or production' }).optional(),
  baseUrl: httpUrl.optional(),
  timeoutSeconds: wholeIn('Timeout', 1, 120).optional(),
  retryBaseSeconds: wholeIn('Retry base', 1, 3600).optional(),
  concurrency: wholeIn('Concurrency', 1, 32).optional(),
  registeredAsRetailer: z.boolean({ error: 'Registered as retailer must be true or false' }).optional(),
  sandboxToken: token.optional(),
  productionToken: token.optional(),
});
export type FbrSettingsInput = z.infer<typeof fbrSettingsInputSchema>;

/** What GET answers: never a token, only whether each is set. */
export interface FbrSettings {
  enabled: boolean;
  environment: FbrEnvironment;
  baseUrl: string;
  /** The URL requests go to: FBR_BASE_URL when the server has it, else baseUrl. */
  effectiveBaseUrl: string;
  baseUrlFromEnv: boolean;
  timeoutSeconds: number;
  retryBaseSeconds: number;
  concurrency: number;
  registeredAsRetailer: boolean;
  sandboxTokenSet: boolean;
  productionTokenSet: boolean;
}
