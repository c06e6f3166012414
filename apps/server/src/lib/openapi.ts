import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest, FastifySchema, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../plugins/auth.ts';
import { NotFoundError } from './app-error.ts';
import { parseId } from './validation.ts';

/** The UI; `/api/docs/json` is the OpenAPI document itself. */
export const apiDocsPrefix = '/api/docs';

export const xlsxMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A JSON answer, or answers by content type (exports, images). */
export type ResponseDoc = z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> };

export interface RouteDocs {
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Content types of the body when not JSON (the logo upload: multipart/form-data). */
  consumes?: readonly string[];
  /** Answers by status; every route also documents the error envelope for 4xx. */
  response?: Record<number, ResponseDoc>;
}

/** `{status, message, errors?}`: what every refusal answers (plugins/errors.ts). */
export const errorEnvelope = z
  .looseObject({
    status: z.int(),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().describe('The refused fields, each with its message'),
  })
  .describe('Refused: 400 invalid input, 401 not signed in, 403 not allowed, 404 not found or out of row scope, 409 conflict, 429 too many attempts');

/** Answered values, documented plainly (zod's own ISO schemas carry long patterns). */
export const isoDate = z.string().meta({ format: 'date' });
export const isoDateTime = z.string().meta({ format: 'date-time' });
export const decimalString = z.string().describe('A decimal number as a string (exact money)');

/** "a region", "an account". */
export function aOrAn(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/**
 * The envelope of every answer: `{status, message}` and the route's keys. Loose on purpose:
 * these schemas document answers and must never become a filter that drops keys from them.
 */
export function envelope(extra: z.ZodRawShape = {}, description = 'Done') {
  return z.looseObject({ status: z.int(), message: z.string(), ...extra }).describe(description);
}

/**
 * A record id in the path: digits only, as `parseId` reads them (no sign, exponent or
 * spaces), an int4. Documented as the integer it becomes; a route's params that fail read
 * as a missing record (404), see `validateRouteInput`.
 */
export const idParam = z.preprocess((value) => parseId(value) ?? value, z.int().min(1).max(2_147_483_647));

export const idParams = z.object({ id: idParam.describe('The record id') });

/** The `:id` of a route whose params are `idParams`, as validated. */
export function idOf(request: FastifyRequest): number {
  return (request.params as z.output<typeof idParams>).id;
}

export const fileDownload: ResponseDoc = {
  description: 'A download (Content-Disposition: attachment), CSV or Excel',
  content: { 'text/csv': { schema: z.string() }, [xlsxMime]: { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * A route's `schema`: zod schemas that both document the route (converted by
 * fastify-type-provider-zod's transform) and validate its input (`validateRouteInput`), so
 * the two cannot disagree. Routes guard with `onRequest` hooks, which run before validation:
 * 401 and 403 still come before 400. A multipart body is documented only (the handler reads
 * the file as a stream).
 */
export function routeSchema(docs: RouteDocs): FastifySchema {
  const schema: Record<string, unknown> = {
    tags: [...docs.tags],
    summary: docs.summary,
    response: { ...docs.response, '4xx': errorEnvelope },
  };
  // Fastify warns about a request part declared as undefined: only present keys are set.
  if (docs.description !== undefined) schema.description = docs.description;
  if (docs.params !== undefined) schema.params = docs.params;
  if (docs.querystring !== undefined) schema.querystring = docs.querystring;
  if (docs.body !== undefined) schema.body = docs.body;
  if (docs.consumes !== undefined) {
    schema.consumes = [...docs.consumes];
    if (docs.body !== undefined && docs.consumes.includes('multipart/form-data')) documentedOnly.add(docs.body);
  }
  return schema as FastifySchema;
}

/** Bodies Fastify cannot hand to a validator (a multipart upload, read by its handler). */
const documentedOnly = new WeakSet<z.ZodType>();

/**
 * Fastify's validator compiler for every route: the route's zod schema parses its input and
 * the parsed value replaces it (defaults, trims, coercions), so handlers read
 * `request.body` / `query` / `params` as validated. An absent body or query is `{}`, as
 * `parseInput` always read it. A refusal is the ZodError itself, answered by
 * plugins/errors.ts as 400 naming the fields; params that do not parse (an id that is not
 * one, an unknown logo kind) name no record: 404.
 */
export const validateRouteInput: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (documentedOnly.has(schema)) return () => true;
  return (data) => {
    const result = schema.safeParse(data ?? (httpPart === 'params' ? data : {}));
    if (result.success) return { value: result.data };
    return { error: httpPart === 'params' ? new NotFoundError() : result.error };
  };
};

const zodTransform = createJsonSchemaTransform({ skipList: [] });

const isEmptyObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * Noise zod writes that says nothing in OpenAPI: the bounds of a safe integer on every
 * integer, and `additionalProperties: {}` on loose objects (extra keys are allowed anyway
 * when it is absent; Swagger UI would show `additionalProp1...` in every example).
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'minimum' && child === Number.MIN_SAFE_INTEGER) || (key === 'maximum' && child === Number.MAX_SAFE_INTEGER)) continue;
    if (key === 'additionalProperties' && isEmptyObject(child)) continue;
    result[key] = tidy(child);
  }
  return result;
}

