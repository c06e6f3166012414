import { agingBuckets, agingItemKinds, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { decimalString, envelope, isoDate, routeSchema } from '../../lib/openapi.ts';
import { type ExportColumn, exportFormatQuery, sendExport } from '../../lib/resource/resource-export.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { agingDocuments, agingDocumentsQuerySchema, agingQuerySchema, agingReport } from './aging.service.ts';
import { heavyRead, heavyReadDb } from '../../lib/cluster/replica.ts';

const tags = ['Aging'];
const agingExportQuery = agingQuerySchema.extend(exportFormatQuery.shape);
const figures = Object.fromEntries([...agingBuckets.map((b) => b.key), 'total'].map((key) => [key, decimalString]));
const docs = {
  report: routeSchema({
    tags,
    summary: 'Receivables or payables aging as of a date',
    description:
      'Per customer (receivable: open posted invoices) or vendor (payable: open posted goods receipts, due after the vendor\'s payment terms), the open amounts by days past the due date ' +
      'with the advances (unallocated receipts or payments) as credits and every other row of the party\'s account (balances brought forward, journals) due on its date, so the total equals the party accounts\' balance ' +
      '(current: not yet due; 1-30, 31-60, 61-90, over 90), the total, and grand totals. `asOf` defaults to today; a past date rebuilds the open amounts from the dated history. ' +
      'Documents of regions outside the user\'s are left out.',
    querystring: agingQuerySchema,
    response: {
      200: envelope({
        kind: z.enum(['receivable', 'payable']),
        asOf: isoDate,
        rows: z.array(z.object({ partyId: z.int(), partyName: z.string(), ...figures })),
        totals: z.object(figures),
      }),
    },
  }),
  export: routeSchema({
    tags,
    summary: 'The aging table as a CSV or Excel file',
    description: 'The same rows as GET /api/accounting/aging for the same query, one row per party and a Total row; `format=csv` (default) or `xlsx`.',
    querystring: agingExportQuery,
  }),
  documents: routeSchema({
    tags,
    summary: 'The items behind an aging figure',
    description:
      'One party\'s items as of the date, in one bucket (or all without `bucket`), oldest due first: `document` (an open invoice or goods receipt), `advance` (a receipt\'s or payment\'s unallocated part, negative) ' +
      'or `journal` (another row of its account, by its ledger document type, or `accounts` for the account\'s opening balance).',
    querystring: agingDocumentsQuerySchema,
    response: {
      200: envelope({
        rows: z.array(
          z.object({
            id: z.int(),
            itemKind: z.enum(agingItemKinds),
            documentType: z.string(),
            documentNumber: z.string(),
            date: isoDate,
            dueDate: isoDate,
            daysPastDue: z.int(),
            bucket: z.string(),
            total: decimalString,
            openAmount: decimalString,
          }),
        ),
        total: decimalString,
      }),
    },
  }),
};

/** /api/accounting/aging: the /accounting screen's aging, and its drill-down. */
export function registerAgingRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/accounting')];
  app.get('/accounting/aging', { schema: docs.report, onRequest: guard }, async (request) => ({
    status: 200,
    message: messages.ok,
    ...(await heavyRead(app.ctx.reads, (db) => agingReport(db, actorOf(request), validated(agingQuerySchema, request.query)))),
  }));
  app.get('/accounting/aging/export', { schema: docs.export, onRequest: guard }, async (request, reply) => {
    const { format, ...query } = validated(agingExportQuery, request.query);
    const report = await agingReport(await heavyReadDb(app.ctx.reads), actorOf(request), query);
    const party = report.kind === 'receivable' ? 'Customer' : 'Vendor';
    const columns: ExportColumn[] = [
      { header: party, value: (row) => String(row.partyName) },
      ...[...agingBuckets, { key: 'total' as const, label: 'Total' }].map((b) => ({ header: b.label, value: (row: Record<string, unknown>) => String(row[b.key]) })),
    ];
    return sendExport(reply, format, {
      fileName: `${report.kind}-aging-${report.asOf}`,
      title: `${report.kind === 'receivable' ? 'Receivables' : 'Payables'} aging as of ${report.asOf}`,
      columns,
      rows: [...report.rows, { partyName: 'Total', ...report.totals }],
    });
  });
  app.get('/accounting/aging/documents', { schema: docs.documents, onRequest: guard }, async (request) => ({
    status: 200,
    message: messages.ok,
    ...(await heavyRead(app.ctx.reads, (db) => agingDocuments(db, actorOf(request), validated(agingDocumentsQuerySchema, request.query)))),
  }));
}
