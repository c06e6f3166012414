import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupSeparator as G, packageElements, parseGs1 } from './gs1-parse.ts';
import { gtin14Of, gtinCheckDigit, hasValidCheckDigit, readGtin } from './gtin.ts';

const today = '2026-06-15';
const first = `]d2010401234567890117261231` + `10ABC123${G}21SER42`;
const firstFields = { gtin: '04012345678901', expiry: '2026-12-31', lot: 'ABC123', serial: 'SER42' };

function read(scan: string, separators?: string) {
  const result = parseGs1(scan, { today, separators });
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.value;
}

function refusal(scan: string) {
  const result = parseGs1(scan, { today });
  if (result.ok) throw new Error('read');
  return result;
}

describe('parseGs1: the vectors of issue 32, section 1', () => {
  it('reads a GS1 DataMatrix with a GS after the lot', () => {
    expect(read(first)).toMatchObject({ symbology: 'gs1DataMatrix', ...firstFields, bestBefore: null, productionDate: null, count: null });
    expect(read(first).elements).toEqual([
      { ai: '01', value: '04012345678901' },
      { ai: '17', value: '261231' },
      { ai: '10', value: 'ABC123' },
      { ai: '21', value: 'SER42' },
    ]);
  });
  it('reads the lot last and day 00 as the month end', () => {
    expect(read(']d20104012345678901' + '17260600' + '10XYZ9')).toMatchObject({ expiry: '2026-06-30', lot: 'XYZ9' });
  });
  it('reads the same without a symbology identifier', () => {
    expect(read(first.slice(3))).toMatchObject({ symbology: null, ...firstFields });
  });
  it('reads the human-readable form', () => {
    expect(read('(01)04012345678901(17)261231(10)ABC123(21)SER42')).toMatchObject({ symbology: null, ...firstFields });
  });
  it('refuses a wrong check digit', () => {
    expect(refusal(']d2' + '0104012345678902' + '17261231' + '10ABC123')).toEqual({ ok: false, code: 'checkDigit', message: 'GTIN 04012345678902 has a wrong check digit; scan again' });
  });
  it('reads GS1-128', () => {
    expect(read(']C1' + '0104012345678901' + `10BATCH-7${G}` + '17270115')).toMatchObject({ symbology: 'gs1128', lot: 'BATCH-7', expiry: '2027-01-15' });
  });
  it('refuses a short expiry, naming it', () => {
    expect(refusal(']d2' + '0104012345678901' + '172612')).toEqual({ ok: false, code: 'badElement', message: 'Expiry (17) must have 6 digits' });
  });
  it('reads separators as GS', () => {
    expect(read(first.replace(G, '+'), '+')).toMatchObject({ lot: 'ABC123', serial: 'SER42' });
  });
  it('reads a separator as a character without separators', () => {
    expect(read(first.replace(G, '+'))).toMatchObject({ lot: 'ABC123+21SER42', serial: null });
    expect(read(first.replace(G, '+'), '')).toMatchObject({ lot: 'ABC123+21SER42', serial: null });
  });
  it('reads GS1 QR and refuses a plain DataMatrix', () => {
    expect(read(']Q3' + '0104012345678901' + '10Q1')).toMatchObject({ symbology: 'gs1Qr', lot: 'Q1' });
    expect(refusal(']d1' + '0104012345678901')).toMatchObject({ code: 'notGs1' });
    expect(refusal(']C0' + '0104012345678901')).toMatchObject({ code: 'notGs1' });
    expect(refusal(']Q1' + '0104012345678901')).toMatchObject({ code: 'notGs1' });
  });
});

