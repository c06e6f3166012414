import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../db/client.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createRentalInvoice, postRentalInvoices } from '../sales/sales.api.ts';
import { type MonthEndCursor, type MonthEndPayload, runMonthEndChunk } from './month-end-job.ts';

/**
 * Issue 21, section 5: the month-end run posts a chunk's invoices set-based. What it posts must
 * be what the one-by-one path (createRentalInvoice on the invoice machinery) posted, its numbers
 * gapless in order, and a chunk redone must raise nothing twice.
 */
let t: TestApp;
let f: RentalFixtures;
let venture: number;
const agreements: number[] = [];

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

const chunk = (cursor: MonthEndCursor, chunkSize = 2) => {
  const payload: MonthEndPayload = { month: '2024-04', chunkSize, actor: { userId: f.admin.userId, role: f.admin.role, scopes: [], permissions: {} } };
  return t.database.db.transaction((tx) => runMonthEndChunk(tx as Tx, { id: 0, payload, cursor }));
};

beforeAll(async () => {
  t = await createTestApp();
  f = await rentalFixtures(t, 'MB');
  venture = await f.hospitalVenture('MB venture');
  for (const serial of ['MB-SN-1', 'MB-SN-2', 'MB-SN-3']) agreements.push(await f.placedAgreement(serial, { jointVentureId: venture }));
}, 120_000);
afterAll(async () => t?.close());

describe('the month-end run, set-based (issue 21, section 5)', () => {
  it('posts what the one-by-one path posts: the invoice, its two ledger rows and stamps (agreement, customer, region, venture), audit and search rows', async () => {
    const agreementId = agreements[0]!;
    const input = { kind: 'rentalShortfall' as const, customerId: f.hospital.id, regionId: f.north, rentalAgreementId: agreementId, amount: '1234.56', notes: 'Same invoice, two paths' };
    const ids = await t.database.db.transaction(async (tx) => {
      const one = await createRentalInvoice(tx as Tx, f.admin, { ...input, invoiceDate: '2024-03-31' });
      const batch = await postRentalInvoices(tx as Tx, f.admin, '2024-03-31', [input]);
      return [one.id, batch.get(agreementId)!];
    });
    const invoiceOf = (id: number) =>
      rows<Record<string, unknown>>(
        sql`SELECT kind, rental_agreement_id, document_date::text, status, customer_id, region_id, due_date::text, salesperson_id, notes, subtotal::text, grand_total::text,
                   created_by, posted_by, posted_at IS NOT NULL AS posted, substr(document_number, 1, 9) AS prefix FROM invoices WHERE id = ${id}::int`,
      );
    const ledgerOf = (id: number) =>
      rows<Record<string, unknown>>(
        sql`SELECT account_id, entry_date::text, document_type, narration, memo, debit::text, credit::text, created_by, region_id, party_type, party_id, joint_venture_id, rental_agreement_id, department_id
            FROM gl_entries WHERE document_type = 'invoice' AND document_id = ${id}::int ORDER BY id`,
      );
    const auditOf = (id: number) => rows<Record<string, unknown>>(sql`SELECT action, resource, actor_user_id, before, after - 'documentNumber' AS after FROM audit_log WHERE resource = 'invoices' AND record_id = ${String(id)}`);
    const searchOf = (id: number) => rows<Record<string, unknown>>(sql`SELECT entity_type, region_id, title, status, code IS NOT NULL AS numbered FROM search_index WHERE entity_type = 'invoices' AND entity_id = ${id}::int`);
    const [one, batch] = ids as [number, number];
    expect(await invoiceOf(batch)).toEqual(await invoiceOf(one));
    const ledger = await ledgerOf(batch);
    expect(ledger).toEqual(await ledgerOf(one));
    expect(ledger).toHaveLength(2);
    expect(ledger[0]).toMatchObject({ account_id: f.hospital.accountId, debit: '1234.56', party_id: f.hospital.id, region_id: f.north, joint_venture_id: venture, rental_agreement_id: agreementId });
    expect(await auditOf(batch)).toEqual(await auditOf(one));
    expect(await searchOf(batch)).toEqual(await searchOf(one));
    expect(await searchOf(batch)).toHaveLength(1);
  });

  it('a month over chunks of 2: one invoice per agreement, numbered gapless in order; a chunk redone raises nothing; the run again raises nothing', async () => {
    const [before] = await rows<{ last: number }>(sql`SELECT last_number AS last FROM document_sequences WHERE doc_type = 'INV' AND year = 2024`);
    let cursor: MonthEndCursor = {};
    const first = await chunk(cursor);
    expect(first).toMatchObject({ done: false, cursor: { processed: 2, invoices: 2, invoiced: '300000.00' } });
    // The same chunk again (a worker whose lease lapsed after the commit): its months hold their invoices.
    expect(await chunk(cursor)).toMatchObject({ cursor: { invoices: 0, invoiced: '0.00' } });
    cursor = first.cursor;
    const second = await chunk(cursor);
    expect(second).toMatchObject({ done: true, cursor: { processed: 3, invoices: 3, invoiced: '450000.00' } });
    const invoices = await rows<{ agreement: number; number: string; total: string }>(
      sql`SELECT rental_agreement_id AS agreement, document_number AS number, grand_total::text AS total FROM invoices
          WHERE kind = 'rentalShortfall' AND document_date = '2024-04-30' ORDER BY document_number`,
    );
    const base = Number(before!.last);
    expect(invoices).toEqual(agreements.map((agreement, i) => ({ agreement, number: `INV-2024-${String(base + i + 1).padStart(6, '0')}`, total: '150000.00' })));
    const [ledger] = await rows<{ n: number; debit: string; credit: string; stamped: number }>(
      sql`SELECT count(*)::int AS n, sum(debit)::text AS debit, sum(credit)::text AS credit, count(*) FILTER (WHERE joint_venture_id = ${venture}::int AND rental_agreement_id IS NOT NULL)::int AS stamped
          FROM gl_entries WHERE document_type = 'invoice' AND entry_date = '2024-04-30'`,
    );
    expect(ledger).toEqual({ n: 6, debit: '450000.00', credit: '450000.00', stamped: 6 });
    const again = await chunk({}, 250);
    expect(again).toMatchObject({ done: true, cursor: { processed: 3, invoices: 0 } });
    const periods = (await f.call('GET', `/api/rental-agreements/${agreements[1]}/periods`)).json().data as Array<Record<string, unknown>>;
    expect(periods[0]).toMatchObject({ month: '2024-04', status: 'invoiced', invoiceId: expect.any(Number) });
  });
});
