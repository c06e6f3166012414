import { messages, registrationTypes, salesTaxReturnDocumentTypes, salesTaxReturnQuerySchema, saleTypes } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { heavyRead, heavyReadDb } from '../../lib/cluster/replica.ts';
import { decimalString, envelope, isoDate, routeSchema } from '../../lib/openapi.ts';
import { type ExportColumn, exportFormatQuery, sendExport } from '../../lib/resource/resource-export.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { salesTaxReturn } from './sales-tax-return.service.ts';

const tags = ['Sales reports'];
const exportQuery = salesTaxReturnQuerySchema.extend(exportFormatQuery.shape);
const figures = { amount: decimalString.describe('Value excluding sales tax'), taxAmount: decimalString, furtherTaxAmount: decimalString };
const registration = z.enum(registrationTypes.map((r) => r.value) as ['registered', 'unregistered']);
const saleType = z.enum(saleTypes.map((s) => s.value) as [string, ...string[]]);
const docs = {
  report: routeSchema({
    tags,
    summary: 'The sales tax return of a month: the sales annex (Annexure-C), checked against the ledger',
    description:
      'Posted invoices of goods (rental invoices are services, left out) and sales returns of the month, one row per document and HS code, sale type and rate, by date then number; ' +
      'a return negative; a page of them (`page`, `pageSize` up to 1000, 100 by default; `total` counts them, the export has them all). A document posted and cancelled in the same month is left out; one of an earlier month cancelled in this one is negated on the day of its cancellation. ' +
      '`summary` sums the rows per buyer registration, sale type and rate; `gl` is the month\'s credits less debits of invoices and returns on Sales tax payable and Further tax payable; ' +
      '`difference` = the rows\' sales tax and further tax less the ledger\'s, 0.00 when they agree. Documents of regions outside the user\'s are left out.',
    querystring: salesTaxReturnQuerySchema,
    response: {
      200: envelope({
        month: z.string(),
        rows: z.array(
          z.object({
            documentType: z.enum(salesTaxReturnDocumentTypes),
            documentId: z.int(),
            documentNumber: z.string(),
            documentDate: isoDate,
            customerId: z.int(),
            buyerName: z.string(),
            buyerNtnCnic: z.string().nullable().describe('NTN, else CNIC'),
            buyerRegistrationType: registration,
            buyerProvince: z.string().nullable(),
            hsCode: z.string().nullable(),
            saleType,
            taxRate: decimalString,
            rateLabel: z.string(),
            sroScheduleNo: z.string(),
            sroItemSerialNo: z.string(),
            ...figures,
          }),
        ),
        total: z.int().describe('How many rows the month has (summary and totals count them all)'),
        page: z.int(),
        pageSize: z.int(),
        summary: z.array(z.object({ buyerRegistrationType: registration, saleType, taxRate: decimalString, rateLabel: z.string(), ...figures })),
        totals: z.object(figures),
        gl: z.object({ taxAmount: decimalString, furtherTaxAmount: decimalString }),
        difference: decimalString,
      }),
    },
  }),
  export: routeSchema({
    tags,
    summary: 'The sales tax return\'s rows as a CSV or Excel file',
    description: 'The rows of GET /api/accounting/sales-tax-return for the month and a Total row; `format=csv` (default) or `xlsx`.',
    querystring: exportQuery,
  }),
};

const typeLabels = { invoice: 'Invoice', salesReturn: 'Sales return' } as const;
const registrationLabel = new Map<string, string>(registrationTypes.map((r) => [r.value, r.label]));
const saleTypeLabel = new Map<string, string>(saleTypes.map((s) => [s.value, s.label]));
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const columns: ExportColumn[] = [
  { header: 'Document type', value: (row) => typeLabels[row.documentType as keyof typeof typeLabels] ?? text(row.documentType) },
  { header: 'Document number', value: (row) => text(row.documentNumber) },
  { header: 'Document date', value: (row) => text(row.documentDate) },
  { header: 'Buyer', value: (row) => text(row.buyerName) },
  { header: 'Buyer NTN/CNIC', value: (row) => text(row.buyerNtnCnic) },
  { header: 'Registration type', value: (row) => registrationLabel.get(text(row.buyerRegistrationType)) ?? text(row.buyerRegistrationType) },
  { header: 'Province', value: (row) => text(row.buyerProvince) },
  { header: 'HS code', value: (row) => text(row.hsCode) },
  { header: 'Sale type', value: (row) => saleTypeLabel.get(text(row.saleType)) ?? text(row.saleType) },
  { header: 'Rate', value: (row) => text(row.rateLabel) },
  { header: 'Value excl. tax', value: (row) => text(row.amount) },
  { header: 'Sales tax', value: (row) => text(row.taxAmount) },
  { header: 'Further tax', value: (row) => text(row.furtherTaxAmount) },
];

/** /api/accounting/sales-tax-return: the /accounting screen's sales tax return, and its file. */
export function registerSalesTaxReturnRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/accounting')];
  app.get('/accounting/sales-tax-return', { schema: docs.report, onRequest: guard }, async (request) => ({
    status: 200,
    message: messages.ok,
    ...(await heavyRead(app.ctx.reads, (db) => salesTaxReturn(db, actorOf(request), validated(salesTaxReturnQuerySchema, request.query)))),
  }));
  app.get('/accounting/sales-tax-return/export', { schema: docs.export, onRequest: guard }, async (request, reply) => {
    const { format, ...query } = validated(exportQuery, request.query);
    // Every row of the month, not a page.
    const report = await salesTaxReturn(await heavyReadDb(app.ctx.reads), actorOf(request), { month: query.month });
    return sendExport(reply, format, {
      fileName: `sales-tax-return-${report.month}`,
      title: `Sales tax return ${report.month}`,
      columns,
      rows: [...report.rows, { documentType: 'Total', ...report.totals }] as unknown as Record<string, unknown>[],
    });
  });
}
