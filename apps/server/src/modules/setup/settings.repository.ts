import { type AreasFold, areasFold, type CompanySettings, defaultProductTitle, type LogoKind, type PublicCompany } from '@erp/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companyLogos } from '../../db/schema/index.ts';
import { readSettingRow, readSettingValues, writeSettingValues } from './setting-values.ts';

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

/**
 * The single settings row; the first start creates it, this only reads. Every section of
 * `settings` (the app's areas; by default the domain's), in their composed order; before the row
 * exists, each setting's default, and an empty company name.
 */
export async function readCompanySettings(executor: Executor, settings: AreasFold['settings'] = areasFold.settings): Promise<CompanySettings> {
  const keys = Object.keys(settings.fields);
  const row = await readSettingRow(executor, keys);
  const logos = await logoUrls(executor);
  const values = Object.fromEntries(keys.map((key) => [key, row ? row[key] : (settings.defaults[key] ?? '')]));
  return { ...values, rectangleLogo: logos.rectangle, squareLogo: logos.square } as CompanySettings;
}

/** The settings row made on the first start (the columns' defaults), when there is none. */
export async function ensureCompanySettings(executor: Executor): Promise<void> {
  await writeSettingValues(executor, {});
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
  const row = await readSettingValues(executor, ['companyName', 'address', 'phone', 'taxNumber', 'currency', 'invoiceFooter']);
  const [logo] = await executor.select({ bytes: companyLogos.bytes, mime: companyLogos.mime }).from(companyLogos).where(eq(companyLogos.kind, 'rectangle'));
  return {
    // No name set yet: the product title, as the sign-in page and the web's print header show.
    name: row.companyName || defaultProductTitle,
    address: row.address ?? '',
    phone: row.phone ?? '',
    taxNumber: row.taxNumber ?? '',
    currency: row.currency ?? 'PKR',
    invoiceFooter: row.invoiceFooter ?? '',
    logo: logo ? { bytes: logo.bytes, mimeType: logo.mime } : null,
  };
}

/** A logo image as uploaded, for the public logo route. */
export async function findCompanyLogo(executor: Executor, kind: LogoKind) {
  const [logo] = await executor.select().from(companyLogos).where(eq(companyLogos.kind, kind));
  return logo;
}
