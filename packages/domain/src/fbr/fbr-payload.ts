/**
 * The one JSON invoice FBR's digital invoicing (PRAL DI API v1.12) takes, built from what a
 * posted invoice or return already says. Pure: the caller reads the document, FBR's reference
 * data and the environment, and sends the result.
 */
import type { SaleType } from '../inventory/inventory.area.ts';
import { compareDecimal, roundDecimal } from '../money.ts';
import type { Province } from '../sales/sales.area.ts';
import type { FbrEnvironment } from './fbr-settings.ts';

// One declaration for the area: fbr.area.ts re-exports both files, and two distinct types of one name would clash there.
export type { FbrEnvironment };

/** FBR knows only these two: a sales return goes as a Debit Note. */
export type FbrInvoiceType = 'Sale Invoice' | 'Debit Note';

export interface FbrPartyFacts {
  businessName: string;
  province: Province | null;
  address: string;
}

export interface FbrPayloadLine {
  hsCode: string | null;
  productDescription: string;
  saleType: SaleType;
  taxRate: string;
  rateLabel: string;
  fbrUom: string | null;
  quantity: number;
  amount: string;
  taxAmount: string;
  furtherTaxAmount: string;
  lineTotal: string;
  retailPrice: string | null;
  sroScheduleNo: string;
  sroItemSerialNo: string;
  /** The discount in money (price x quantity - amount), as the caller computed it. */
  discount: string;
  /**
   * FBR's words for a sale type the domain does not model (a sandbox scenario's sample goods:
   * mobile phones, cement...): sent as they are, with the line's own rate label, in place of the
   * words of `saleType`, which then only says how the line was taxed.
   */
  fbrSaleType?: string;
}

export interface FbrPayloadInput {
  invoiceType: FbrInvoiceType;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  environment: FbrEnvironment;
  seller: FbrPartyFacts & { ntn: string };
  buyer: FbrPartyFacts & { ntn: string | null; cnic: string | null; registrationType: 'registered' | 'unregistered' };
  /** Debit Note only: the original invoice's FBR number and the reason. */
  invoiceRefNo?: string;
  reason?: string;
  /** The sandbox scenario a scenario run tests (issue 30, section 7); an invoice's follows from its first line. */
  scenarioId?: string;
  lines: readonly FbrPayloadLine[];
}

/** Words from FBR's reference data when loaded (else the built-in names below). */
export interface FbrWords {
  /** stateProvinceDesc per province. */
  provinces?: Partial<Record<Province, string>>;
  /** transactioN_DESC per sale type. */
  saleTypes?: Partial<Record<SaleType, string>>;
  /** ratE_DESC by sale type and ratE_VALUE: rates[saleType] is a list of {value: number, description: string}. */
  rates?: Partial<Record<SaleType, ReadonlyArray<{ value: number; description: string }>>>;
}

export interface FbrPayloadItem {
  hsCode: string;
  productDescription: string;
  rate: string;
  uoM: string;
  quantity: number;
  totalValues: number;
  valueSalesExcludingST: number;
  fixedNotifiedValueOrRetailPrice: number;
  salesTaxApplicable: number;
  salesTaxWithheldAtSource: number;
  extraTax: number;
  furtherTax: number;
  sroScheduleNo: string;
  fedPayable: number;
  discount: number;
  saleType: string;
  sroItemSerialNo: string;
}

export interface FbrPayload {
  invoiceType: FbrInvoiceType;
  invoiceDate: string;
  sellerNTNCNIC: string;
  sellerBusinessName: string;
  sellerProvince: string;
  sellerAddress: string;
  buyerNTNCNIC: string;
  buyerBusinessName: string;
  buyerProvince: string;
  buyerAddress: string;
  buyerRegistrationType: 'Registered' | 'Unregistered';
  invoiceRefNo: string;
  reason?: string;
  scenarioId?: string;
  items: FbrPayloadItem[];
}

/** FBR's stateProvinceDesc words, for when its reference data has not been loaded yet. */
export const fbrBuiltInProvinceNames: Record<Province, string> = {
  punjab: 'PUNJAB',
  sindh: 'SINDH',
  khyberPakhtunkhwa: 'KHYBER PAKHTUNKHWA',
  balochistan: 'BALOCHISTAN',
  capitalTerritory: 'CAPITAL TERRITORY',
  gilgitBaltistan: 'GILGIT BALTISTAN',
  azadKashmir: 'AZAD JAMMU AND KASHMIR',
};

/** FBR's transactioN_DESC words, for when its reference data has not been loaded yet. */
export const fbrBuiltInSaleTypeNames: Record<SaleType, string> = {
  standardRate: 'Goods at standard rate (default)',
  reducedRate: 'Goods at Reduced Rate',
  zeroRate: 'Goods at zero-rate',
  exempt: 'Exempt goods',
  thirdSchedule: '3rd Schedule Goods',
  nonAdjustable: 'Non-Adjustable Supplies',
};

const scenarioBySaleType: Record<Exclude<SaleType, 'standardRate'>, string> = {
  reducedRate: 'SN005',
  exempt: 'SN006',
  zeroRate: 'SN007',
  thirdSchedule: 'SN008',
  nonAdjustable: 'SN025',
};