describe('parseGs1: the rest of section 1', () => {
  it('drops a trailing CR/LF, outer spaces and a leading GS', () => {
    expect(read(`  ${first}\r\n`)).toMatchObject(firstFields);
    expect(read(`]d2${G}${first.slice(3)}`)).toMatchObject(firstFields);
    expect(refusal(' \r\n')).toMatchObject({ code: 'empty' });
    expect(refusal('')).toMatchObject({ code: 'empty' });
  });
  it('reads a bare GTIN of 8, 12, 13 or 14 digits, padded', () => {
    expect(read('4012345678901')).toMatchObject({ gtin: '04012345678901', lot: null, symbology: null });
    expect(read(']E04012345678901')).toMatchObject({ gtin: '04012345678901', symbology: 'ean' });
    expect(read('96385074')).toMatchObject({ gtin: '00000096385074' });
    expect(read(']E496385074')).toMatchObject({ gtin: '00000096385074', symbology: 'ean' });
    expect(read('036000291452')).toMatchObject({ gtin: '00036000291452' });
    expect(refusal('4012345678902')).toMatchObject({ code: 'checkDigit' });
    expect(read(']e0' + '0104012345678901' + '17261231')).toMatchObject({ symbology: 'gs1DataBar', expiry: '2026-12-31' });
  });
  it('reads element strings only after a GS1 identifier, never a bare GTIN', () => {
    expect(read(']C110123456')).toMatchObject({ symbology: 'gs1128', gtin: null, lot: '123456', elements: [{ ai: '10', value: '123456' }] });
    expect(read(']d211261231')).toMatchObject({ gtin: null, productionDate: '2026-12-31' });
    expect(read(']Q3' + '1726123130' + '12')).toMatchObject({ gtin: null, expiry: '2026-12-31', count: 12 });
    expect(read(']e0' + '21' + '4012345678901')).toMatchObject({ gtin: null, serial: '4012345678901' });
    // 14 digits after an identifier are element strings: 01 and 12 digits is a GTIN cut short.
    expect(refusal(']d2' + '01' + '401234567890')).toMatchObject({ code: 'badElement', message: 'GTIN (01) must have 14 digits' });
    // Without an identifier, and after an EAN's, the digits stay a bare GTIN.
    expect(read('4012345678901')).toMatchObject({ gtin: '04012345678901' });
    expect(read(']E04012345678901')).toMatchObject({ gtin: '04012345678901' });
  });
  it('refuses an element with no value', () => {
    const empty = { ok: false, code: 'badElement', message: 'Lot (10) is empty; scan again' };
    expect(parseGs1(']d2' + '0104012345678901' + `10${G}` + '17261231', { today })).toEqual(empty);
    expect(parseGs1('0104012345678901' + '10', { today })).toEqual(empty);
    expect(parseGs1('(01)04012345678901(10)(17)261231', { today })).toEqual(empty);
    // The same when another AI sends the scan to the package.
    expect(parseGs1(']d2' + '0104012345678901' + '3103000750' + `10${G}` + '17261231', { today })).toEqual(empty);
    expect(refusal(']d2' + '0104012345678901' + `21${G}` + '10A')).toMatchObject({ code: 'badElement', message: 'Serial (21) is empty; scan again' });
  });
  it('reads the dates by the sliding window and refuses impossible ones', () => {
    const date = (yymmdd: string, on = today) => {
      const result = parseGs1(`0104012345678901` + `17${yymmdd}`, { today: on });
      return result.ok ? result.value.expiry : result.message;
    };
    expect(date('760101')).toBe('2076-01-01');
    expect(date('770101')).toBe('1977-01-01');
    expect(date('990101', '2051-01-01')).toBe('2099-01-01');
    expect(date('010101', '2099-01-01')).toBe('2101-01-01');
    expect(date('280200')).toBe('2028-02-29');
    expect(date('270200')).toBe('2027-02-28');
    expect(date('260230')).toBe('Expiry (17) 260230 is not a real date (YYMMDD)');
    expect(date('261301')).toBe('Expiry (17) 261301 is not a real date (YYMMDD)');
    expect(read('0104012345678901' + '11250101' + '15260630' + '17270101')).toMatchObject({ productionDate: '2025-01-01', bestBefore: '2026-06-30', expiry: '2027-01-01' });
    expect(refusal('0104012345678901' + '1526AB01')).toMatchObject({ code: 'badElement', message: 'Best before (15) must have 6 digits' });
  });
  it('reads elements of other AIs with the package, keeping them in elements', () => {
    const scan = read(`]d2` + '0104012345678901' + '3103000750' + '17270101' + `240REF-9${G}10L7`);
    expect(scan).toMatchObject({ gtin: '04012345678901', expiry: '2027-01-01', lot: 'L7' });
    expect(scan.elements).toEqual([
      { ai: '01', value: '04012345678901' },
      { ai: '3103', value: '000750' },
      { ai: '17', value: '270101' },
      { ai: '240', value: 'REF-9' },
      { ai: '10', value: 'L7' },
    ]);
    expect(read('(01)04012345678901(7003)2701011230(10)L8')).toMatchObject({ lot: 'L8', elements: [{ ai: '01' }, { ai: '7003', value: '2701011230' }, { ai: '10' }] });
  });

  it('reads the count and refuses an unknown AI', () => {
    expect(read(`0204012345678901` + `3712${G}10L1`)).toMatchObject({ gtin: '04012345678901', count: 12, lot: 'L1' });
    expect(read(`0104012345678901` + `3024`)).toMatchObject({ count: 24 });
    expect(refusal('0104012345678901' + '04123')).toMatchObject({ code: 'unknownAi' });
    expect(refusal('hello')).toMatchObject({ code: 'unknownAi' });
    expect(refusal('(01)0401234567890')).toMatchObject({ code: 'badElement', message: 'GTIN (01) must have 14 digits' });
  });
});

