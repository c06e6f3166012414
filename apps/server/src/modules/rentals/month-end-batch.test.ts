import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bindDocumentHooks } from '../../lib/document/document-hooks.ts';
import { postInvoices, type RentalInvoiceInput } from '../sales/sales.api.ts';
import { type MonthEndCursor, type MonthEndPayload, runMonthEndChunk } from './month-end-job.ts';

/** One rental charge posted, as the early exit posts it: its invoice's id. */
const raiseRentalInvoice = async (tx: Tx, actor: Actor, charge: RentalInvoiceInput) => (await postInvoices(tx, actor, [{ charge }]))[0]!.id;

/**
 * Issue 21, section 5: the month-end run posts a chunk's invoices set-based: each invoice whole
 * (rows and stamps), the numbers gapless in order, and a chunk redone raises nothing twice.
 */
let t: TestApp;
let f: RentalFixtures;
let venture: number;
const agreements: number[] = [];

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

/** The ids each call of an `onPosted` hook of invoices was handed while `run` ran (issue 28, section 1). */
async function postedHookCalls<T>(run: () => Promise<T>): Promise<{ result: T; calls: number[][] }> {
  const calls: number[][] = [];
  const unbind = bindDocumentHooks([{ onPosted: { invoices: async (_tx, _actor, ids) => void calls.push([...ids]) } }]);
  try {
    return { result: await run(), calls };
  } finally {
    unbind();
  }
}

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
  it('posts an invoice with its two ledger rows stamped (agreement, customer, region, venture), its audit and search rows', async () => {
    const agreementId = agreements[0]!;
    const input = { kind: 'rentalShortfall' as const, customerId: f.hospital.id, regionId: f.north, rentalAgreementId: agreementId, amount: '1234.56', notes: 'An invoice of its own' };
    const { result: id, calls } = await postedHookCalls(() => t.database.db.transaction((tx) => raiseRentalInvoice(tx as Tx, f.admin, { ...input, invoiceDate: '2024-03-31' })));
    // Written posted, it is a posting to the other areas' onPosted hooks too.
    expect(calls).toEqual([[id]]);
    const [invoice] = await rows<Record<string, unknown>>(
      sql`SELECT kind, rental_agreement_id, document_date::text, status, customer_id, region_id, notes, subtotal::text, grand_total::text,
                 posted_by, posted_at IS NOT NULL AS posted, document_number LIKE 'INV-2024-%' AS numbered FROM invoices WHERE id = ${id}::int`,
    );
    expect(invoice).toEqual({
      kind: 'rentalShortfall', rental_agreement_id: agreementId, document_date: '2024-03-31', status: 'posted', customer_id: f.hospital.id, region_id: f.north,
      notes: 'An invoice of its own', subtotal: '1234.56', grand_total: '1234.56', posted_by: f.admin.userId, posted: true, numbered: true,
    });
    const ledger = await rows<Record<string, unknown>>(
      sql`SELECT account_id, entry_date::text, debit::text, credit::text, region_id, party_type, party_id, joint_venture_id, rental_agreement_id
          FROM gl_entries WHERE document_type = 'invoice' AND document_id = ${id}::int ORDER BY id`,
    );
    const stamps = { entry_date: '2024-03-31', region_id: f.north, party_type: 'customer', party_id: f.hospital.id, joint_venture_id: venture, rental_agreement_id: agreementId };
    expect(ledger).toHaveLength(2);
    expect(ledger[0]).toEqual({ account_id: f.hospital.accountId, debit: '1234.56', credit: '0.00', ...stamps });
    expect(ledger[1]).toMatchObject({ debit: '0.00', credit: '1234.56', ...stamps });
    const audit = await rows<Record<string, unknown>>(sql`SELECT action, actor_user_id, after->>'status' AS status FROM audit_log WHERE resource = 'invoices' AND record_id = ${String(id)}`);
    expect(audit).toEqual([{ action: 'post', actor_user_id: f.admin.userId, status: 'posted' }]);
    const search = await rows<Record<string, unknown>>(sql`SELECT status, code IS NOT NULL AS numbered FROM search_index WHERE entity_type = 'invoices' AND entity_id = ${id}::int`);
    expect(search).toEqual([{ status: 'posted', numbered: true }]);
  });

  it('a month over chunks of 2: one invoice per agreement, numbered gapless in order; a chunk redone raises nothing; the run again raises nothing', async () => {
    const [before] = await rows<{ last: number }>(sql`SELECT last_number AS last FROM document_sequences WHERE doc_type = 'INV' AND year = 2024`);
    let cursor: MonthEndCursor = {};
    const { result: first, calls } = await postedHookCalls(() => chunk(cursor));
    // One call for the chunk's batch, not one per invoice.
    expect(calls.map((ids) => ids.length)).toEqual([2]);
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
    // The grid shows the invoice's number, not its id (issue 27).
    expect(periods[0]).toMatchObject({ month: '2024-04', status: 'invoiced', invoiceId: expect.any(Number), invoiceNumber: invoices[1]!.number });
  });

  it('posts charges of several dates in one call of postInvoices: a block of numbers and one hook call per date, in date order, answered in the drafts\' order', async () => {
    const charge = (agreement: number, invoiceDate: string, amount: string) => ({
      charge: { kind: 'rentalShortfall' as const, customerId: f.hospital.id, regionId: f.north, rentalAgreementId: agreement, amount, notes: 'Two dates', invoiceDate },
    });
    const { result: posted, calls } = await postedHookCalls(() =>
      t.database.db.transaction((tx) =>
        postInvoices(tx as Tx, f.admin, [charge(agreements[1]!, '2024-09-30', '20.00'), charge(agreements[0]!, '2024-08-31', '10.00'), charge(agreements[2]!, '2024-08-31', '30.00')]),
      ),
    );
    const stored = await rows<{ id: number; number: string; date: string; total: string }>(
      sql`SELECT id, document_number AS number, document_date::text AS date, grand_total::text AS total FROM invoices WHERE notes = 'Two dates'`,
    );
    const byId = new Map(stored.map((row) => [Number(row.id), row]));
    expect(posted.map((p) => [byId.get(p.id)?.date, byId.get(p.id)?.total, byId.get(p.id)?.number === p.documentNumber])).toEqual([
      ['2024-09-30', '20.00', true],
      ['2024-08-31', '10.00', true],
      ['2024-08-31', '30.00', true],
    ]);
    // August's two take one block (consecutive numbers) first, though named after September; September's the next.
    const serial = posted.map((p) => Number(p.documentNumber.slice(-6)));
    expect([serial[2]! - serial[1]!, serial[0]! - serial[2]!]).toEqual([1, 1]);
    expect(calls).toEqual([[posted[1]!.id, posted[2]!.id], [posted[0]!.id]]);
  });

  it('refuses two sale drafts in one call before writing anything: the second would lock its customer after the first took the number', async () => {
    const sale = { draft: {} as never, step: {} as never };
    await expect(t.database.db.transaction((tx) => postInvoices(tx as Tx, f.admin, [sale, sale]))).rejects.toThrow('postInvoices: one sale draft per call (the lock order)');
  });
});

