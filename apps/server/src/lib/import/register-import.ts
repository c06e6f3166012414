import { basename } from 'node:path';
import { canAccessRoute, hasScope, importMaxBytes, importMessages, messages } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authOf } from '../request-auth.ts';
import { validated } from '../validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute, requireScope } from '../../plugins/authorize.ts';
import { type Actor, actorOf } from '../actor.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../app-error.ts';
import { type ExportColumn, type exportFormatQuery, sendExport } from '../resource/resource-export.ts';
import { importJobDocs, importKindDocs, type remapBody, type runBody } from './import-docs.ts';
import { findJob, previewImport, rejectedRowsOf, remapImport, runImport, runningState, stateOf } from './import-jobs.ts';
import type { AnyImportKind } from './import-kind.ts';

// Keyed by the app's context: the kinds are registered by their areas' plugins, the job routes by another.
const kindsOf = new WeakMap<object, Map<string, AnyImportKind>>();

/** The import kinds an app serves. */
export function registeredImportKinds(app: FastifyInstance): readonly AnyImportKind[] {
  return [...(kindsOf.get(app.ctx)?.values() ?? [])];
}

function jobIdOf(request: FastifyRequest): number {
  return (request.params as { jobId: number }).jobId;
}

/** The file name as a label only (never a path), without control characters. */
function cleanFileName(name: string | undefined): string {
  const base = basename((name ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  return base.slice(0, 200) || 'import';
}

/** The multipart field `file`, 50 MB at most (413 beyond), as settings.service.ts reads a logo. */
export async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  let upload: { fileName: string; bytes: Buffer } | undefined;
  try {
    const file = await request.file({ limits: { fileSize: importMaxBytes, files: 1 } });
    if (file) upload = { fileName: cleanFileName(file.filename), bytes: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', importMessages.fileTooLarge, { file: importMessages.fileTooLarge });
    throw new BadRequestError({ file: importMessages.fileMissing }, importMessages.fileMissing);
  }
  if (!upload || upload.bytes.length === 0) throw new BadRequestError({ file: importMessages.fileMissing }, importMessages.fileMissing);
  return upload;
}

/** Whether an actor may run a kind's import: its screen's roles (read-only roles only read), and its scope. */
function mayUse(actor: Pick<Actor, 'role' | 'scopes'>, kind: AnyImportKind): boolean {
  return canAccessRoute(actor.role, kind.route) && (!kind.scope || hasScope(actor.role, actor.scopes, kind.scope));
}

/**
 * Serves one import kind under /api/imports/<kind>: preview (the upload), preview again under
 * another mapping, run, and the template. Who may import is who may write the kind's records:
 * its screen's role table, read-only roles refused, and its scope.
 */
export function registerImportKind(app: FastifyInstance, kind: AnyImportKind): void {
  const kinds = kindsOf.get(app.ctx) ?? new Map<string, AnyImportKind>();
  kindsOf.set(app.ctx, kinds.set(kind.name, kind));
  const base = `/imports/${kind.name}`;
  const read = [authenticate, requireRoute(kind.route)];
  const write = [authenticate, requireAccess((role) => canAccessRoute(role, kind.route)), ...(kind.scope ? [requireScope(kind.scope)] : [])];
  const docs = importKindDocs(kind);
  const db = () => app.ctx.db;

  app.post(`${base}/preview`, { schema: docs.preview, onRequest: write }, async (request) => {
    const params = kind.params ? validated(kind.params, request.query) : {};
    const upload = await readUpload(request);
    return { status: 200, message: importMessages.previewed, ...(await previewImport(db(), actorOf(request), kind, upload, params)) };
  });

  app.post(`${base}/:jobId/preview`, { schema: docs.remap, onRequest: write }, async (request) => {
    const { mapping } = request.body as z.output<typeof remapBody>;
    return { status: 200, message: importMessages.previewed, ...(await remapImport(db(), actorOf(request), kind, jobIdOf(request), mapping)) };
  });

  app.post(`${base}/:jobId/run`, { schema: docs.run, onRequest: write }, async (request) => {
    const body = request.body as z.output<typeof runBody>;
    const result = await runImport(db(), actorOf(request), kind, jobIdOf(request), { ...body, engine: app.ctx.database.kind });
    return { status: 200, message: importMessages.imported(result.imported, result.rejected, result.skipped), ...result };
  });

  app.get(`${base}/template`, { schema: docs.template, onRequest: read }, async (request, reply) => {
    const { format } = request.query as z.output<typeof exportFormatQuery>;
    const columns: ExportColumn[] = kind.columns.map((c) => ({ header: c.label, value: () => c.example }));
    return sendExport(reply, format, { fileName: `${kind.name}-import-template`, title: kind.title, columns, rows: [{}] });
  });
}

/**
 * The routes every kind shares: a job's state and progress, and its rejected rows. A job is
 * its creator's; using it also needs the kind's own access (a role changed since is refused).
 */
export function registerImportJobRoutes(app: FastifyInstance): void {
  const kindOf = (request: FastifyRequest, name: string): AnyImportKind => {
    const kind = kindsOf.get(app.ctx)?.get(name);
    if (!kind) throw new NotFoundError();
    if (!mayUse(authOf(request).user, kind)) throw new ForbiddenError(messages.routeRestricted);
    return kind;
  };

  app.get('/imports/jobs/:jobId', { schema: importJobDocs.state, onRequest: [authenticate] }, async (request) => {
    const actor = actorOf(request);
    const jobId = jobIdOf(request);
    // While this process runs the job, its transaction may hold the database: answered from memory.
    const running = runningState(actor, jobId);
    if (running) {
      kindOf(request, running.kind);
      return { status: 200, message: messages.ok, job: running };
    }
    const job = await findJob(db(), actor, jobId);
    kindOf(request, job.kind);
    return { status: 200, message: messages.ok, job: stateOf(job) };
  });

  app.get('/imports/jobs/:jobId/rejected', { schema: importJobDocs.rejected, onRequest: [authenticate] }, async (request, reply) => {
    const { format } = request.query as z.output<typeof exportFormatQuery>;
    const { job, rows } = await rejectedRowsOf(db(), actorOf(request), jobIdOf(request));
    const kind = kindOf(request, job.kind);
    const labels = new Map(kind.columns.map((c) => [c.key, c.label]));
    const columns: ExportColumn[] = [
      { header: 'Row', value: (row) => row.rowNumber as number },
      ...job.headers.map((header, index) => ({ header, value: (row: Record<string, unknown>) => (row.cells as string[])[index] ?? '' })),
      {
        header: 'Errors',
        value: (row) =>
          Object.entries(row.errors as Record<string, string>)
            .map(([key, message]) => `${labels.get(key) ?? key}: ${message}`)
            .join('; '),
      },
    ];
    return sendExport(reply, format, { fileName: `${job.kind}-rejected-${job.id}`, title: `${kind.title} rejected`, columns, rows: rows as unknown as Record<string, unknown>[] });
  });

  function db() {
    return app.ctx.db;
  }
}
