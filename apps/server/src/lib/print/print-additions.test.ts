import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../areas.ts';
import { foldServerAreas } from '../../modules/module.ts';
import { pdfQrCodes } from '../../test/pdf-qr.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { DocumentRow } from '../document/document-binding.ts';
import type { ServerArea } from '../server-area.ts';
import { type PrintableDocument, renderDocumentPdf } from './document-pdf.ts';
import { bindPrintAdditions, type PrintAdditionHook, withPrintAdditions } from './print-additions.ts';

/** An area that prints on another area's documents through its manifest alone: the extension point without FBR. */
const checker: PrintAdditionHook = async (_executor, document) =>
  document.status === 'cancelled' ? null : { notice: `CHECKED ${document.status.toUpperCase()}`, mark: { caption: `Checked #${document.id}`, qr: modules } };
const modules = Array.from({ length: 21 }, (_, r) => Array.from({ length: 21 }, (_, c) => (r * c) % 3 === 0));
const checkerArea: ServerArea = { name: 'fixture-checker', printAdditions: { invoices: checker } };

const printable: PrintableDocument = { company: { name: 'Co' }, title: 'Invoice', number: 'INV-1', dateLines: [], parties: [], columns: [], rows: [], totals: [], notices: ['OWN'] };
const row = (status: string): DocumentRow => ({ id: 7, status });

describe('print additions, bound from the manifests', () => {
  it("add each area's notice and mark in the areas' order, after the document's own; null adds nothing; unbinding restores the previous", async () => {
    const restore = bindPrintAdditions([
      { printAdditions: { invoices: async () => ({ notice: 'FIRST' }) } },
      { printAdditions: { invoices: async (_e, document) => (document.status === 'draft' ? null : { notice: 'SECOND', mark: { caption: 'Second' } }) } },
      { printAdditions: { quotations: async () => ({ notice: 'ELSEWHERE' }) } },
    ]);
    try {
      const posted = await withPrintAdditions(undefined as never, 'invoices', row('posted'), printable);
      expect(posted.notices).toEqual(['OWN', 'FIRST', 'SECOND']);
      expect(posted.marks).toEqual([{ caption: 'Second' }]);
      expect((await withPrintAdditions(undefined as never, 'invoices', row('draft'), printable)).notices).toEqual(['OWN', 'FIRST']);
      expect(await withPrintAdditions(undefined as never, 'purchase-orders', row('posted'), printable)).toBe(printable);
      const inner = bindPrintAdditions([]);
      expect(await withPrintAdditions(undefined as never, 'invoices', row('posted'), printable)).toBe(printable);
      inner();
      expect((await withPrintAdditions(undefined as never, 'invoices', row('posted'), printable)).notices).toHaveLength(3);
    } finally {
      restore();
    }
  });

  it("adds letterhead lines and notes under each row's widest cell, by the row's index (issue 32)", async () => {
    const table: PrintableDocument = {
      ...printable,
      columns: [
        { key: 'no', label: '#', width: 0.3 },
        { key: 'item', label: 'Item', width: 2 },
        { key: 'qty', label: 'Qty' },
      ],
      rows: [
        { no: '1', item: 'Kit A', qty: '1' },
        { no: '2', item: 'Kit B', qty: '2' },
      ],
    };
    const restore = bindPrintAdditions([{ printAdditions: { invoices: async () => ({ companyLines: ['Licence L-1'], rowNotes: { 1: 'Reg. R-2' } }) } }]);
    try {
      const added = await withPrintAdditions(undefined as never, 'invoices', row('posted'), table);
      expect(added.company.lines).toEqual(['Licence L-1']);
      expect(added.rows).toEqual([
        { no: '1', item: 'Kit A', qty: '1' },
        { no: '2', item: 'Kit B\nReg. R-2', qty: '2' },
      ]);
      const text = pdfTextLines(await renderDocumentPdf({ ...added, boxes: [{ title: 'Received by', lines: ['Name: ____'] }] }));
      for (const expected of ['Licence L-1', 'Kit B', 'Reg. R-2', 'Received by', 'Name: ____']) expect(text).toContain(expected);
    } finally {
      restore();
    }
  });

  it('refuses, at the fold, an addition to a document no area serves', () => {
    expect(() => foldServerAreas([...areas, { name: 'fixture-stray', printAdditions: { nothings: checker } }])).toThrow('Area fixture-stray hooks nothings, which no area serves as a document');
  });
});

describe("an area's addition on another area's PDF route", () => {
  let t: TestApp;
  let f: SalesFixtures;

  beforeAll(async () => {
    t = await createTestApp({ areas: [...areas, checkerArea], startJobs: false });
    f = await salesFixtures(t, 'Prn');
    await f.receive([{ itemId: f.gloves, quantity: 10, unitCost: '1.00' }]);
  });
  afterAll(async () => t?.close());

  it('prints what the manifest declares on the invoice as the route read it, and nothing on another document', async () => {
    const created = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, post: true, lines: [{ itemId: f.gloves, quantity: 1, price: '5.00' }] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const pdf = (await f.call('GET', `/api/invoices/${id}/pdf`)).rawPayload;
    const lines = pdfTextLines(pdf);
    expect(lines[lines.indexOf('CHECKED POSTED') - 1]).toMatch(/Invoice$/);
    expect(lines).toContain(`Checked #${id}`);
    expect(pdfQrCodes(pdf).map((code) => code.modules)).toEqual([modules]);

    const order = await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, expectedDate: f.today, lines: [{ itemId: f.gloves, quantity: 1, unitCost: '1.00' }] });
    const orderPdf = (await f.call('GET', `/api/purchase-orders/${order.json().data.id}/pdf`)).rawPayload;
    expect(pdfTextLines(orderPdf).some((line) => line.startsWith('CHECKED') || line.startsWith('Checked'))).toBe(false);
    expect(pdfQrCodes(orderPdf)).toEqual([]);
  });
});