describe('services tax on rental charges (issue 29, section 1)', () => {
  it("taxes a charge at the customer's province's services rate, credited to Services tax payable; none where the province has no rate", async () => {
    const saved = await f.call('PUT', '/api/settings', { servicesTaxRates: { punjab: '16', sindh: null } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.servicesTaxRates).toEqual({ punjab: '16.00' });
    const refused = await f.call('PUT', '/api/settings', { servicesTaxRates: { lahore: '5', punjab: '101' } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['servicesTaxRates.lahore', 'servicesTaxRates.punjab']);

    const raise = (amount: string, invoiceDate: string) =>
      t.database.db.transaction((tx) =>
        raiseRentalInvoice(tx as Tx, f.admin, { kind: 'rentalEarlyExit', customerId: f.hospital.id, regionId: f.north, rentalAgreementId: agreements[2]!, amount, notes: 'Early exit', invoiceDate }),
      );
    const ledgerOf = (id: number) =>
      rows<{ code: string; debit: string; credit: string; rental: number }>(
        sql`SELECT a.account_code AS code, g.debit::text, g.credit::text, g.rental_agreement_id AS rental FROM gl_entries g JOIN accounts a ON a.id = g.account_id
            WHERE g.document_type = 'invoice' AND g.document_id = ${id}::int ORDER BY g.id`,
      );
    // The customer has no province yet: not charged.
    const untaxed = await raise('1000.00', '2024-05-31');
    expect((await ledgerOf(untaxed)).map((l) => [l.debit, l.credit])).toEqual([['1000.00', '0.00'], ['0.00', '1000.00']]);

    await t.database.db.execute(sql`UPDATE customers SET province = 'punjab' WHERE id = ${f.hospital.id}::int`);
    const taxed = await raise('1234.56', '2024-06-30');
    const [header] = await rows<Record<string, string>>(sql`SELECT subtotal::text, tax_rate::text AS "taxRate", tax_amount::text AS "taxAmount", grand_total::text AS "grandTotal" FROM invoices WHERE id = ${taxed}::int`);
    // 16 % of 1,234.56 = 197.5296, half-up to the cent.
    expect(header).toEqual({ subtotal: '1234.56', taxRate: '16.00', taxAmount: '197.53', grandTotal: '1432.09' });
    const ledger = await ledgerOf(taxed);
    expect(ledger.map((l) => [l.code, l.debit, l.credit])).toEqual([
      [expect.any(String), '1234.56', '0.00'],
      [expect.any(String), '0.00', '1234.56'],
      [expect.any(String), '197.53', '0.00'],
      ['2120', '0.00', '197.53'],
    ]);
    expect(ledger.every((l) => l.rental === agreements[2])).toBe(true);
    await f.call('PUT', '/api/settings', { servicesTaxRates: {} });
    await t.database.db.execute(sql`UPDATE customers SET province = NULL WHERE id = ${f.hospital.id}::int`);
  });
});
