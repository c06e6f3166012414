import { fbrDocumentTypes, fbrReconciliationQuerySchema, fbrReconciliationStatuses, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { heavyRead, heavyReadDb } from '../../lib/cluster/replica.ts';
import { envelope, isoDate, routeSchema } from '../../lib/openapi.ts';
import { type ExportColumn, sendExport } from '../../lib/resource/resource-export.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { fbrReconciliation } from './fbr-reconciliation.ts';

const tags = ['FBR'];
const count = (description: string) => z.int().describe(description);
const docs = {
  reconciliation: routeSchema({
    tags,
    summary: "A month's invoices and returns against what FBR holds",
    description:
      'Route /accounting (the auditor reads). Every invoice and sales return posted in the month (cancelled ones too), in the user’s regions, beside its submission: `status` is the ' +
      "submission's, or notReported; `reason` is null exactly when the row has FBR's number, else why not (`service`, `cancelled`, `posted while reporting was off`, " +
      '`queued since <time>`, `sending since <time>`, `rejected: <code> <message>`, `unknown since <time>`). The counts are over the whole month; `rows` a page ' +
      '(`page`, `pageSize` up to 1000, 100 by default) of what `status` leaves, by date, type and number. `format=csv|xlsx` exports every row of the filter.',
    querystring: fbrReconciliationQuerySchema,
    response: {
      200: envelope({
        month: z.string(),
        documents: count('Every document of the month'),
        accepted: count("With FBR's number"),
        awaiting: count('With a submission not accepted'),
        notReported: count('With no submission'),
        missing: count('With neither a number nor a reason: always 0'),
        total: count('The rows `status` leaves'),
        page: z.int(),
        pageSize: z.int(),
        rows: z.array(
          z.object({
            documentType: z.enum(fbrDocumentTypes),
            documentId: z.int(),
            documentNumber: z.string(),
            documentDate: isoDate,
            status: z.enum(fbrReconciliationStatuses),
            fbrInvoiceNumber: z.string().nullable(),
            reason: z.string().nullable(),
          }),
        ),
      }),
    },
  }),
};

const typeLabels = { invoice: 'Invoice', salesReturn: 'Sales return' } as const;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const columns: ExportColumn[] = [
  { header: 'Type', value: (row) => typeLabels[row.documentType as keyof typeof typeLabels] ?? text(row.documentType) },
  { header: 'Document', value: (row) => text(row.documentNumber) },
  { header: 'Date', value: (row) => text(row.documentDate) },
  { header: 'Status', value: (row) => text(row.status) },
  { header: 'FBR invoice number', value: (row) => text(row.fbrInvoiceNumber) },
  { header: 'Reason', value: (row) => text(row.reason) },
];

/** Issue 30, section 8: the month's reconciliation, on the /accounting screen, and its file. */
export function registerFbrReconciliationRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/accounting')];
  app.get('/fbr/reconciliation', { schema: docs.reconciliation, onRequest: guard }, async (request, reply) => {
    const query = validated(fbrReconciliationQuerySchema, request.query);
    if (query.format) {
      const report = await fbrReconciliation(await heavyReadDb(app.ctx.reads), actorOf(request), query, { all: true });
      return sendExport(reply, query.format, {
        fileName: `fbr-reconciliation-${report.month}`,
        title: `FBR reconciliation ${report.month}`,
        columns,
        rows: report.rows as unknown as Record<string, unknown>[],
      });
    }
    return { status: 200, message: messages.ok, ...(await heavyRead(app.ctx.reads, (db) => fbrReconciliation(db, actorOf(request), query))) };
  });
}
