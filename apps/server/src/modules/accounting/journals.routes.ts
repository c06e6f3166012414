import type { FastifyInstance } from 'fastify';
import { registerDocument } from '../../lib/document/register-document.ts';
import { journalBinding } from './journals.binding.ts';

/** /api/journals: the generic document routes (docs/API.md, Documents). */
export function registerJournalRoutes(app: FastifyInstance): void {
  registerDocument(app, journalBinding);
}
