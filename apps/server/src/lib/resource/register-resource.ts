import { canReadOptions, canUseResource, messages, type OptionsQuery, type ResourceDeclaration } from '@erp/domain';
import { getTableName } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../request-auth.ts';
import { actorOf } from '../actor.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireScope } from '../../plugins/authorize.ts';
import { NotFoundError } from '../app-error.ts';
import { registerTableTitle, registerUniqueConstraint } from '../pg-error.ts';
import { idOf } from '../openapi.ts';
import type { ResourceBinding, Row } from './resource-binding.ts';
import { resourceRouteDocs } from './resource-docs.ts';
import { exportColumnsOf, exportFileName, type ExportFormat, exportRowCap, sendExport } from './resource-export.ts';
import { findRow, listPage, listRows, optionRows, type ParsedListQuery, planResourceQueries } from './resource-query.ts';
import { createRecord, deleteRecord, updateRecord } from './resource-writes.ts';

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Unique constraints are named `<table>_<column>[_<other column>]_key` in the migrations; 409s name their field. */
function registerConstraintNames(declaration: ResourceDeclaration, tableName: string): void {
  registerTableTitle(tableName, declaration.title);
  for (const field of declaration.fields) {
    if (!field.unique) continue;
    const columns = [field.name, ...(field.uniqueWith ? [field.uniqueWith] : [])].map(snakeCase).join('_');
    registerUniqueConstraint(`${tableName}_${columns}_key`, field.name, field.label);
  }
}

/**
 * Serves one declared resource under /api/<name>; the routes' schemas (resource-docs.ts)
 * validate their input, which handlers and hooks read as parsed: list, options, export, get, create,
 * update, delete and its actions. Hooks replace the writes of resources with special rules.
 */
export function registerResource(app: FastifyInstance, binding: ResourceBinding): void {
  const { declaration, hooks } = binding;
  const plan = planResourceQueries(binding);
  registerConstraintNames(declaration, getTableName(binding.table));
  const base = `/${declaration.name}`;
  const useResource = [authenticate, requireAccess((role) => canUseResource(role, declaration))];
  // A resource whose writes need a scope (the price list) is read by every role of its route.
  const writeResource = declaration.writeScope ? [...useResource, requireScope(declaration.writeScope)] : useResource;
  const db = () => app.ctx.db;
  // Writes by hooks and actions keep to the caller's rows too: outside their scope a row is not found.
  const assertInScope = async (request: FastifyRequest, id: number): Promise<void> => {
    if (plan.rowScope && !(await findRow(db(), plan, id, authOf(request)))) throw new NotFoundError();
  };
  const docs = resourceRouteDocs(binding);

  app.get(base, { schema: docs.list, onRequest: useResource }, async (request) => {
    const query = request.query as ParsedListQuery;
    const auth = authOf(request);
    const limits = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    const page = await listPage(db(), plan, query, auth, limits);
    return { status: 200, message: messages.ok, ...page };
  });

  app.get(`${base}/options`, { schema: docs.options, onRequest: [authenticate, requireAccess((role) => canReadOptions(role, declaration))] }, async (request, reply) => {
    if (declaration.hasOptions === false) {
      return reply.status(404).send({ status: 404, message: messages.optionsNotAvailable(declaration.title) });
    }
    const query = request.query as OptionsQuery;
    const auth = authOf(request);
    // Rows narrowed per user are cached per user; the others are the same for everyone.
    const key = `${declaration.name}|${plan.rowScope ? auth.user.id : ''}|${JSON.stringify(query)}`;
    // The answer is cached already serialised: pickers ask for the same lists all day.
    const body = await app.ctx.optionsCache.get(key, async () => {
      const { options, hasMore } = await optionRows(db(), plan, auth, query);
      return JSON.stringify({ status: 200, message: messages.ok, options, hasMore });
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get(`${base}/export`, { schema: docs.export, onRequest: useResource }, async (request, reply) => {
    const { format, ...query } = request.query as ParsedListQuery & { format: ExportFormat };
    const rows = await listRows(db(), plan, query, authOf(request), { limit: exportRowCap, offset: 0 });
    return sendExport(reply, format, { fileName: exportFileName(declaration.name), title: declaration.title, columns: exportColumnsOf(declaration), rows });
  });

  app.get(`${base}/:id`, { schema: docs.get, onRequest: useResource }, async (request) => {
    const data = await findRow(db(), plan, idOf(request), authOf(request));
    if (!data) throw new NotFoundError();
    return { status: 200, message: messages.ok, data };
  });

  app.post(base, { schema: docs.create, onRequest: writeResource }, async (request, reply) => {
    const input = request.body as Row;
    const data = hooks?.create ? await hooks.create(actorOf(request), input, app.ctx) : await createRecord(db(), plan, actorOf(request), input);
    return reply.status(201).send({ status: 201, message: messages.saved, data });
  });

  app.put(`${base}/:id`, { schema: docs.update, onRequest: writeResource }, async (request) => {
    const id = idOf(request);
    if (hooks?.update) await assertInScope(request, id);
    const input = request.body as Row;
    const data = hooks?.update ? await hooks.update(actorOf(request), id, input, app.ctx) : await updateRecord(db(), plan, actorOf(request), id, input);
    return { status: 200, message: messages.saved, data };
  });

  app.delete(`${base}/:id`, { schema: docs.remove, onRequest: [...writeResource, requireScope(`${declaration.name}:delete`)] }, async (request) => {
    const id = idOf(request);
    if (hooks?.remove) await assertInScope(request, id);
    if (hooks?.remove) await hooks.remove(actorOf(request), id, app.ctx);
    else await deleteRecord(db(), plan, actorOf(request), id);
    return { status: 200, message: messages.deleted };
  });

  for (const [action, handler] of Object.entries(hooks?.actions ?? {})) {
    app.post(`${base}/:id/${action}`, { schema: docs.action(action), onRequest: writeResource }, async (request) => {
      const id = idOf(request);
      await assertInScope(request, id);
      const result = await handler(actorOf(request), id, request.body as Row | undefined, app.ctx);
      return { status: 200, ...result };
    });
  }
}

export { planResourceQueries };
