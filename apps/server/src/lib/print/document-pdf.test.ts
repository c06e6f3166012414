import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfImagesDrawn, pdfQrCodes } from '../../test/pdf-qr.ts';
import { pdfPageCount, pdfPageTexts, pdfTextLines } from '../../test/pdf-text.ts';
import { type PrintableDocument, renderDocumentPdf } from './document-pdf.ts';
import { winAnsiText } from './win-ansi.ts';

/** A real PNG of width x height red pixels. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([200, 30, 30]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const model = (overrides: Partial<PrintableDocument> = {}): PrintableDocument => ({
  company: { name: 'Lahore Diagnostics Supply', address: '12 Mall Road, Lahore', phone: '042-111-222', taxNumber: 'NTN 1234567-8', logo: { bytes: png(40, 12), mimeType: 'image/png' } },
  title: 'Purchase Order',
  number: 'PO-2026-000042',
  status: 'Approved',
  dateLines: [
    { label: 'Order date', value: '5 Mar 2026' },
    { label: 'Expected date', value: '19 Mar 2026' },
  ],
  parties: [
    { title: 'Vendor', lines: ['Sysmex Pakistan', 'Ali Raza', 'Karachi'] },
    { title: 'Deliver to', lines: ['Lahore Diagnostics Supply', 'North warehouse'] },
  ],
  columns: [
    { key: 'no', label: '#', align: 'right', width: 0.5 },
    { key: 'item', label: 'Item', width: 4 },
    { key: 'quantity', label: 'Quantity', align: 'right', width: 1.2 },
    { key: 'unitCost', label: 'Unit cost', align: 'right', width: 1.5 },
    { key: 'value', label: 'Value', align: 'right', width: 1.6 },
  ],
  rows: Array.from({ length: 120 }, (_, index) => ({
    no: String(index + 1),
    item: index === 7 ? 'CBC reagent with a very long description that cannot fit on one line of its column and so wraps onto the next' : `Reagent ${index + 1}`,
    quantity: '1,000',
    unitCost: '12.35',
    value: '12,350.00',
  })),
  totals: [{ label: 'Total (PKR)', value: '1,482,000.00' }],
  notes: 'Deliver between 9 am and 5 pm.\nCold chain items in insulated boxes.',
  footer: 'Thank you for your business',
  createdAt: new Date(Date.UTC(2026, 2, 5, 9, 30)),
  ...overrides,
});

describe('renderDocumentPdf', () => {
  it('renders 120 lines on several A4 pages, the table header and "Page x of y" on each, wrapped text and the totals', async () => {
    const pdf = await renderDocumentPdf(model(), { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    const lines = pdfTextLines(pdf);
    for (const expected of ['Lahore Diagnostics Supply', 'Purchase Order', 'PO-2026-000042', 'Status: Approved', 'Order date: 5 Mar 2026', 'VENDOR', 'Sysmex Pakistan', 'Total (PKR)', '1,482,000.00', 'NOTES', 'Thank you for your business']) {
      expect(lines).toContain(expected);
    }
    for (let n = 1; n <= 120; n += 1) if (n !== 8) expect(lines).toContain(`Reagent ${n}`);
    // The long item name wraps into more than one line of its cell.
    expect(lines.some((line) => line.startsWith('CBC reagent with a very long'))).toBe(true);
    expect(lines).not.toContain(model().rows[7]!.item);
    const pageTexts = pdfPageTexts(pdf);
    expect(pageTexts).toHaveLength(pages);
    pageTexts.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages}`);
      expect(page).toContain(index === 0 ? 'PO-2026-000042' : 'Purchase Order PO-2026-000042 (continued)');
      // Every page holding lines has the table's header above them.
      const firstRow = page.findIndex((line) => /^Reagent \d+$/.test(line));
      if (firstRow >= 0) expect(page.indexOf('Unit cost')).toBeGreaterThanOrEqual(0);
      if (firstRow >= 0) expect(page.indexOf('Unit cost')).toBeLessThan(firstRow);
    });
  });

  it('embeds a PNG logo, skips other image types, and gives the same bytes for the same model', async () => {
    const withLogo = await renderDocumentPdf(model({ rows: [] }), { compress: false });
    expect(withLogo.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*\/Width 40[\s\S]*\/Height 12|\/Width 40[\s\S]*\/Subtype \/Image/);
    const svg = await renderDocumentPdf(model({ rows: [], company: { name: 'Plain', logo: { bytes: Buffer.from('<svg/>'), mimeType: 'image/svg+xml' } } }), { compress: false });
    expect(svg.toString('latin1')).not.toContain('/Subtype /Image');
    const broken = await renderDocumentPdf(model({ rows: [], company: { name: 'Broken', logo: { bytes: Buffer.from('not a png'), mimeType: 'image/png' } } }));
    expect(broken.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const first = await renderDocumentPdf(model());
    const second = await renderDocumentPdf(model());
    expect(first.equals(second)).toBe(true);
    expect(first.length).toBeLessThan((await renderDocumentPdf(model(), { compress: false })).length);
  });

  it('prints characters the standard fonts lack as "?" rather than as wrong letters', async () => {
    expect(winAnsiText('Café – “Nr” € ✓ اردو\tx')).toBe('Café – “Nr” € ? ???? x');
    const pdf = await renderDocumentPdf(model({ rows: [], parties: [{ title: 'Vendor', lines: ['Kāshif ✓'] }] }), { compress: false });
    expect(pdfTextLines(pdf)).toContain('K?shif ?');
  });

  it('prints Urdu names and addresses in an embedded Arabic-script font, right to left, beside Latin text', async () => {
    const pdf = await renderDocumentPdf(
      model({
        parties: [{ title: 'Customer', lines: ['Services Hospital لاہور', 'حمید لطیف، گلی 12 (لاہور)'] }],
        rows: [{ no: '1', item: 'ریجنٹ CBC', quantity: '1', unitCost: '5.00', value: '5.00' }],
        notes: 'پہلی سطر\nsecond line',
      }),
      { compress: false },
    );
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoNaskhArabic/);
    const lines = pdfTextLines(pdf);
    // Each right-to-left word is drawn on its own, last word leftmost; Latin runs stay in Helvetica.
    expect(lines).toEqual(expect.arrayContaining(['Services Hospital ', 'لاہور', 'حمید', 'لطیف،', 'گلی', '12', 'ریجنٹ', 'CBC', 'پہلی', 'سطر', 'second line']));
    expect(lines.join('')).not.toContain('?');
    const address = lines.slice(lines.indexOf('Services Hospital ') + 2, lines.indexOf('Services Hospital ') + 12);
    // The address of a right-to-left paragraph: "(لاہور)" then "12" leftmost, "حمید" rightmost.
    expect(address.slice(0, 10)).toEqual(['(', 'لاہور', ')', ' ', '12', ' ', 'گلی', ' ', 'لطیف،', ' ']);
    expect(lines[lines.indexOf('Services Hospital ') + 12]).toBe('حمید');
  });

  it('prints notices under the title and a mark beside the totals: its caption, the modules in a 72 pt square inside a 4-module margin, the image fitted in 72 pt', async () => {
    const modules = Array.from({ length: 25 }, (_, r) => Array.from({ length: 25 }, (_, c) => (r * 7 + c * 3) % 5 === 0 || r === c));
    const pdf = await renderDocumentPdf(
      model({
        rows: model().rows.slice(0, 3),
        notices: ['NOT FINAL'],
        marks: [{ caption: 'Registry number: ABC-123', qr: modules, image: { bytes: png(200, 100), mimeType: 'image/png' } }],
      }),
      { compress: false },
    );
    const lines = pdfTextLines(pdf);
    expect(lines.indexOf('NOT FINAL')).toBe(lines.indexOf('Purchase Order') + 1);
    expect(lines.indexOf('PO-2026-000042')).toBe(lines.indexOf('NOT FINAL') + 1);
    expect(lines).toContain('Registry number: ABC-123');
    const [code, ...more] = pdfQrCodes(pdf);
    expect(more).toEqual([]);
    expect(code!.modules).toEqual(modules);
    expect(code!.moduleSize * code!.modules.length).toBeCloseTo(72, 6);
    // The square starts 4 modules in from the block's left edge (the page margin): its quiet zone.
    expect(code!.x).toBeCloseTo(40 + 4 * 72 / 25, 3);
    expect(pdfImagesDrawn(pdf)).toContainEqual({ width: 72, height: 36 });

    // No image of a type PDF does not embed, nothing for bytes that are not one, and a mark without a QR code is its caption alone.
    const plain = await renderDocumentPdf(model({ rows: [], company: { name: 'Plain' }, marks: [{ caption: 'Caption alone', image: { bytes: Buffer.from('<svg/>'), mimeType: 'image/svg+xml' } }, { caption: 'Broken', image: { bytes: Buffer.from('no'), mimeType: 'image/png' } }] }), { compress: false });
    expect(pdfTextLines(plain)).toEqual(expect.arrayContaining(['Caption alone', 'Broken']));
    expect(pdfQrCodes(plain)).toEqual([]);
    expect(plain.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('keeps the marks and the totals together, on a new page when they do not fit under the lines', async () => {
    const modules = Array.from({ length: 25 }, (_, r) => Array.from({ length: 25 }, (_, c) => (r + c) % 2 === 0));
    let moved = 0;
    // Tables ending ever lower on the first page: from some count on, the mark (taller than the totals) no longer fits under them.
    for (let count = 30; count <= 46; count += 2) {
      const pdf = await renderDocumentPdf(model({ rows: model().rows.slice(0, count), notes: undefined, marks: [{ caption: 'Mark', qr: modules }] }), { compress: false });
      const pages = pdfPageTexts(pdf);
      const markPage = pages.findIndex((page) => page.includes('Mark'));
      expect(pages[markPage]).toContain('Total (PKR)');
      expect(pdfQrCodes(pdf)).toHaveLength(1);
      if (markPage > pages.findIndex((page) => page.includes(`Reagent ${count}`))) moved += 1;
    }
    expect(moved).toBeGreaterThan(0);
  });
});