describe('parseGs1: the SSCC (00) and the variant (20)', () => {
  const sscc = '106141411234567897';
  it('reads an SSCC with its check digit and a variant of 2 digits, by our reading and by the package', () => {
    expect(read('00' + sscc + '0104012345678901' + '2007').elements).toEqual([{ ai: '00', value: sscc }, { ai: '01', value: '04012345678901' }, { ai: '20', value: '07' }]);
    expect(read('00' + sscc + '3103000750' + '2007').elements).toEqual([{ ai: '00', value: sscc }, { ai: '3103', value: '000750' }, { ai: '20', value: '07' }]);
  });
  it('refuses an SSCC with a wrong check digit or a letter, and a variant that is not 2 digits, whichever reads them', () => {
    const wrong = { ok: false, code: 'checkDigit', message: 'SSCC 106141411234567898 has a wrong check digit; scan again' };
    expect(parseGs1('00106141411234567898', { today })).toEqual(wrong);
    expect(parseGs1('00106141411234567898' + '3103000750', { today })).toEqual(wrong);
    const letter = { ok: false, code: 'badElement', message: 'SSCC (00) must have 18 digits' };
    expect(parseGs1('0010614141123456789A', { today })).toEqual(letter);
    expect(parseGs1('0010614141123456789A' + '3103000750', { today })).toEqual(letter);
    const variant = { ok: false, code: 'badElement', message: 'Variant (20) must have 2 digits' };
    expect(parseGs1('0104012345678901' + '20A1', { today })).toEqual(variant);
    expect(parseGs1('0104012345678901' + '20A1' + '3103000750', { today })).toEqual(variant);
  });
});

describe('GTINs', () => {
  it('computes the check digit and pads to 14', () => {
    expect(gtinCheckDigit('0401234567890')).toBe(1);
    expect(hasValidCheckDigit('04012345678901')).toBe(true);
    expect(gtin14Of('96385074')).toBe('00000096385074');
    expect(gtin14Of('123')).toBeNull();
    expect(readGtin('4012345678901')).toEqual({ ok: true, gtin: '04012345678901' });
    expect(readGtin('4012345678902')).toEqual({ ok: false, message: 'GTIN 04012345678902 has a wrong check digit; scan again' });
    expect(readGtin('40123x5678901')).toEqual({ ok: false, message: 'GTIN must have 8, 12, 13 or 14 digits' });
  });
});

