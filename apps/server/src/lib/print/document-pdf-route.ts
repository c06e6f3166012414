import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { actorOf } from '../actor.ts';
import { NotFoundError } from '../app-error.ts';
import type { AnyDocumentBinding, DocumentRow } from '../document/document-binding.ts';
import { findDocument } from '../document/document-query.ts';
import { idParams, routeSchema } from '../openapi.ts';
import { parseId } from '../validation.ts';
import { type PrintableDocument, renderDocumentPdf } from './document-pdf.ts';
import { withPrintAdditions } from './print-additions.ts';

export interface DocumentPdf<Detail extends DocumentRow> {
  binding: AnyDocumentBinding;
  /** What the PDF holds, for the API docs: 'The printable order (A4): ...'. */
  description: string;
  /** The document as it prints, the company's letterhead included (read by the module: lib knows no settings). */
  printable(executor: Executor, document: Detail): Promise<PrintableDocument>;
  /** `INV-2026-000001.pdf`, or a draft's name before there is a number. */
  fileName(document: Detail): string;
  /** The route's last segment: `pdf` (default); another print of the same document has its own (an invoice's `delivery-note`). */
  path?: string;
  /** The API document's summary (default: 'A <singular> as a PDF'). */
  summary?: string;
  /** Whether other areas' print additions of the document apply (default true); a second print says what it holds itself. */
  additions?: boolean;
}

/**
 * `GET /api/<document>/:id/pdf`: read like the document's own GET (its route and row scope;
 * out of scope reads as 404), rendered on the server by the one print component, as a
 * download. Every printable document (purchase order, quotation, invoice, credit note) is
 * served by this one route builder, which adds what other areas print on it (print-additions.ts).
 */
export function registerDocumentPdfRoute<Detail extends DocumentRow>(app: FastifyInstance, pdf: DocumentPdf<Detail>): void {
  const { definition } = pdf.binding;
  const docs = routeSchema({
    tags: [definition.title],
    summary: pdf.summary ?? `A ${definition.singular} as a PDF`,
    description: `${pdf.description} A download (Content-Disposition: attachment). Who may read the ${definition.singular} may print it; out of row scope reads as 404.`,
    params: idParams,
    response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } },
  });
  app.get(`/${definition.name}/:id/${pdf.path ?? 'pdf'}`, { schema: docs, onRequest: [authenticate, requireRoute(definition.route)] }, async (request, reply) => {
    const id = parseId((request.params as { id?: unknown }).id);
    if (id === undefined) throw new NotFoundError();
    const db = app.ctx.db;
    const document = await findDocument<Detail>(db, pdf.binding, id, { actor: actorOf(request) });
    if (!document) throw new NotFoundError();
    const printable = await pdf.printable(db, document);
    const bytes = await renderDocumentPdf(pdf.additions === false ? printable : await withPrintAdditions(db, definition.name, document, printable));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${pdf.fileName(document)}"`).send(bytes);
  });
}
