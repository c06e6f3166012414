import { type CompanySettings, companySettingsDefaults, companySettingsSchema, defaultProductTitle, type LogoKind, type PublicCompany } from '@erp/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companyLogos, companySettings } from '../../db/schema/index.ts';

/** The URL of a logo; `v` changes with the image, so browsers may cache it for long. */
export function logoUrl(kind: LogoKind, sha256: string): string {
  return `/api/company/logo/${kind}?v=${sha256.slice(0, 16)}`;
}

async function logoUrls(executor: Executor): Promise<Record<LogoKind, string | null>> {
  const rows = await executor.select({ kind: companyLogos.kind, sha256: companyLogos.sha256 }).from(companyLogos);
  const urls: Record<LogoKind, string | null> = { rectangle: null, square: null };
  for (const row of rows) if (row.kind === 'rectangle' || row.kind === 'square') urls[row.kind] = logoUrl(row.kind, row.sha256);
  return urls;
}

/** A setting of some area's section (the logos are not settings): each is a column of the row, added by its area's migration. */
type SettingKey = Exclude<keyof CompanySettings, 'rectangleLogo' | 'squareLogo'>;

/**
 * The single settings row; the first start creates it, this only reads. Every area's section, in
 * their composed order (companySettingsSchema); before the row exists, each setting's default,
 * and an empty company name.
 */
export async function readCompanySettings(executor: Executor): Promise<CompanySettings> {
  const [row] = await executor.select().from(companySettings).limit(1);
  const logos = await logoUrls(executor);
  const defaults: Partial<Record<SettingKey, unknown>> = companySettingsDefaults;
  const keys = Object.keys(companySettingsSchema.shape) as SettingKey[];
  const settings = Object.fromEntries(keys.map((key) => [key, row ? row[key] : (defaults[key] ?? '')]));
  return { ...settings, rectangleLogo: logos.rectangle, squareLogo: logos.square } as CompanySettings;
}

/** The settings row made on the first start (the columns' defaults), when there is none. */
export async function ensureCompanySettings(executor: Executor): Promise<void> {
  const [settings] = await executor.select({ id: companySettings.id }).from(companySettings).limit(1);
  if (!settings) await executor.insert(companySettings).values({});
}

/** What the login page may show: an empty name means "not set", and the product title shows instead. */
export async function readPublicCompany(executor: Executor): Promise<PublicCompany> {
  const settings = await readCompanySettings(executor);
  return { companyName: settings.companyName || null, rectangleLogo: settings.rectangleLogo };
}

/** What a printed document's letterhead shows of the company; the logo is the rectangular one, as in the web's print header. */
export interface CompanyLetterhead {
  name: string;
  address: string;
  phone: string;
  taxNumber: string;
  currency: string;
  /** Small print at the foot of invoices and credit notes. */
  invoiceFooter: string;
  logo: { bytes: Buffer; mimeType: string } | null;
}

export async function readCompanyLetterhead(executor: Executor): Promise<CompanyLetterhead> {
  const [row] = await executor
    .select({ companyName: companySettings.companyName, address: companySettings.address, phone: companySettings.phone, taxNumber: companySettings.taxNumber, currency: companySettings.currency, invoiceFooter: companySettings.invoiceFooter })
    .from(companySettings)
    .limit(1);
  const [logo] = await executor.select({ bytes: companyLogos.bytes, mime: companyLogos.mime }).from(companyLogos).where(eq(companyLogos.kind, 'rectangle'));
  return {
    // No name set yet: the product title, as the sign-in page and the web's print header show.
    name: row?.companyName || defaultProductTitle,
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    taxNumber: row?.taxNumber ?? '',
    currency: row?.currency ?? 'PKR',
    invoiceFooter: row?.invoiceFooter ?? '',
    logo: logo ? { bytes: logo.bytes, mimeType: logo.mime } : null,
  };
}

/** A logo image as uploaded, for the public logo route. */
export async function findCompanyLogo(executor: Executor, kind: LogoKind) {
  const [logo] = await executor.select().from(companyLogos).where(eq(companyLogos.kind, kind));
  return logo;
}
