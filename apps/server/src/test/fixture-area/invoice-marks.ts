import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { intArray, queryRows } from '../../db/client.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentHookDeclarations, PostingWritesHook } from '../../lib/document/document-hooks.ts';

/** What a shipped area's migration would hold: one row per posted invoice, written by the hook. */
export const createFixtureInvoiceMarks = sql`
  CREATE TABLE fixture_invoice_marks (
    invoice_id integer PRIMARY KEY REFERENCES invoices (id),
    marked_at timestamptz NOT NULL DEFAULT now()
  )`;

/** What the fixture's postingWrites hooks wrote: the posting's number, in its own statement or after the handler. */
export const createFixturePostingNumbers = sql`
  CREATE TABLE fixture_posting_numbers (
    document_name text NOT NULL,
    document_id integer NOT NULL,
    document_number text,
    PRIMARY KEY (document_name, document_id)
  )`;

/** A postingWrites hook of `documentName`: refuses a document of its switch's notes, else writes the posting's number. */
const postingNumber = (documentName: string): PostingWritesHook => async (_tx, _actor, document) => {
  if (document.notes === fixtureRefusals.beforeWrites || document.narration === fixtureRefusals.beforeWrites) throw new ConflictError('The fixture area refuses to write of this posting');
  return [(documentNumber) => sql`INSERT INTO fixture_posting_numbers (document_name, document_id, document_number) VALUES (${documentName}, ${document.id}::int, ${documentNumber})`];
};

/** The words of an invoice's notes that make the fixture's hooks refuse (the tests' switches). */
export const fixtureRefusals = { beforePost: 'fixture: refuse the posting', afterMark: 'fixture: fail after marking', beforeCancel: 'fixture: keep it', beforeSave: 'fixture: refuse the save', beforeWrites: 'fixture: refuse the writes' } as const;

/**
 * Another area's postings, hooked through the manifest (issue 28, section 1): a mark per posted
 * invoice in the posting's transaction, and guards after a draft's save, before a posting and a cancel.
 */
export const fixtureInvoiceHooks: DocumentHookDeclarations = {
  onPosted: {
    async invoices(tx, _actor, postedIds) {
      await tx.execute(sql`INSERT INTO fixture_invoice_marks (invoice_id) SELECT unnest(${intArray([...postedIds])})`);
      const failing = await queryRows<{ id: number }>(tx, sql`SELECT id FROM invoices WHERE id = ANY(${intArray([...postedIds])}) AND notes = ${fixtureRefusals.afterMark}`);
      if (failing.length > 0) throw new ConflictError('The fixture area refused after marking');
    },
  },
  // Invoices' handler asks for these before its statement; the fixture's vouchers' does not (the machinery runs them after it).
  postingWrites: { invoices: postingNumber('invoices'), 'fixture-vouchers': postingNumber('fixture-vouchers') },
  beforePost: {
    async invoices(_tx, _actor, documents) {
      if (documents.some((document) => document.notes === fixtureRefusals.beforePost)) throw new ConflictError('The fixture area refuses this posting');
    },
  },
  beforeSave: {
    async invoices(_tx, _actor, documents) {
      if (documents.some((document) => document.notes === fixtureRefusals.beforeSave)) throw new BadRequestError({ notes: 'The fixture area refuses these notes' });
    },
  },
  beforeCancel: {
    async invoices(_tx, _actor, documents) {
      if (documents.some((document) => document.notes === fixtureRefusals.beforeCancel)) throw new ConflictError('The fixture area keeps this invoice');
    },
  },
  answerFields: {
    invoices: {
      fields: { fixtureMarkedAt: z.string().nullable() },
      async read(executor, ids) {
        const rows = await queryRows<{ id: number; at: string }>(executor, sql`SELECT invoice_id AS id, marked_at::text AS at FROM fixture_invoice_marks WHERE invoice_id = ANY(${intArray([...ids])})`);
        return new Map(rows.map((row) => [row.id, { fixtureMarkedAt: row.at }]));
      },
    },
  },
};
