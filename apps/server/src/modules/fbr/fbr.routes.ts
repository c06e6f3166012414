import {
  canAccessRoute,
  fbrMessages,
  fbrResolveSchema,
  fbrResolveScope,
  fbrSettingsInputSchema,
  fbrSubmissionListQuerySchema,
  fbrSubmissionStatuses,
  messages,
} from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, idOf, idParams, routeSchema } from '../../lib/openapi.ts';
import { type ExportColumn, exportFileName, sendExport } from '../../lib/resource/resource-export.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute, requireScope } from '../../plugins/authorize.ts';
import { registerFbrLogoRoutes } from './fbr-logo.routes.ts';
import { registerFbrReconciliationRoutes } from './fbr-reconciliation.routes.ts';
import { registerFbrReferenceRoutes } from './fbr-reference.routes.ts';
import { registerFbrRegistrationRoute } from './fbr-registration.ts';
import { registerFbrScenarioRoutes } from './fbr-scenarios.routes.ts';
import { reportingStateChanged } from './fbr-reporting-state.ts';
import { readStoredSettings, settingsAnswer, updateFbrSettings } from './fbr-settings.service.ts';
import { findSubmission, listSubmissions, releaseSubmission, resendSubmission, resolveSubmission } from './fbr-submissions.service.ts';

const tags = ['FBR'];
const settings = z.object({
  enabled: z.boolean(),
  environment: z.enum(['sandbox', 'production']),
  baseUrl: z.string(),
  effectiveBaseUrl: z.string().describe('Where requests go: FBR_BASE_URL when the server has it, else baseUrl'),
  baseUrlFromEnv: z.boolean(),
  timeoutSeconds: z.int(),
  retryBaseSeconds: z.int(),
  concurrency: z.int(),
  registeredAsRetailer: z.boolean(),
  sandboxTokenSet: z.boolean(),
  productionTokenSet: z.boolean(),
});
const row = z.looseObject({ id: z.int(), documentType: z.string(), documentId: z.int(), status: z.enum(fbrSubmissionStatuses) });
const docs = {
  getSettings: routeSchema({ tags, summary: "FBR digital invoicing's connection", description: 'The admin’s. Tokens are never answered: only whether each is set.', response: { 200: envelope({ settings }) } }),
  putSettings: routeSchema({
    tags,
    summary: "Change FBR digital invoicing's connection",
    description: "Any of the fields. Tokens are write-only, stored encrypted (AES-256-GCM); '' clears one. Enabling needs the company's NTN, province and business activity and the chosen environment's token (409 naming what is missing).",
    body: fbrSettingsInputSchema,
    response: { 200: envelope({ settings }) },
  }),
  list: routeSchema({
    tags,
    summary: "Invoices' and returns' submissions to FBR",
    description: 'Roles of /invoices and /sales-returns; the auditor reads. Row scope by region. `awaiting=true`: every status but accepted. `format=csv|xlsx` exports what the filters select.',
    querystring: fbrSubmissionListQuerySchema,
    response: { 200: envelope({ data: z.array(row), total: z.int(), counts: z.record(z.string(), z.int()) }) },
  }),
  get: routeSchema({ tags, summary: 'One submission with its payload, FBR’s last answer and its log', params: idParams, response: { 200: envelope({ data: row }) } }),
  resend: routeSchema({ tags, summary: 'Send a rejected submission again', description: 'rejected -> queued, the payload built again from the document (409 when an amount would change). Scope fbr-submissions:resolve.', params: idParams, response: { 200: envelope({ data: row }) } }),
  resolve: routeSchema({ tags, summary: 'Record the FBR number a person read in IRIS', description: 'unknown -> accepted (resolution manual). Scope fbr-submissions:resolve.', params: idParams, body: fbrResolveSchema, response: { 200: envelope({ data: row }) } }),
  release: routeSchema({ tags, summary: 'Send an unknown submission again', description: 'unknown -> queued, after a person found no FBR invoice for it in IRIS. Scope fbr-submissions:resolve.', params: idParams, response: { 200: envelope({ data: row }) } }),
};

