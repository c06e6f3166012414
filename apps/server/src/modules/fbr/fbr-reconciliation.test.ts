import type { DashboardResponse, FbrReconciliation, FbrReconciliationRow } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postInvoices, type RentalInvoiceInput } from '../sales/sales.api.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';
import { fbrReconciliation } from './fbr-reconciliation.ts';
import { FbrSender } from './fbr-sender.ts';

/** One rental charge posted, as the early exit posts it: its invoice's id. */
const raiseRentalInvoice = async (tx: Tx, actor: Actor, charge: RentalInvoiceInput) => (await postInvoices(tx, actor, [{ charge }]))[0]!.id;

/** Issue 30, section 8: the month's reconciliation and the dashboard's awaiting figure, over documents in every state. */
let t: TestApp;
let f: RentalFixtures;
let fake: FakeFbr;
let month: string;
let regional: { id: number; token: string };
const token = 'sandbox-token-reconciliation-0b1d';
const docs = {} as Record<
  'off' | 'offCancelled' | 'offReturn' | 'rental' | 'accepted' | 'rejected' | 'rejectedCancelled' | 'unknown' | 'sending' | 'queued' | 'queuedSouth',
  number
>;
let item = 0;
let buyer = 0;
const sender = () => new FbrSender({ db: t.database.db, database: t.database, log: { error: () => undefined } });
const admin: Actor = { userId: 0, role: 'admin', scopes: [], permissions: {} };

async function post(regionId = f.north): Promise<{ id: number; lineId: number }> {
  const response = await f.call('POST', '/api/invoices', { customerId: buyer, regionId, invoiceDate: f.today, post: true, lines: [{ itemId: item, quantity: 1, price: '1000.00' }] });
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data as { id: number; lines: Array<{ id: number }> };
  return { id: data.id, lineId: data.lines[0]!.id };
}

async function cancel(id: number): Promise<void> {
  const response = await f.call('POST', `/api/invoices/${id}/cancel`);
  expect(response.statusCode, response.body).toBe(200);
}

