// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types: its declaration, read wherever this file is compiled (the server and the web too)
/// <reference path="./gs1-barcode-parser-mod.d.ts" />
import { type ParsedElement, parseBarcode } from 'gs1-barcode-parser-mod';
import { gtin14Of, gtinMessages, hasValidCheckDigit } from './gtin.ts';

/**
 * Reading a scanned GS1 code (issue 32, section 1). The package `gs1-barcode-parser-mod` splits
 * an element string into its elements (which AI, where each ends); this file alone imports it.
 * What it does not do, or not as the issue says, is ours (docs/decisions/gs1.md): the symbology
 * identifiers it does not know (`]E0`, `]E4`) and refusing the others, the separators, a bare
 * GTIN, the human-readable form (rewritten here so that every element ends at a GS), the check
 * digit, the dates (the sliding window of `today`, not the machine's clock, and impossible days
 * refused rather than rolled over into the next month) and naming the element that fails.
 */

export const groupSeparator = '\u001d';

export const gs1Symbologies = ['gs1DataMatrix', 'gs1128', 'gs1Qr', 'gs1DataBar', 'ean'] as const;
export type Gs1Symbology = (typeof gs1Symbologies)[number];

export interface Gs1Element {
  ai: string;
  value: string;
}

/** A scan read: absent fields are null, dates `YYYY-MM-DD`, `elements` every element in the scan's order. */
export interface Gs1Scan {
  symbology: Gs1Symbology | null;
  gtin: string | null;
  lot: string | null;
  expiry: string | null;
  bestBefore: string | null;
  productionDate: string | null;
  serial: string | null;
  count: number | null;
  elements: Gs1Element[];
}

export const gs1ErrorCodes = ['empty', 'notGs1', 'checkDigit', 'badElement', 'unknownAi'] as const;
export type Gs1ErrorCode = (typeof gs1ErrorCodes)[number];

export type Gs1ParseResult = { ok: true; value: Gs1Scan } | { ok: false; code: Gs1ErrorCode; message: string };

export interface Gs1ParseOptions {
  /** Characters a scanner sends for GS (FNC1); `""` or absent: none. */
  separators?: string;
  /** `YYYY-MM-DD`: the day the two-digit years are read from (default: today, UTC). */
  today?: string;
}

const symbologies: Readonly<Record<string, Gs1Symbology>> = {
  ']d2': 'gs1DataMatrix',
  ']C1': 'gs1128',
  ']Q3': 'gs1Qr',
  ']e0': 'gs1DataBar',
  ']E0': 'ean',
  ']E4': 'ean',
};

/** The elements this reader names; others are kept in `elements` as read. */
const aiLabels: Readonly<Record<string, string>> = {
  '00': 'SSCC',
  '01': 'GTIN',
  '02': 'Contained GTIN',
  '10': 'Lot',
  '11': 'Production date',
  '12': 'Due date',
  '13': 'Packaging date',
  '15': 'Best before',
  '16': 'Sell by',
  '17': 'Expiry',
  '20': 'Variant',
  '21': 'Serial',
  '30': 'Count',
  '37': 'Count',
};
const fixedLengths: Readonly<Record<string, number>> = { '00': 18, '01': 14, '02': 14, '11': 6, '12': 6, '13': 6, '15': 6, '16': 6, '17': 6, '20': 2 };
const dateAis = new Set(['11', '12', '13', '15', '16', '17']);
/** GS1's limits of the variable-length elements read here. */
const maxLengths: Readonly<Record<string, number>> = { '10': 20, '21': 20, '30': 8, '37': 8 };

/**
 * The elements the scan's fields name, read without the package: a fixed length, or `variable`
 * (to the next GS or the end). A scan of these alone, the labels of our goods, is read by
 * `knownElements`; one with any other AI, or an element that does not fit, goes to the package.
 */
const ownLengths: Readonly<Record<string, number | 'variable'>> = {
  '00': 18, '01': 14, '02': 14, '11': 6, '12': 6, '13': 6, '15': 6, '16': 6, '17': 6, '20': 2,
  '10': 'variable', '21': 'variable', '30': 'variable', '37': 'variable',
};

/** The elements of a GS-separated element string of the AIs of `ownLengths` alone, else null. */
function knownElements(text: string): Gs1Element[] | null {
  const elements: Gs1Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === groupSeparator) {
      at += 1;
      continue;
    }
    const ai = text.slice(at, at + 2);
    const length = ownLengths[ai];
    if (length === undefined) return null;
    at += 2;
    if (length === 'variable') {
      const end = text.indexOf(groupSeparator, at);
      const stop = end < 0 ? text.length : end;
      elements.push({ ai, value: text.slice(at, stop) });
      at = stop;
    } else {
      const value = text.slice(at, at + length);
      if (value.length < length || value.includes(groupSeparator)) return null;
      elements.push({ ai, value });
      at += length;
    }
  }
  return elements;
}

