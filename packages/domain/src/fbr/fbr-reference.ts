/**
 * FBR's reference data (issue 30, section 2): the lists the server caches from FBR, and what the
 * payload takes from them. Pure: the server fetches and stores the rows; here they are read.
 * Rows are FBR's objects as received (its field names, `transactioN_DESC` and all), so every
 * reader here takes a field only when it has the expected type and passes the row over otherwise.
 */
import { z } from 'zod';
import { type SaleType, saleTypes } from '../inventory/inventory.area.ts';
import { type Province, provinces } from '../sales/sales.area.ts';
import { type FbrWords, fbrBuiltInProvinceNames } from './fbr-payload.ts';

export const fbrReferenceKinds = ['provinces', 'documentTypes', 'transactionTypes', 'uom', 'hsUom', 'rates'] as const;
export type FbrReferenceKind = (typeof fbrReferenceKinds)[number];
export const fbrReferenceKindSchema = z.enum(fbrReferenceKinds, { error: `Kind must be one of ${fbrReferenceKinds.join(', ')}` });

/** A row of FBR's lists: an object whose fields are FBR's. */
export type FbrReferenceRow = Readonly<Record<string, unknown>>;

/** A row of the `hsUom` kind: one HS code (as the items hold it, 3822.1900) with FBR's `/pdi/v2/HS_UOM` rows for it. */
export interface FbrHsUomRow {
  hsCode: string;
  units: FbrReferenceRow[];
}

/** A row of the `rates` kind: one sale type with FBR's `/pdi/v2/SaleTypeToRate` rows for its transaction type. */
export interface FbrSaleTypeRates {
  saleType: SaleType;
  transactionTypeId: number;
  rates: FbrReferenceRow[];
}

const monthAbbreviations = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** SaleTypeToRate's `date`: 2026-12-03 as 03-Dec-2026. */
export function fbrReferenceDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? monthAbbreviations[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return `${match[3]}-${month}-${match[1]}`;
}

/** Upper-case words of letters and digits: "Gilgit-Baltistan" and "GILGIT BALTISTAN" read alike. */
function wordsOf(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '');
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * FBR's row of a province, found by its words, since FBR's codes are its own: the row whose
 * `stateProvinceDesc` reads as the built-in name or our label, else the one row whose words hold
 * all of either's ("ISLAMABAD CAPITAL TERRITORY" for "CAPITAL TERRITORY"). Undefined when none, or
 * when the looser match finds two (guessing a province would misplace an invoice).
 */
export function fbrProvinceRowOf(rows: readonly FbrReferenceRow[], province: Province): FbrReferenceRow | undefined {
  const label = provinces.find((entry) => entry.value === province)?.label ?? '';
  const candidates = [wordsOf(fbrBuiltInProvinceNames[province]), wordsOf(label)].filter((words) => words.length > 0);
  const named = rows.flatMap((row) => {
    const description = text(row.stateProvinceDesc);
    return description === undefined ? [] : [{ row, words: wordsOf(description) }];
  });
  const exact = named.find(({ words }) => candidates.some((candidate) => candidate.join(' ') === words.join(' ')));
  if (exact) return exact.row;
  const containing = named.filter(({ words }) => candidates.some((candidate) => candidate.every((word) => words.includes(word))));
  return containing.length === 1 ? containing[0]!.row : undefined;
}

/** What the cache holds for the payload's words: each list, empty when never fetched. */
export interface FbrWordsSource {
  provinces: readonly FbrReferenceRow[];
  transactionTypes: readonly FbrReferenceRow[];
  rates: readonly FbrSaleTypeRates[];
}

/**
 * The payload's words from the cache: each province's `stateProvinceDesc`, each sale type's
 * `transactioN_DESC` (by its FBR transaction type id), each sale type's rates. What the cache
 * lacks is left out, and the builder falls back to its built-in names and the line's rate label.
 */
export function fbrWordsOf(source: FbrWordsSource): FbrWords {
  const words: Required<FbrWords> = { provinces: {}, saleTypes: {}, rates: {} };
  for (const { value } of provinces) {
    const description = text(fbrProvinceRowOf(source.provinces, value)?.stateProvinceDesc);
    if (description !== undefined) words.provinces[value] = description;
  }
  for (const { value, fbrTransactionType } of saleTypes) {
    const row = source.transactionTypes.find((candidate) => Number(candidate.transactioN_TYPE_ID) === fbrTransactionType);
    const description = text(row?.transactioN_DESC);
    if (description !== undefined) words.saleTypes[value] = description;
  }
  for (const entry of source.rates) {
    const rates = entry.rates.flatMap((rate) => {
      const description = text(rate.ratE_DESC);
      // FBR's rate is a percentage it sends as a JSON number (18, 0.5); a number as text is taken too.
      const value = typeof rate.ratE_VALUE === 'number' ? rate.ratE_VALUE : typeof rate.ratE_VALUE === 'string' && rate.ratE_VALUE.trim() !== '' ? Number(rate.ratE_VALUE) : Number.NaN;
      return description !== undefined && Number.isFinite(value) ? [{ value, description }] : [];
    });
    if (rates.length > 0) words.rates[entry.saleType] = rates;
  }
  return words;
}

/** The unit descriptions FBR allows for one HS code, from its `hsUom` row. */
export function fbrUnitsOf(row: FbrHsUomRow): string[] {
  return row.units.flatMap((unit) => {
    const description = text(unit.description);
    return description === undefined ? [] : [description.trim()];
  });
}