/** The sandbox scenario an invoice is checked against; only the standard rate tells registered from unregistered buyers. */
export function fbrScenarioOf(saleType: SaleType, registrationType: 'registered' | 'unregistered'): string {
  if (saleType === 'standardRate') return registrationType === 'registered' ? 'SN001' : 'SN002';
  return scenarioBySaleType[saleType];
}

export function buildFbrPayload(input: FbrPayloadInput, words: FbrWords = {}): FbrPayload {
  const { seller, buyer } = input;
  const isDebitNote = input.invoiceType === 'Debit Note';
  const firstLine = input.lines[0];
  const provinceName = (province: Province | null) => (province === null ? '' : (words.provinces?.[province] ?? fbrBuiltInProvinceNames[province]));
  return {
    invoiceType: input.invoiceType,
    invoiceDate: input.invoiceDate,
    sellerNTNCNIC: seller.ntn,
    sellerBusinessName: seller.businessName,
    sellerProvince: provinceName(seller.province),
    sellerAddress: seller.address,
    buyerNTNCNIC: filled(buyer.ntn) ?? filled(buyer.cnic) ?? '',
    buyerBusinessName: buyer.businessName,
    buyerProvince: provinceName(buyer.province),
    buyerAddress: buyer.address,
    buyerRegistrationType: buyer.registrationType === 'registered' ? 'Registered' : 'Unregistered',
    invoiceRefNo: isDebitNote ? (input.invoiceRefNo ?? '') : '',
    ...(isDebitNote ? { reason: input.reason ?? '' } : {}),
    // Production takes no scenario; an invoice without lines has none to name (FBR refuses it anyway).
    ...(input.environment === 'sandbox' && input.scenarioId !== undefined ? { scenarioId: input.scenarioId } : {}),
    ...(input.environment === 'sandbox' && input.scenarioId === undefined && firstLine ? { scenarioId: fbrScenarioOf(firstLine.saleType, buyer.registrationType) } : {}),
    items: input.lines.map((line) => payloadItem(line, words)),
  };
}

function payloadItem(line: FbrPayloadLine, words: FbrWords): FbrPayloadItem {
  // Reference data is FBR's, not ours: an entry without a usable value is passed over rather than failing the invoice.
  // Words FBR gave for another sale type would be wrong for a line in words of its own (SN021's `Rs.3`, not `18%`).
  const rate = line.fbrSaleType !== undefined ? undefined : words.rates?.[line.saleType]?.find((entry) => Number.isFinite(entry.value) && sameDecimal(decimalTextOf(entry.value), line.taxRate));
  return {
    // Posting refuses a line without them first; the builder stays total so that no caller has to guard it.
    hsCode: line.hsCode ?? '',
    productDescription: line.productDescription,
    rate: rate?.description ?? line.rateLabel,
    uoM: line.fbrUom ?? '',
    quantity: jsonNumber(decimalTextOf(line.quantity), 4),
    totalValues: jsonNumber(line.lineTotal),
    valueSalesExcludingST: jsonNumber(line.amount),
    fixedNotifiedValueOrRetailPrice: line.saleType === 'thirdSchedule' && line.retailPrice !== null ? jsonNumber(line.retailPrice) : 0,
    salesTaxApplicable: jsonNumber(line.taxAmount),
    salesTaxWithheldAtSource: 0,
    extraTax: 0,
    furtherTax: jsonNumber(line.furtherTaxAmount),
    sroScheduleNo: line.sroScheduleNo,
    fedPayable: 0,
    discount: jsonNumber(line.discount),
    saleType: line.fbrSaleType ?? words.saleTypes?.[line.saleType] ?? fbrBuiltInSaleTypeNames[line.saleType],
    sroItemSerialNo: line.sroItemSerialNo,
  };
}

/** FBR's invoice number: the seller's NTN (7 digits) or CNIC (13), 'DI', 13 digits, e.g. 7000007DI1747119701593. */
export function isFbrInvoiceNumber(value: string, sellerNtnOrCnic?: string): boolean {
  const match = /^(\d{7}|\d{13})DI\d{13}$/.exec(value);
  if (!match) return false;
  // A CNIC is usually written 12345-1234567-1; FBR's number carries its digits alone.
  return sellerNtnOrCnic === undefined || match[1] === sellerNtnOrCnic.replace(/[\s-]/g, '');
}

function filled(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * A decimal rounded half-up on its text, then read as a number: the rounding is exact, and
 * the number is only the closest double to a short decimal, which JSON writes back as that decimal.
 */
function jsonNumber(value: string, scale = 2): number {
  return Number(roundDecimal(value, { scale, rounding: 'half-up' }));
}

/** Whether two decimals are the same number ('18' and '18.00'), compared exactly at the longer one's decimals. */
function sameDecimal(a: string, b: string): boolean {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  return compareDecimal(a, b, scale) === 0;
}

function decimalsOf(value: string): number {
  return value.trim().split('.')[1]?.length ?? 0;
}

/**
 * A number as plain decimal text: its shortest round-trip form (what was written, 10.00005 and
 * not the double's 10.0000499...), with an exponent (1e-7, 1e+21) spelt out.
 */
function decimalTextOf(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole = '', fraction = '', exponentText = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