const exportColumns: ExportColumn[] = [
  { header: 'Document', value: (r) => String(r.documentNumber) },
  { header: 'Type', value: (r) => (r.documentType === 'invoice' ? 'Invoice' : 'Sales return') },
  { header: 'Date', value: (r) => String(r.documentDate) },
  { header: 'Customer', value: (r) => String(r.customerName) },
  { header: 'FBR type', value: (r) => String(r.invoiceType) },
  { header: 'Environment', value: (r) => String(r.environment) },
  { header: 'Status', value: (r) => String(r.status) },
  { header: 'Attempts', value: (r) => Number(r.attempts) },
  { header: 'FBR invoice number', value: (r) => (r.fbrInvoiceNumber as string | null) ?? '' },
  { header: 'Errors', value: (r) => (r.errors as Array<{ errorCode: string; error: string }>).map((e) => `${e.errorCode} ${e.error}`).join('; ') },
];

/** Issue 30: the connection (admin) and the submissions (the sales screens; a person's actions under their scope). */
export function registerFbrRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db;
  const admin = [authenticate, requireRoute('/settings')];
  const readers = [authenticate, requireAccess((role) => canAccessRoute(role, '/invoices') || canAccessRoute(role, '/sales-returns'))];
  const resolvers = [...readers, requireScope(fbrResolveScope)];

  app.get('/fbr/settings', { schema: docs.getSettings, onRequest: admin }, async () => ({
    status: 200,
    message: messages.ok,
    settings: settingsAnswer(await readStoredSettings(db())),
  }));

  app.put('/fbr/settings', { schema: docs.putSettings, onRequest: admin }, async (request) => {
    const input = validated(fbrSettingsInputSchema, request.body);
    const { settings: answer, awaitingProduction } = await db().transaction((tx) => updateFbrSettings(tx, app.ctx.database, actorOf(request), input));
    reportingStateChanged();
    return { status: 200, message: awaitingProduction > 0 ? fbrMessages.movedToProduction(awaitingProduction) : fbrMessages.settingsSaved, settings: answer };
  });

  app.get('/fbr-submissions', { schema: docs.list, onRequest: readers }, async (request, reply) => {
    const query = validated(fbrSubmissionListQuerySchema, request.query);
    if (query.format) {
      const { rows } = await listSubmissions(db(), actorOf(request), query, { all: true });
      return sendExport(reply, query.format, { fileName: exportFileName('fbr-submissions'), title: 'FBR submissions', columns: exportColumns, rows: rows as never });
    }
    const { rows, total, counts } = await listSubmissions(db(), actorOf(request), query);
    return { status: 200, message: messages.ok, data: rows, total, counts };
  });

  app.get('/fbr-submissions/:id', { schema: docs.get, onRequest: readers }, async (request) => ({
    status: 200,
    message: messages.ok,
    data: await findSubmission(db(), actorOf(request), idOf(request)),
  }));

  app.post('/fbr-submissions/:id/resend', { schema: docs.resend, onRequest: resolvers }, async (request) => ({
    status: 200,
    message: 'Queued to send again',
    data: await db().transaction((tx) => resendSubmission(tx, actorOf(request), idOf(request))),
  }));

  app.post('/fbr-submissions/:id/resolve', { schema: docs.resolve, onRequest: resolvers }, async (request) => {
    const input = validated(fbrResolveSchema, request.body);
    return { status: 200, message: 'FBR number recorded', data: await db().transaction((tx) => resolveSubmission(tx, actorOf(request), idOf(request), input)) };
  });

  app.post('/fbr-submissions/:id/release', { schema: docs.release, onRequest: resolvers }, async (request) => ({
    status: 200,
    message: 'Released to send again',
    data: await db().transaction((tx) => releaseSubmission(tx, actorOf(request), idOf(request))),
  }));

  registerFbrReferenceRoutes(app);
  registerFbrRegistrationRoute(app);

  registerFbrReconciliationRoutes(app);

  registerFbrScenarioRoutes(app);

  registerFbrLogoRoutes(app);
}
