import { messages, searchQuerySchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../actor.ts';
import { envelope, routeSchema } from '../openapi.ts';
import { validated } from '../validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { search } from './search-query.ts';
import { searchablesOf } from './search-rows.ts';

const docs = routeSchema({
  tags: ['Search'],
  summary: 'Records by number, code or name for the command palette (every signed-in role)',
  description:
    'Over search_index, which the document and resource machinery write in the transaction of each change. `#` narrows to document numbers, `@` to customers and vendors; ' +
    'a whole document number takes the exact path. Only types whose screen the role may open, and rows within the user’s row scope (permissions.regions...).',
  querystring: searchQuerySchema,
  response: {
    200: envelope({
      results: z.array(
        z.object({
          type: z.string().describe('The API resource name: invoices, customers, vendors, items...'),
          id: z.int(),
          code: z.string().nullable(),
          title: z.string(),
          subtitle: z.string(),
          status: z.string().nullable(),
          route: z.string().describe('The screen address that opens the record'),
        }),
      ),
    }),
  },
});

export function registerSearchRoutes(app: FastifyInstance): void {
  const searchables = searchablesOf(app.ctx.areas);
  app.get('/search', { schema: docs, onRequest: [authenticate] }, async (request) => {
    const query = validated(searchQuerySchema, request.query);
    const results = await search(app.ctx.db, actorOf(request), searchables, query);
    return { status: 200, message: messages.ok, results };
  });
}