// GS1's 82-character set (General Specifications, figure 7.11-1), lots and serials are written in.
const cset82 = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;
const text = (max: number) => fc.string({ unit: fc.constantFrom(...cset82), minLength: 1, maxLength: max });
const gtin = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 13, maxLength: 13 }).map((digits) => digits + gtinCheckDigit(digits));
const sscc = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 17, maxLength: 17 }).map((digits) => digits + gtinCheckDigit(digits));
const variant = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 2, maxLength: 2 });
// Within the window of 2026: 1977 to 2076.
const day = fc.date({ min: new Date('1977-01-01T00:00:00Z'), max: new Date('2076-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

describe('parseGs1: property', () => {
  it('reads 5,000 random element strings back to what built them', () => {
    const scan = fc.record({
      symbology: fc.constantFrom<[string, string | null]>([']d2', 'gs1DataMatrix'], [']C1', 'gs1128'], [']Q3', 'gs1Qr'], ['', null]),
      gtin,
      lot: fc.option(text(20), { nil: null }),
      serial: fc.option(text(20), { nil: null }),
      expiry: fc.option(day, { nil: null }),
      bestBefore: fc.option(day, { nil: null }),
      productionDate: fc.option(day, { nil: null }),
      count: fc.option(fc.integer({ min: 0, max: 99_999_999 }), { nil: null }),
      sscc: fc.option(sscc, { nil: null }),
      variant: fc.option(variant, { nil: null }),
      order: fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
      humanReadable: fc.boolean(),
    });
    fc.assert(
      fc.property(scan, (built) => {
        const elements: [string, string, boolean][] = [
          ['01', built.gtin, false],
          ...(built.expiry ? [['17', yymmdd(built.expiry), false] as [string, string, boolean]] : []),
          ...(built.bestBefore ? [['15', yymmdd(built.bestBefore), false] as [string, string, boolean]] : []),
          ...(built.productionDate ? [['11', yymmdd(built.productionDate), false] as [string, string, boolean]] : []),
          ...(built.lot !== null ? [['10', built.lot, true] as [string, string, boolean]] : []),
          ...(built.serial !== null ? [['21', built.serial, true] as [string, string, boolean]] : []),
          ...(built.count !== null ? [['30', String(built.count), true] as [string, string, boolean]] : []),
          ...(built.sscc !== null ? [['00', built.sscc, false] as [string, string, boolean]] : []),
          ...(built.variant !== null ? [['20', built.variant, false] as [string, string, boolean]] : []),
        ];
        const ordered = elements.map((element, i) => ({ element, key: built.order[i]! })).sort((a, b) => a.key - b.key).map((x) => x.element);
        const body = built.humanReadable && !built.lot?.includes('(') && !built.serial?.includes('(')
          ? ordered.map(([ai, value]) => `(${ai})${value}`).join('')
          : ordered.map(([ai, value, variable], i) => `${ai}${value}${variable && i < ordered.length - 1 ? G : ''}`).join('');
        const result = parseGs1(built.symbology[0] + body, { today });
        // The package reads the same elements as our own reading of these AIs.
        if (!body.startsWith('(')) expect(packageElements(body)).toEqual(ordered.map(([ai, value]) => ({ ai, value })));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.value).toEqual({
          symbology: built.symbology[1],
          gtin: built.gtin,
          lot: built.lot,
          expiry: built.expiry,
          bestBefore: built.bestBefore,
          productionDate: built.productionDate,
          serial: built.serial,
          count: built.count,
          elements: ordered.map(([ai, value]) => ({ ai, value })),
        });
      }),
      { numRuns: 5000, seed: 32 },
    );
  });
});
