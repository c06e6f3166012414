import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../areas.ts';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { bindPaymentTargets, paymentTargetOf, type PaymentTargetDeclarations } from '../../lib/payment-targets.ts';
import { paymentServices } from '../../modules/money/money.api.ts';
import { type SalesFixtures, salesFixtures } from '../sales-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { fixtureChargeTarget } from './charges.ts';
import { migrateFixtureArea } from './fixture-migration.ts';
import { fixtureNotesModule } from './notes.module.ts';

/**
 * Issue 28, section 3, the measure: the fixture area declares a payment target in its manifest
 * and a vendor's payment allocates to it through money's own allocate, the fixture's charges
 * paid in the allocation's transaction and given back when the payment is cancelled. Over HTTP
 * the allocate action names the target by its manifest name (`target: 'fixtureCharges'` with
 * `documentId`), and its open documents are listed at `/api/payments/open/fixtureCharges`: the
 * domain's schemas hold no field of this area's.
 */
let t: TestApp;
let f: SalesFixtures;
let admin: Actor;
let bank: number;

beforeAll(async () => {
  t = await createTestApp({ areas: [...areas, fixtureNotesModule] });
  await migrateFixtureArea(t.database.db);
  f = await salesFixtures(t, 'Charge');
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  admin = { userId: user!.id, role: 'admin', scopes: ['*'], permissions: {} };
  bank = Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM accounts WHERE account_code = '1010'`))[0]!.id);
});
afterAll(async () => t?.close());

async function charge(number: string, amount: string, vendorId = f.vendor.id): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO fixture_charges (document_number, vendor_id, charge_date, amount) VALUES (${number}, ${vendorId}::int, ${f.today}::date, ${amount}::numeric) RETURNING id`,
  );
  return Number(row!.id);
}
const paidOf = async (ids: number[]) =>
  (await queryRows<{ paid: string }>(t.database.db, sql`SELECT paid_amount::text AS paid FROM fixture_charges WHERE id IN (${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)}) ORDER BY id`)).map((r) => r.paid);
const allocate = (paymentId: number, allocations: Array<{ fixtureChargeId: number; amount: string }>) =>
  t.database.db.transaction((tx) => paymentServices.run(tx, admin, paymentId, 'allocate', { allocations }));