/** The package's reading of an element string (GS-separated), or null when it refuses it. */
export function packageElements(text: string): Gs1Element[] | null {
  return tryParse(text)?.map((element) => ({ ai: element.ai, value: element.raw })) ?? null;
}

const nameOf = (ai: string) => `${aiLabels[ai] ?? 'Element'} (${ai})`;

export const gs1Messages = {
  empty: 'Nothing was scanned; scan again',
  notGs1: (identifier: string) => `This code (${identifier}) is not a GS1 barcode`,
  eanNotGtin: 'An EAN or UPC code must hold a GTIN of 8, 12 or 13 digits',
  digits: (ai: string, length: number) => `${nameOf(ai)} must have ${length} digits`,
  notDate: (ai: string, text: string) => `${nameOf(ai)} ${text} is not a real date (YYMMDD)`,
  tooLong: (ai: string, length: number) => `${nameOf(ai)} must have at most ${length} characters`,
  notCount: (ai: string) => `${nameOf(ai)} must be a whole number of at most 8 digits`,
  unreadable: (ai: string) => `${nameOf(ai)} could not be read; scan again`,
  emptyElement: (ai: string) => `${nameOf(ai)} is empty; scan again`,
  unknownAi: (ai: string) => `The code holds an element GS1 does not define (${ai}); scan again`,
  ssccCheckDigit: (sscc: string) => `SSCC ${sscc} has a wrong check digit; scan again`,
} as const;

class Gs1Refusal {
  constructor(
    readonly code: Gs1ErrorCode,
    readonly message: string,
  ) {}
}

/** The digits a failing element's AI most likely has, by GS1's table of AI lengths by their first two digits. */
function aiAt(text: string): string {
  const two = text.slice(0, 2);
  const length = /^(3[1-69]|7[02]|8[0-2])$/.test(two) ? 4 : /^(2[3-5]|4[0-3]|71)$/.test(two) ? 3 : 2;
  return text.slice(0, length) || text;
}

function tryParse(text: string): ParsedElement[] | null {
  try {
    return parseBarcode(text).parsedCodeItems;
  } catch {
    return null;
  }
}

/** Where the package fails inside one GS-delimited part: walk its elements one by one, answer the AI of the one that fails. */
function failingAi(part: string): string {
  let position = 0;
  while (position < part.length) {
    const rest = part.slice(position);
    let next = -1;
    for (let length = 3; length < rest.length; length += 1) {
      const one = tryParse(rest.slice(0, length));
      if (one?.length === 1 && one[0]!.ai.length + one[0]!.raw.length === length) {
        // A variable-length element runs to the part's end: the failure is in it.
        if (tryParse(rest.slice(0, length + 1))?.length === 1) return one[0]!.ai;
        next = position + length;
        break;
      }
    }
    if (next < 0) return aiAt(rest);
    position = next;
  }
  return aiAt(part);
}

