import { hasNul, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../lib/app-error.ts';

/**
 * The path (`lines.0.memo`) of the first string, or object key, holding U+0000, or undefined.
 * PostgreSQL cannot store that character; every route refuses it here, naming the field,
 * whether or not its own schema thought of it.
 */
export function nulFieldOf(value: unknown): string | undefined {
  const path = nulPathOf(value);
  return path === undefined ? undefined : path.join('.') || '_';
}

function nulPathOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return hasNul(value) ? [] : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPathOf(value[i]);
      if (found) return [String(i), ...found];
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) return [];
      const found = nulPathOf(item);
      if (found) return [key, ...found];
    }
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
 * - no string, in the body or the query, may hold U+0000 (400 naming the field).
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