describe('a payment allocated to a fixture area’s payment target', () => {
  let payment: number;
  let charges: number[];

  beforeAll(async () => {
    charges = [await charge('FXC-1', '60.00'), await charge('FXC-2', '40.00')];
    const posted = await f.call('POST', '/api/payments', {
      payeeType: 'vendor',
      vendorId: f.vendor.id,
      paymentDate: f.today,
      method: 'bank',
      accountId: bank,
      amount: '90.00',
      allocations: [],
      post: true,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    payment = posted.json().data.id;
  });

  it('refuses what is not the vendor’s or more than is open, naming the line, and stores nothing', async () => {
    const stranger = await f.call('POST', '/api/vendors', { vendorName: 'Charge Stranger', paymentTermsDays: 30, active: true });
    expect(stranger.statusCode, stranger.body).toBe(201);
    const theirs = await charge('FXC-X', '10.00', stranger.json().data.id);
    await expect(allocate(payment, [{ fixtureChargeId: theirs, amount: '5.00' }])).rejects.toMatchObject({ statusCode: 400, errors: { 'allocations.0.fixtureChargeId': expect.any(String) } });
    await expect(allocate(payment, [{ fixtureChargeId: charges[1]!, amount: '40.01' }])).rejects.toMatchObject({ statusCode: 409, errors: { 'allocations.0.amount': expect.any(String) } });
    expect(await paidOf(charges)).toEqual(['0.00', '0.00']);
  });

  it('lists the vendor’s open charges and refuses over HTTP a target that is not this money’s, naming the line', async () => {
    const open = await f.call('GET', `/api/payments/open/fixtureCharges?partyId=${f.vendor.id}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toEqual([
      expect.objectContaining({ id: charges[0], documentNumber: 'FXC-1', openAmount: '60.00' }),
      expect.objectContaining({ id: charges[1], documentNumber: 'FXC-2', openAmount: '40.00' }),
    ]);
    expect((await f.call('GET', `/api/payments/open/noSuchTarget?partyId=${f.vendor.id}`)).statusCode).toBe(404);
    // Invoices are a customer's: a receipt's target, not a payment's.
    expect((await f.call('GET', `/api/payments/open/invoices?partyId=${f.vendor.id}`)).statusCode).toBe(404);
    const refused = async (line: Record<string, unknown>) => {
      const response = await f.call('POST', `/api/payments/${payment}/allocate`, { allocations: [line] });
      expect(response.statusCode, response.body).toBe(400);
      return Object.keys(response.json().errors);
    };
    expect(await refused({ target: 'invoices', documentId: charges[0], amount: '1.00' })).toEqual(['allocations.0.target']);
    expect(await refused({ target: 'fixtureCharges', amount: '1.00' })).toEqual(['allocations.0.documentId']);
    expect(await refused({ target: 'fixtureCharges', documentId: charges[0], goodsReceiptId: 1, amount: '1.00' })).toEqual(['allocations.0.target']);
    const mixed = await f.call('POST', `/api/payments/${payment}/allocate`, {
      allocations: [
        { target: 'fixtureCharges', documentId: charges[0], amount: '1.00' },
        { goodsReceiptId: 1, amount: '1.00' },
      ],
    });
    expect(mixed.statusCode, mixed.body).toBe(400);
    expect(Object.keys(mixed.json().errors)).toEqual(['allocations.1.fixtureChargeId']);
    expect(await paidOf(charges)).toEqual(['0.00', '0.00']);
  });

  it('pays the charges in the allocation’s transaction: nothing is kept when the transaction fails', async () => {
    const failed = t.database.db.transaction(async (tx) => {
      await paymentServices.run(tx, admin, payment, 'allocate', { allocations: [{ fixtureChargeId: charges[0]!, amount: '60.00' }] });
      expect((await queryRows<{ paid: string }>(tx, sql`SELECT paid_amount::text AS paid FROM fixture_charges WHERE id = ${charges[0]!}::int`))[0]!.paid).toBe('60.00');
      throw new Error('the caller fails after allocating');
    });
    await expect(failed).rejects.toThrow('the caller fails after allocating');
    expect(await paidOf(charges)).toEqual(['0.00', '0.00']);

    const allocated = await f.call('POST', `/api/payments/${payment}/allocate`, {
      allocations: [
        { target: 'fixtureCharges', documentId: charges[0], amount: '60.00' },
        { target: 'fixtureCharges', documentId: charges[1], amount: '25.00' },
      ],
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect(allocated.json().data).toMatchObject({ status: 'posted', allocatedAmount: '85.00', unallocatedAmount: '5.00' });
    expect(await paidOf(charges)).toEqual(['60.00', '25.00']);
    // The payment answers its lines with the target's field and facts, read through the target's own select.
    const read = (await f.call('GET', `/api/payments/${payment}`)).json().data;
    expect(read.allocations).toEqual([
      expect.objectContaining({ fixtureChargeId: charges[0], goodsReceiptId: null, goodsReceiptNumber: 'FXC-1', goodsReceiptDate: f.today, amount: '60.00', released: false }),
      expect.objectContaining({ fixtureChargeId: charges[1], goodsReceiptNumber: 'FXC-2', amount: '25.00', released: false }),
    ]);
  });

  it('gives the charges back when the payment is cancelled', async () => {
    const cancelled = await f.call('POST', `/api/payments/${payment}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', allocatedAmount: '0.00' });
    expect(await paidOf(charges)).toEqual(['0.00', '0.00']);
    const rows = await queryRows<{ reason: string }>(t.database.db, sql`SELECT released_reason AS reason FROM payment_allocations WHERE payment_id = ${payment}::int`);
    expect(rows.map((r) => r.reason)).toEqual(['cancelled', 'cancelled']);
  });
});

describe('the payment targets bound with an app', () => {
  it('are handed back when another app closes, and refuse a field declared twice', async () => {
    const shipped = await createTestApp();
    try {
      expect(() => paymentTargetOf('fixtureChargeId')).toThrow(/fixtureChargeId/);
    } finally {
      await shipped.close();
    }
    expect(paymentTargetOf('fixtureChargeId')).toBe(fixtureChargeTarget);
    const twice: PaymentTargetDeclarations[] = [{ paymentTargets: { fixtureCharges: fixtureChargeTarget } }, { paymentTargets: { charges: fixtureChargeTarget } }];
    expect(() => bindPaymentTargets(twice)).toThrow('Payment target fixtureChargeId is declared twice');
    expect(paymentTargetOf('fixtureChargeId')).toBe(fixtureChargeTarget);
  });
});