function elementsOfPart(part: string): Gs1Element[] {
  try {
    return parseBarcode(part).parsedCodeItems.map((element) => ({ ai: element.ai, value: element.raw }));
  } catch (error) {
    const reason = String(error);
    const ai = failingAi(part);
    if (/invalid AI|no valid AI|unrecognised AI/.test(reason) && !(ai in aiLabels)) throw new Gs1Refusal('unknownAi', gs1Messages.unknownAi(ai));
    const length = fixedLengths[ai];
    throw new Gs1Refusal('badElement', length === undefined ? gs1Messages.unreadable(ai) : gs1Messages.digits(ai, length));
  }
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** YYMMDD: the century by GS1's sliding window (General Specifications 7.12: up to 49 years back, 50 ahead of `today`), day 00 the month's last. */
function dateOf(ai: string, text: string, todayYear: number): string {
  if (!/^\d{6}$/.test(text)) throw new Gs1Refusal('badElement', gs1Messages.digits(ai, 6));
  const yy = Number(text.slice(0, 2));
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  const currentYy = todayYear % 100;
  const century = todayYear - currentYy;
  const gap = yy - currentYy;
  const year = yy + century + (gap >= 51 ? -100 : gap <= -50 ? 100 : 0);
  if (month < 1 || month > 12 || day > daysIn(year, month)) throw new Gs1Refusal('badElement', gs1Messages.notDate(ai, text));
  return `${pad(year, 4)}-${pad(month)}-${pad(day === 0 ? daysIn(year, month) : day)}`;
}

/** `(01)0401...(17)261231(10)ABC` -> the same elements, each ended by a GS. */
function fromHumanReadable(text: string): string {
  const pieces = text.split(/\((\d{2,4})\)/);
  let out = pieces[0] ?? '';
  for (let i = 1; i < pieces.length; i += 2) out += `${pieces[i]}${pieces[i + 1] ?? ''}${groupSeparator}`;
  return out;
}

function todayYearOf(today: string | undefined): number {
  if (today && /^\d{4}-\d{2}-\d{2}$/.test(today)) return Number(today.slice(0, 4));
  return new Date().getUTCFullYear();
}

const isBlank = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** The scan without outer spaces, tabs, CR and LF (a wedge's Enter); GS is kept. */
function trimmed(scan: string): string {
  let start = 0;
  let end = scan.length;
  while (start < end && isBlank(scan.charCodeAt(start))) start += 1;
  while (end > start && isBlank(scan.charCodeAt(end - 1))) end -= 1;
  return start === 0 && end === scan.length ? scan : scan.slice(start, end);
}

function read(scan: string, options: Gs1ParseOptions): Gs1Scan {
  let text = trimmed(scan);
  if (text === '') throw new Gs1Refusal('empty', gs1Messages.empty);
  let symbology: Gs1Symbology | null = null;
  if (text.startsWith(']')) {
    const identifier = text.slice(0, 3);
    symbology = symbologies[identifier] ?? null;
    if (symbology === null) throw new Gs1Refusal('notGs1', gs1Messages.notGs1(identifier));
    text = text.slice(3);
  }
  if (text.startsWith(groupSeparator)) text = text.slice(1);
  for (const separator of options.separators ?? '') text = text.split(separator).join(groupSeparator);
  let elements: Gs1Element[];
  // A GS1 identifier (`]d2`, `]C1`, `]Q3`, `]e0`) says the text is element strings, so it is never
  // read as a bare GTIN: `]C110123456` is lot 123456, and `]d211261231` a production date.
  const bare = symbology === null || symbology === 'ean' ? gtin14Of(text) : null;
  if (bare !== null) elements = [{ ai: '01', value: bare }];
  else if (symbology === 'ean') throw new Gs1Refusal('notGs1', gs1Messages.eanNotGtin);
  else {
    if (text.startsWith('(')) text = fromHumanReadable(text);
    // Ours for the elements the fields name (the package costs some 18 µs a call: docs/decisions/gs1.md),
    // the package for any other; a refusal is read again part by part, to name the element.
    const known = knownElements(text);
    if (known !== null && known.length > 0) elements = known;
    else {
      const parts = text.split(groupSeparator).filter((part) => part !== '');
      if (parts.length === 0) throw new Gs1Refusal('empty', gs1Messages.empty);
      const joined = parts.join(groupSeparator);
      elements = packageElements(joined) ?? parts.flatMap(elementsOfPart);
    }
  }
  const todayYear = todayYearOf(options.today);
  const found: Record<string, string> = {};
  for (const { ai, value } of elements) {
    // Only a variable-length element can be empty (`10` then a GS): an AI with no value is a malformed scan, not lot ''.
    if (value === '') throw new Gs1Refusal('badElement', gs1Messages.emptyElement(ai));
    if (ai === '01' || ai === '02') {
      if (!/^\d{14}$/.test(value)) throw new Gs1Refusal('badElement', gs1Messages.digits(ai, 14));
      if (!hasValidCheckDigit(value)) throw new Gs1Refusal('checkDigit', gtinMessages.checkDigit(value));
    } else if (ai === '00') {
      // Neither our reading nor the package's looks at the characters of a fixed-length element.
      if (!/^\d{18}$/.test(value)) throw new Gs1Refusal('badElement', gs1Messages.digits(ai, 18));
      if (!hasValidCheckDigit(value)) throw new Gs1Refusal('checkDigit', gs1Messages.ssccCheckDigit(value));
    } else if (ai === '20') {
      if (!/^\d{2}$/.test(value)) throw new Gs1Refusal('badElement', gs1Messages.digits(ai, 2));
    } else if (dateAis.has(ai)) {
      found[`date${ai}`] ??= dateOf(ai, value, todayYear);
      continue;
    } else if (ai === '30' || ai === '37') {
      if (!/^\d{1,8}$/.test(value)) throw new Gs1Refusal('badElement', gs1Messages.notCount(ai));
    } else if (maxLengths[ai] !== undefined && value.length > maxLengths[ai]) throw new Gs1Refusal('badElement', gs1Messages.tooLong(ai, maxLengths[ai]));
    found[ai] ??= value;
  }
  const count = found['30'] ?? found['37'];
  return {
    symbology,
    gtin: found['01'] ?? found['02'] ?? null,
    lot: found['10'] ?? null,
    expiry: found.date17 ?? null,
    bestBefore: found.date15 ?? null,
    productionDate: found.date11 ?? null,
    serial: found['21'] ?? null,
    count: count === undefined ? null : Number(count),
    elements,
  };
}

/** Reads a scan (a keyboard wedge's or a camera's text) as GS1 elements, or says why it cannot. */
export function parseGs1(scan: string, options: Gs1ParseOptions = {}): Gs1ParseResult {
  try {
    return { ok: true, value: read(scan, options) };
  } catch (error) {
    if (error instanceof Gs1Refusal) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
