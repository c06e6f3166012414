import { messages } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../lib/app-error.ts';
import { exportFileName, type ExportColumn, exportRowCap, parseExportQuery, sendExport } from '../../lib/resource/resource-export.ts';
import { parseId, parseInput } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute, requireScope } from '../../plugins/authorize.ts';
import { findJournal, journalListQuerySchema, listJournals } from './journals.repository.ts';
import { cancelJournal, createJournal, deleteJournal, postJournal, updateJournal } from './journals.service.ts';

const journalExportColumns: ExportColumn[] = [
  { header: 'Number', value: (row) => (row.journalNumber as string | null) ?? '' },
  { header: 'Date', value: (row) => String(row.journalDate) },
  { header: 'Narration', value: (row) => String(row.narration) },
  { header: 'Status', value: (row) => String(row.status) },
  { header: 'Total', value: (row) => String(row.totalDebit) },
];

const journalPostedMessage = 'Journal posted';

function idOf(request: FastifyRequest): number {
  const id = parseId((request.params as { id?: unknown }).id);
  if (id === undefined) throw new NotFoundError();
  return id;
}

/** /api/journals: documents with a life (draft -> posted -> cancelled); docs/API.md. */
export function registerJournalRoutes(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute('/journals')];
  const base = '/api/journals';

  app.get(base, { preHandler: guard }, async (request) => {
    const query = parseInput(journalListQuerySchema, request.query);
    const { data, total } = await listJournals(app.ctx.db, query);
    return { status: 200, message: messages.ok, data, total };
  });

  app.get(`${base}/export`, { preHandler: guard }, async (request, reply) => {
    const { format, query } = parseExportQuery(request.query);
    const listQuery = parseInput(journalListQuerySchema, query);
    const { data } = await listJournals(app.ctx.db, { ...listQuery, page: 1, pageSize: exportRowCap });
    return sendExport(reply, format, { fileName: exportFileName('journals'), title: 'Journals', columns: journalExportColumns, rows: data });
  });

  app.get(`${base}/:id`, { preHandler: guard }, async (request) => {
    const data = await findJournal(app.ctx.db, idOf(request));
    if (!data) throw new NotFoundError();
    return { status: 200, message: messages.ok, data };
  });

  app.post(base, { preHandler: guard }, async (request, reply) => {
    const { journal, posted } = await createJournal(request);
    return reply.status(201).send({ status: 201, message: posted ? journalPostedMessage : messages.saved, data: journal });
  });

  app.put(`${base}/:id`, { preHandler: guard }, async (request) => {
    const { journal, posted } = await updateJournal(request, idOf(request));
    return { status: 200, message: posted ? journalPostedMessage : messages.saved, data: journal };
  });

  app.delete(`${base}/:id`, { preHandler: [...guard, requireScope('journals:delete')] }, async (request) => {
    await deleteJournal(request, idOf(request));
    return { status: 200, message: messages.deleted };
  });

  app.post(`${base}/:id/post`, { preHandler: guard }, async (request) => ({
    status: 200,
    message: journalPostedMessage,
    data: await postJournal(request, idOf(request)),
  }));

  app.post(`${base}/:id/cancel`, { preHandler: [...guard, requireScope('journals:cancel')] }, async (request) => ({
    status: 200,
    message: 'Journal cancelled',
    data: await cancelJournal(request, idOf(request)),
  }));
}