const reconciliation = async (query = '', userToken?: string) => {
  const response = await f.call('GET', `/api/fbr/reconciliation?month=${month}&pageSize=1000${query}`, undefined, userToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FbrReconciliation & { status: number }>();
};
const submissionOf = async (documentId: number) =>
  (await f.call('GET', `/api/fbr-submissions?documentType=invoice&documentId=${documentId}`)).json().data[0] as { status: string; createdAt: string; updatedAt: string };
const keyOf = (row: Pick<FbrReconciliationRow, 'documentType' | 'documentId'>) => `${row.documentType}:${row.documentId}`;

useTestSecretsKey();
beforeAll(async () => {
  fake = await startFakeFbr({ tokens: [token] });
  t = await createTestApp({ startJobs: false });
  f = await rentalFixtures(t, 'Rec');
  month = f.today.slice(0, 7);
  item = await f.newTaxedItem('Reagent', { saleType: 'standardRate', rate: '18.00', hsCode: '38221900', fbrUom: 'Numbers, pieces, units' });
  await f.receive([{ itemId: item, quantity: 100, unitCost: '10.00' }]);
  await f.receive([{ itemId: item, quantity: 100, unitCost: '10.00' }], f.south);
  buyer = (await f.newCustomer('Registered Lab', { registrationType: 'registered', ntn: '0711234-5', province: 'punjab', address: '5 Mall Road, Lahore' })).id;
  const company = await f.call('PUT', '/api/settings', { companyName: 'Rec Supplies', address: '1 Rec Street, Lahore', ntn: '7000007', province: 'punjab', businessActivity: 'distributor' });
  expect(company.statusCode, company.body).toBe(200);

  // Reporting off (the default): an invoice, one cancelled, a return, and a rental charge.
  const off = await post();
  docs.off = off.id;
  docs.offCancelled = (await post()).id;
  await cancel(docs.offCancelled);
  const returned = await f.call('POST', '/api/sales-returns', { invoiceId: off.id, returnDate: f.today, post: true, lines: [{ invoiceLineId: off.lineId, quantity: 1, condition: 'restock' }] });
  expect(returned.statusCode, returned.body).toBe(201);
  docs.offReturn = returned.json().data.id as number;
  const agreement = await f.placedAgreement('REC-SN-1');
  docs.rental = await t.database.db.transaction((tx) =>
    raiseRentalInvoice(tx as Tx, f.admin, { kind: 'rentalShortfall', customerId: f.hospital.id, regionId: f.north, rentalAgreementId: agreement, amount: '1234.56', notes: 'Shortfall', invoiceDate: f.today }),
  );

  // Reporting on: a timeout of 1 s, so a post that hangs is unknown quickly.
  const on = await f.call('PUT', '/api/fbr/settings', { sandboxToken: token, baseUrl: fake.url, timeoutSeconds: 1, retryBaseSeconds: 30, enabled: true });
  expect(on.statusCode, on.body).toBe(200);
  docs.accepted = (await post()).id;
  await sender().runOnce();
  docs.rejected = (await post()).id;
  docs.rejectedCancelled = (await post()).id;
  fake.script('validate', [{ lineError: { itemSNo: '1', errorCode: '0046', error: 'Provide rate.' } }, { lineError: { itemSNo: '1', errorCode: '0046', error: 'Provide rate.' } }]);
  await sender().runOnce();
  await cancel(docs.rejectedCancelled);
  docs.unknown = (await post()).id;
  fake.script('post', ['hang']);
  await sender().runOnce();
  // Claimed by a sender that is still at it: its lease runs an hour more.
  docs.sending = (await post()).id;
  await t.database.db.execute(sql`UPDATE fbr_submissions SET status = 'sending', attempts = 1, locked_until = now() + interval '1 hour', updated_at = now()
                                  WHERE document_type = 'invoice' AND document_id = ${docs.sending}::int`);
  docs.queued = (await post()).id;
  docs.queuedSouth = (await post(f.south)).id;

  const user = await t.userWithRole('auditor');
  await t.database.db.update(users).set({ permissions: { regions: [f.north] } }).where(eq(users.id, user.id));
  regional = user;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the reconciliation of a month', () => {
  it('lists every invoice and return posted in the month beside its submission, each row without a number saying why', async () => {
    const body = await reconciliation();
    const [accepted, queued, queuedSouth, sending, unknown] = await Promise.all([docs.accepted, docs.queued, docs.queuedSouth, docs.sending, docs.unknown].map(submissionOf));
    expect(accepted!.status).toBe('accepted');
    const byKey = new Map(body.rows.map((row) => [keyOf(row), row]));
    const expected: Array<[string, string, string | null]> = [
      [`invoice:${docs.off}`, 'notReported', 'posted while reporting was off'],
      [`invoice:${docs.offCancelled}`, 'notReported', 'cancelled'],
      [`salesReturn:${docs.offReturn}`, 'notReported', 'posted while reporting was off'],
      [`invoice:${docs.rental}`, 'notReported', 'service'],
      [`invoice:${docs.accepted}`, 'accepted', null],
      [`invoice:${docs.rejected}`, 'rejected', 'rejected: 0046 Provide rate.'],
      [`invoice:${docs.rejectedCancelled}`, 'rejected', 'cancelled'],
      [`invoice:${docs.unknown}`, 'unknown', `unknown since ${unknown!.updatedAt}`],
      [`invoice:${docs.sending}`, 'sending', `sending since ${sending!.updatedAt}`],
      [`invoice:${docs.queued}`, 'queued', `queued since ${queued!.createdAt}`],
      [`invoice:${docs.queuedSouth}`, 'queued', `queued since ${queuedSouth!.createdAt}`],
    ];
    expect(body.rows.map(keyOf).sort()).toEqual(expected.map(([key]) => key).sort());
    for (const [key, status, reason] of expected) expect([key, byKey.get(key)!.status, byKey.get(key)!.reason]).toEqual([key, status, reason]);
    expect(byKey.get(`invoice:${docs.accepted}`)!.fbrInvoiceNumber).toMatch(/^7000007DI\d{13}$/);
    expect(body.rows.filter((row) => row.fbrInvoiceNumber !== null)).toHaveLength(1);
    expect(body).toMatchObject({ status: 200, month, documents: 11, accepted: 1, awaiting: 6, notReported: 4, missing: 0, total: 11, page: 1, pageSize: 1000 });
    // By date, then invoices before returns, then number.
    const order = body.rows.map((row) => `${row.documentDate} ${row.documentType} ${row.documentNumber}`);
    expect(order).toEqual([...order].sort());
    expect(Object.keys(body.rows[0]!)).toEqual(['documentType', 'documentId', 'documentNumber', 'documentDate', 'status', 'fbrInvoiceNumber', 'reason']);
  });

  it('pages and filters the rows by status, the counts staying the month’s', async () => {
    const queued = await reconciliation('&status=queued');
    expect(queued.rows.map((row) => row.documentId).sort((a, b) => a - b)).toEqual([docs.queued, docs.queuedSouth].sort((a, b) => a - b));
    expect(queued).toMatchObject({ total: 2, documents: 11 });
    expect((await reconciliation('&status=notReported')).total).toBe(4);
    const first = (await f.call('GET', `/api/fbr/reconciliation?month=${month}&pageSize=4&page=3`)).json<FbrReconciliation>();
    expect(first).toMatchObject({ total: 11, page: 3, pageSize: 4 });
    expect(first.rows.map(keyOf)).toEqual((await reconciliation()).rows.slice(8).map(keyOf));
    const empty = await f.call('GET', '/api/fbr/reconciliation?month=1999-01');
    expect(empty.json()).toMatchObject({ documents: 0, accepted: 0, awaiting: 0, notReported: 0, missing: 0, rows: [] });
    for (const bad of ['', 'month=2024-13', 'month=2024-1', `month=${month}&status=lost`]) {
      const refused = await f.call('GET', `/api/fbr/reconciliation?${bad}`);
      expect(refused.statusCode, bad).toBe(400);
    }
    expect((await f.call('GET', '/api/fbr/reconciliation?month=2024-13')).json().errors).toHaveProperty('month');
  });

  it('missing stays 0 and the counts add up whatever state each submission is in', async () => {
    const mine = Object.values(docs).length;
    const state = fc.constantFrom('none', 'queued', 'sending', 'accepted', 'rejected', 'unknown');
    const error = fc.constantFrom([], [{ itemSNo: null, errorCode: '', error: '' }], [{ itemSNo: '2', errorCode: '0052', error: 'Provide proper HS Code' }]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ state, errors: error }), { minLength: mine, maxLength: mine }), async (states) => {
        await t.database.db
          .transaction(async (tx) => {
            const before = await fbrReconciliation(tx, admin, { month, page: 1, pageSize: 1000 });
            await tx.execute(sql`DELETE FROM fbr_submissions`);
            const assigned = new Map<string, string>();
            for (const [index, row] of before.rows.entries()) {
              const { state: status, errors } = states[index]!;
              assigned.set(keyOf(row), status === 'none' ? 'notReported' : status);
              if (status === 'none') continue;
              const number = status === 'accepted' ? `7000007DI${String(1747119700000 + index)}` : null;
              await tx.execute(sql`INSERT INTO fbr_submissions (document_type, document_id, document_number, document_date, customer_name, region_id, invoice_type, environment, payload, status, errors, fbr_invoice_number)
                                   VALUES (${row.documentType}, ${row.documentId}::int, ${row.documentNumber}, ${row.documentDate}::date, 'Random', ${f.north}::int,
                                           ${row.documentType === 'invoice' ? 'Sale Invoice' : 'Debit Note'}, 'sandbox', '{}'::jsonb, ${status}, ${JSON.stringify(status === 'rejected' ? errors : [])}::jsonb, ${number})`);
            }
            const after = await fbrReconciliation(tx, admin, { month, page: 1, pageSize: 1000 });
            expect(after.missing).toBe(0);
            expect(after.documents).toBe(before.documents);
            expect(after.accepted + after.awaiting + after.notReported).toBe(after.documents);
            expect(after.rows).toHaveLength(after.documents);
            for (const row of after.rows) {
              expect(row.status).toBe(assigned.get(keyOf(row)));
              expect(row.reason === null).toBe(row.fbrInvoiceNumber !== null);
            }
            expect(after.accepted).toBe([...assigned.values()].filter((s) => s === 'accepted').length);
            expect(after.notReported).toBe([...assigned.values()].filter((s) => s === 'notReported').length);
            tx.rollback();
          })
          .catch((failure: unknown) => {
            if (!(failure instanceof Error) || !/rollback/i.test(failure.message)) throw failure;
          });
      }),
      { numRuns: 25 },
    );
    expect((await reconciliation()).accepted).toBe(1);
  });

  it('exports every row as CSV', async () => {
    const csv = await f.call('GET', `/api/fbr/reconciliation?month=${month}&pageSize=1&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="fbr-reconciliation-${month}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Type,Document,Date,Status,FBR invoice number,Reason');
    expect(lines).toHaveLength(12);
    expect(csv.body).toContain('rejected: 0046 Provide rate.');
    expect(csv.body).toContain('Sales return');
    expect((await f.call('GET', `/api/fbr/reconciliation?month=${month}&format=xlsx`)).statusCode).toBe(200);
  });

  it('is read on /accounting: the auditor reads (a user kept to a region, its rows); a sales executive is refused', async () => {
    const auditor = await t.userWithRole('auditor');
    expect((await reconciliation('', auditor.token)).documents).toBe(11);
    const own = await reconciliation('', regional.token);
    expect(own.rows.map((row) => row.documentId)).not.toContain(docs.queuedSouth);
    expect(own).toMatchObject({ documents: 10, awaiting: 5, missing: 0 });
    const executive = await t.userWithRole('salesExecutive');
    expect((await f.call('GET', `/api/fbr/reconciliation?month=${month}`, undefined, executive.token)).statusCode).toBe(403);
  });
});

describe('the dashboard figure', () => {
  it('fbr-awaiting on the accounts and owner boards equals the awaiting list’s total, for the admin and a user kept to a region', async () => {
    for (const userToken of [t.adminToken, regional.token]) {
      const total = (await f.call('GET', '/api/fbr-submissions?awaiting=true', undefined, userToken)).json().total as number;
      for (const board of ['accounts', 'owner']) {
        const response = await f.call('GET', `/api/dashboard?board=${board}`, undefined, userToken);
        expect(response.statusCode, response.body).toBe(200);
        const figure = response.json<DashboardResponse>().figures.find((candidate) => candidate.id === 'fbr-awaiting');
        expect(figure).toEqual({ id: 'fbr-awaiting', label: 'Invoices awaiting FBR', unit: 'count', value: String(total), drill: { route: '/invoices', query: { tab: 'fbr', awaiting: 'true' } } });
      }
    }
    const all = (await f.call('GET', '/api/fbr-submissions?awaiting=true')).json().total as number;
    const own = (await f.call('GET', '/api/fbr-submissions?awaiting=true', undefined, regional.token)).json().total as number;
    expect([all, own]).toEqual([6, 5]);
    const sales = (await f.call('GET', '/api/dashboard?board=sales')).json<DashboardResponse>();
    expect(sales.figures.map((figure) => figure.id)).not.toContain('fbr-awaiting');
  });
});