function isAuthenticated(route: RouteOptions | undefined): boolean {
  const handlers = [route?.onRequest, route?.preValidation, route?.preHandler].flat();
  return handlers.includes(authenticate as never);
}

/**
 * Routes outside /api (the web app's files) and the docs' own routes are left out; a route
 * guarded by `authenticate` is marked as needing the bearer token, read from the route itself.
 */
const documentTransform: SwaggerTransform = (input) => {
  const { url } = input;
  if (!url.startsWith('/api/') || url === apiDocsPrefix || url.startsWith(`${apiDocsPrefix}/`)) return { schema: { hide: true } as FastifySchema, url };
  const result = zodTransform(input as Parameters<typeof zodTransform>[0]);
  const secured = isAuthenticated(input.route as RouteOptions | undefined);
  return { url: result.url, schema: { ...result.schema, ...(secured ? { security: [{ bearerAuth: [] }] } : {}) } as FastifySchema };
};

/** A group of routes in the API document; each area declares its own (modules/module.ts). */
export interface ApiTag {
  name: string;
  description?: string;
}

const routesSeen = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every route registered after registerApiDocs (HEAD twins aside), as Fastify saw it: the docs' test compares them with the document. */
export function registeredRoutes(app: FastifyInstance): readonly { method: string; url: string }[] {
  return routesSeen.get(app) ?? [];
}

/**
 * `/api/docs` (Swagger UI, served from the installed package) and `/api/docs/json`. Public,
 * like /api/health: see docs/decisions/platform.md. Registered before any route, so that every route
 * is seen.
 */
export async function registerApiDocs(app: FastifyInstance, tags: readonly ApiTag[] = []): Promise<void> {
  // Route schemas validate input; answers are sent as they are (the same JSON.stringify
  // Fastify uses without a schema: no key is ever dropped).
  app.setValidatorCompiler(validateRouteInput);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const seen: { method: string; url: string }[] = [];
  routesSeen.set(app, seen);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') seen.push({ method, url: route.url });
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Back office API',
        version: '1',
        description:
          'Every answer is JSON `{status, message, ...}`; refusals add `errors` naming the fields. Sign in with POST /api/login and send `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      tags: [...tags],
    },
    transform: documentTransform,
    transformObject: (document) => tidy('openapiObject' in document ? document.openapiObject : document.swaggerObject) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(swaggerUi, {
    routePrefix: apiDocsPrefix,
    // No validatorUrl: the UI then asks no outside validator about the document (no network).
    uiConfig: { docExpansion: 'none', deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}
