import { hasNul, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../lib/app-error.ts';

/** Deeper than any form nests (a document's lines, an allocation's fields); far short of the stack. */
export const maxInputDepth = 64;

/**
 * The path (`lines.0.memo`) of the first string, or object key, holding U+0000, or undefined.
 * PostgreSQL cannot store that character; every route refuses it here, naming the field,
 * whether or not its own schema thought of it. Input nested deeper than `maxInputDepth` is
 * refused here too (400), before any schema or serializer recurses into it.
 */
export function nulFieldOf(value: unknown): string | undefined {
  const path = nulPathOf(value, 0);
  return path === undefined ? undefined : path.join('.') || '_';
}

function nulPathOf(value: unknown, depth: number): string[] | undefined {
  if (typeof value === 'string') return hasNul(value) ? [] : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= maxInputDepth) throw new BadRequestError({ _: messages.nestedTooDeep(maxInputDepth) }, messages.nestedTooDeep(maxInputDepth));
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPathOf(value[i], depth + 1);
      if (found) return [String(i), ...found];
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasNul(key)) return [];
    const found = nulPathOf(item, depth + 1);
    if (found) return [key, ...found];
  }
  return undefined;
}

function refuseNul(value: unknown): void {
  const field = nulFieldOf(value);
  if (field !== undefined) throw new BadRequestError({ [field]: messages.nulCharacter(field) });
}

/**
 * JSON bodies and query strings as every route receives them:
 * - `Content-Type: application/json` with an empty body is an empty object (what many
 *   clients send for verify-token and actions), not a 400;
 * - no string, in the body or the query, may hold U+0000 (400 naming the field);
 * - nothing nests deeper than `maxInputDepth` levels (400).
 * Prototype poisoning stays refused, as by Fastify's own parser.
 */
export function registerRequestInput(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, (error: Error | null, parsed?: unknown) => {
      if (error) {
        done(error, undefined);
        return;
      }
      try {
        refuseNul(parsed);
      } catch (refused) {
        done(refused as Error, undefined);
        return;
      }
      done(null, parsed);
    });
  });
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      refuseNul(request.query);
    } catch (refused) {
      done(refused as Error);
      return;
    }
    done();
  });
}
