import { messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute, requireScope } from '../../plugins/authorize.ts';
import { actorOf } from '../actor.ts';
import { registerAuditedRecords } from '../audit-scope.ts';
import { NotFoundError } from '../app-error.ts';
import { idOf } from '../openapi.ts';
import { exportFileName, type ExportFormat, exportRowCap, sendExport, type ExportColumn } from '../resource/resource-export.ts';
import type { AnyDocumentBinding } from './document-binding.ts';
import { documentRouteDocs } from './document-docs.ts';
import { type DocumentListQuery, findDocument, listDocuments, presentDocument } from './document-query.ts';
import { withAnswerFields } from './document-hooks.ts';
import { deleteDocument, saveDocument } from './document-service.ts';
import { runTransition } from './run-transition.ts';
import { documentSearchable } from '../search/search-rows.ts';

function defaultExportColumns(binding: AnyDocumentBinding): ExportColumn[] {
  const { definition } = binding;
  const numberKey = definition.numberField ?? 'documentNumber';
  return [
    { header: 'Number', value: (row) => (row[numberKey] as string | null) ?? '' },
    ...definition.fields.filter((f) => f.list !== false).map((f) => ({ header: f.label, value: (row: Record<string, unknown>) => String(row[f.name] ?? '') })),
    { header: 'Status', value: (row) => String(row.status) },
  ];
}

// Keyed by the app's context, which its encapsulated area plugins share.
const registered = new WeakMap<object, AnyDocumentBinding[]>();

/** The document types an app serves (tests check each against its routes). */
export function registeredDocuments(app: FastifyInstance): readonly AnyDocumentBinding[] {
  return registered.get(app.ctx) ?? [];
}

/** The paths a document type answers; one `POST /:id/<action>` per declared transition. */
export function documentRoutes(binding: AnyDocumentBinding): string[] {
  const base = `/api/${binding.definition.name}`;
  return [base, `${base}/export`, `${base}/:id`, ...binding.definition.actions.map((action) => `${base}/:id/${action}`)];
}

/**
 * Serves one document type under /api/<name> (docs/API.md, Documents): list, export, get with
 * lines, create and update (drafts; `"post": true` saves and posts in one transaction),
 * delete (drafts, scope `<name>:delete`) and one POST per transition, guarded by its scope.
 * The type's row scope applies to every one of them: out of scope reads as missing (404).
 * Routes are thin: their schemas (document-docs.ts) validate the input, `onRequest` guards
 * authorise, and each calls a service taking (tx, actor, input).
 */
export function registerDocument(app: FastifyInstance, binding: AnyDocumentBinding): void {
  const { definition } = binding;
  registered.set(app.ctx, [...registeredDocuments(app), binding]);
  // Known by its name to the writers that cannot import its binding (documentSearchableNamed).
  documentSearchable(binding);
  if (binding.queries.rowScope) registerAuditedRecords(definition.name, { table: binding.table, id: binding.columns.id, scope: binding.queries.rowScope });
  const base = `/${definition.name}`;
  const guard = [authenticate, requireRoute(definition.route)];
  const db = () => app.ctx.db;
  const docs = documentRouteDocs(binding);
  // Other areas' fields (FBR's state of an invoice), read after the command's commit.
  const answered = <Row extends { id: number }>(rows: readonly Row[]) => withAnswerFields(db(), definition.name, rows);
  const answer = async (document: Record<string, unknown>) => (await answered([presentDocument(binding, document) as unknown as { id: number }]))[0]!;

  app.get(base, { schema: docs.list, onRequest: guard }, async (request) => {
    const query = request.query as DocumentListQuery;
    const page = await listDocuments(db(), binding, query, actorOf(request));
    return { status: 200, message: messages.ok, ...page, data: await answered(page.data as { id: number }[]) };
  });

  app.get(`${base}/export`, { schema: docs.export, onRequest: guard }, async (request, reply) => {
    const { format, ...listQuery } = request.query as Omit<DocumentListQuery, 'page' | 'pageSize'> & { format: ExportFormat };
    const { data } = await listDocuments(db(), binding, { ...listQuery, page: 1, pageSize: exportRowCap }, actorOf(request));
    const columns = binding.queries.exportColumns ?? defaultExportColumns(binding);
    return sendExport(reply, format, { fileName: exportFileName(definition.name), title: definition.title, columns, rows: data });
  });

  app.get(`${base}/:id`, { schema: docs.get, onRequest: guard }, async (request) => {
    const data = await findDocument(db(), binding, idOf(request), { actor: actorOf(request) });
    if (!data) throw new NotFoundError();
    return { status: 200, message: messages.ok, data: await answer(data) };
  });

  app.post(base, { schema: docs.create, onRequest: guard }, async (request, reply) => {
    const { post, ...input } = request.body as { post?: boolean };
    const saved = await db().transaction((tx) => saveDocument(tx, actorOf(request), binding, input, { post }));
    return reply.status(201).send({ status: 201, message: saved.postedMessage ?? messages.saved, data: await answer(saved.document) });
  });

  app.put(`${base}/:id`, { schema: docs.update, onRequest: guard }, async (request) => {
    const { post, ...input } = request.body as { post?: boolean };
    const saved = await db().transaction((tx) => saveDocument(tx, actorOf(request), binding, input, { id: idOf(request), post }));
    return { status: 200, message: saved.postedMessage ?? messages.saved, data: await answer(saved.document) };
  });

  app.delete(`${base}/:id`, { schema: docs.remove, onRequest: [...guard, requireScope(`${definition.name}:delete`)] }, async (request) => {
    await db().transaction((tx) => deleteDocument(tx, actorOf(request), binding, idOf(request)));
    return { status: 200, message: messages.deleted };
  });

  for (const action of definition.actions) {
    const { scope, input: inputSchema } = definition.transitions[action]!;
    app.post(`${base}/:id/${action}`, { schema: docs.transition(action), onRequest: scope ? [...guard, requireScope(scope)] : guard }, async (request) => {
      const input = inputSchema ? request.body : undefined;
      const { document, message } = await db().transaction((tx) => runTransition(tx, actorOf(request), binding, idOf(request), action, { input }));
      return { status: 200, message, data: await answer(document) };
    });
  }
}
