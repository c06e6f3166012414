import { contributedFieldsOf, formFields, resources, userCreateSchema } from '@erp/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';
import { registeredDocuments } from './document/register-document.ts';
import { apiDocsPrefix, envelope, registerApiDocs, registeredRoutes, routeSchema } from './openapi.ts';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const isDocumentable = (url: string) => url.startsWith('/api/') && url !== apiDocsPrefix && !url.startsWith(`${apiDocsPrefix}/`);

function operationOf(document: OpenApiDocument, method: string, url: string): Operation | undefined {
  return document.paths[openApiPath(url)]?.[method.toLowerCase()];
}

/**
 * Registered /api routes the document lacks, or holds without a declared schema (a route
 * without `schema: routeSchema(...)` still appears, but with no tags and no summary).
 */
function undocumentedRoutes(app: FastifyInstance, document: OpenApiDocument): string[] {
  return registeredRoutes(app)
    .filter(({ url }) => isDocumentable(url))
    .filter(({ method, url }) => {
      const operation = operationOf(document, method, url);
      return !operation?.summary || !operation.tags?.length;
    })
    .map(({ method, url }) => `${method} ${url}`);
}

async function documentOf(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: `${apiDocsPrefix}/json` });
  expect(response.statusCode).toBe(200);
  return response.json<OpenApiDocument>();
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    document = await documentOf(t.app);
  });
  afterAll(async () => t.close());

  it('holds every registered /api route, each with its declared schema', () => {
    const apiRoutes = registeredRoutes(t.app).filter(({ url }) => isDocumentable(url));
    // Auth, setup, users, settings, audit log, chart, posting accounts, ledgers, statements at least.
    expect(apiRoutes.length).toBeGreaterThan(60);
    expect(undocumentedRoutes(t.app, document)).toEqual([]);
    const documented = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    expect(documented).toBe(apiRoutes.length);
  });

  it('names the path parameters of every route', () => {
    for (const { method, url } of registeredRoutes(t.app).filter(({ url }) => isDocumentable(url))) {
      const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const parameters = operationOf(document, method, url)?.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [];
      expect(parameters.sort(), `${method} ${url}`).toEqual(names.sort());
    }
  });

  it("derives each resource's create and update bodies from its declaration", () => {
    // Resources with lines take them in the same body (issue 20); an item its first tax facts (issue 29).
    const withLines: Record<string, string[]> = { 'salary-assignments': ['lines'], 'tax-tables': ['slabs'], items: ['taxFacts'] };
    const served = resources.filter((r) => registeredRoutes(t.app).some(({ method, url }) => method === 'POST' && url === `/api/${r.name}`));
    expect(served.map((r) => r.name)).toEqual(expect.arrayContaining(['regions', 'users', 'accounts']));
    for (const declaration of served) {
      const create = operationOf(document, 'POST', `/api/${declaration.name}`)?.requestBody?.content['application/json']?.schema;
      const update = operationOf(document, 'PUT', `/api/${declaration.name}/:id`)?.requestBody?.content['application/json']?.schema;
      // Users are created through their own service, with a password.
      const lines = withLines[declaration.name] ?? [];
      // Other areas' fields join the bodies (issue 32: the licences' on vendors, items and customers).
      const contributed = contributedFieldsOf(declaration.name).map((f) => f.name);
      const expected = declaration.name === 'users' ? Object.keys(userCreateSchema.shape) : [...formFields(declaration).map((f) => f.name), ...lines, ...contributed];
      expect(Object.keys(create?.properties ?? {}).sort(), declaration.name).toEqual([...expected].sort());
      if (declaration.name !== 'users') {
        // A required field with a default takes it when left out (issue 17): not required on the wire.
        // An advance's date defaults to the server's today (issue 27, section 4): not a declared default.
        const defaultedByBinding: Record<string, string[]> = { 'employee-advances': ['advanceDate'] };
        const required = formFields(declaration).filter((f) => f.required && f.defaultValue === undefined && !defaultedByBinding[declaration.name]?.includes(f.name));
        expect((create?.required ?? []).sort(), declaration.name).toEqual([...required.map((f) => f.name), ...lines.filter((l) => l === 'slabs')].sort());
      }
      expect(update?.required ?? [], declaration.name).toEqual([]);
      expect(Object.keys(update?.properties ?? {}).length, declaration.name).toBeGreaterThan(0);
    }
  });

  it("derives each document type's body from its definition: header, lines and post", () => {
    const documents = registeredDocuments(t.app);
    expect(documents.map((binding) => binding.definition.name)).toContain('journals');
    for (const { definition } of documents) {
      for (const [method, url] of [['POST', `/api/${definition.name}`], ['PUT', `/api/${definition.name}/:id`]] as const) {
        const body = operationOf(document, method, url)?.requestBody?.content['application/json']?.schema;
        expect(Object.keys(body?.properties ?? {}).sort(), `${method} ${url}`).toEqual(Object.keys(definition.saveSchema.shape).sort());
        const line = body?.properties?.[definition.lines.key ?? 'lines'] as { items?: JsonSchema } | undefined;
        expect(Object.keys(line?.items?.properties ?? {}).sort(), url).toEqual(definition.lines.fields.filter((f) => f.form !== false).map((f) => f.name).sort());
      }
      for (const action of definition.actions) {
        expect(operationOf(document, 'POST', `/api/${definition.name}/:id/${action}`)?.summary).toContain(definition.transitions[action]!.label);
      }
    }
  });

  it('documents list filters, the envelope and the error answer', () => {
    const list = operationOf(document, 'GET', '/api/users');
    const query = list?.parameters?.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['page', 'pageSize', 'search', 'sort', 'order', 'role', 'active']));
    const ok = list?.responses['200']?.content?.['application/json']?.schema;
    expect(Object.keys(ok?.properties ?? {})).toEqual(['status', 'message', 'data', 'total']);
    const refused = list?.responses['4XX']?.content?.['application/json']?.schema;
    expect(Object.keys(refused?.properties ?? {})).toEqual(['status', 'message', 'errors']);
    const upload = operationOf(document, 'PUT', '/api/settings/logo/:kind');
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });

  it('marks the routes that need a token, and only those', () => {
    expect(operationOf(document, 'GET', '/api/regions')?.security).toEqual([{ bearerAuth: [] }]);
    expect(operationOf(document, 'POST', '/api/verify-token')?.security).toEqual([{ bearerAuth: [] }]);
    expect(operationOf(document, 'POST', '/api/login')?.security).toBeUndefined();
    expect(operationOf(document, 'GET', '/api/health')?.security).toBeUndefined();
  });

  it('serves the UI from the installed package, to anyone, under the same security headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: apiDocsPrefix });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    const bundle = await t.app.inject({ method: 'GET', url: `${apiDocsPrefix}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    const app = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toBe(app.headers['content-security-policy']);
  });

  it('leaves answers as they were: no key dropped, authentication still before validation', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/regions', headers: bearer(t.adminToken), payload: { regionName: 'North', regionCode: 'N' } });
    expect(created.statusCode).toBe(201);
    expect(Object.keys(created.json().data)).toEqual(expect.arrayContaining(['id', 'regionName', 'regionCode', 'createdAt', 'updatedAt']));
    // Signed out, a bad body is still refused as signed out (guards run on onRequest, before validation).
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/regions', payload: { nope: 1 } });
    expect(anonymous.statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url: '/api/regions', headers: bearer(t.adminToken), payload: { nope: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 400, message: expect.any(String), errors: expect.objectContaining({ nope: 'nope is not a known field' }) });
  });

  it('validates with what it documents: every field a JSON body documents as required is refused when missing', async () => {
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const post = operations.post;
      const schema = post?.requestBody?.content['application/json']?.schema;
      // Collection routes only: a path with an id would answer 404 for the id first.
      if (!schema?.required?.length || path.includes('{')) continue;
      const response = await t.app.inject({ method: 'POST', url: path, headers: bearer(t.adminToken), payload: {} });
      expect(response.statusCode, `POST ${path}`).toBe(400);
      const errors = response.json<{ errors?: Record<string, string> }>().errors ?? {};
      expect(Object.keys(errors), `POST ${path}`).toEqual(expect.arrayContaining(schema.required));
      checked.push(path);
    }
    // Resources and documents alike (a declaration's create schema, a document's save schema), and the hand-written routes.
    expect(checked).toEqual(expect.arrayContaining(['/api/regions', '/api/journals', '/api/login', '/api/accounting/period-close']));
  });
});

describe('the route check', () => {
  it('names a route added without its schema, or hidden', async () => {
    const app = Fastify();
    await registerApiDocs(app);
    app.get('/api/declared/:id', { schema: routeSchema({ tags: ['Test'], summary: 'Declared', params: z.object({ id: z.int() }), response: { 200: envelope() } }) }, async () => ({ status: 200, message: 'OK' }));
    app.get('/api/forgotten', async () => ({ status: 200, message: 'OK' }));
    app.post('/api/hidden', { schema: { hide: true } }, async () => ({ status: 200, message: 'OK' }));
    await app.ready();
    expect(undocumentedRoutes(app, await documentOf(app))).toEqual(['GET /api/forgotten', 'POST /api/hidden']);
    await app.close();
  });
});
