import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * An advance allocated later with no ledger lines still share-locks the period row, as every
 * posting does (PostgreSQL): an exchange revaluation takes that row exclusively before it reads
 * what is open, so an allocation in flight is either seen by it or made after it, never missed.
 */
describe.runIf(process.env.DATABASE_URL !== undefined)('a later allocation and the period row (PostgreSQL)', () => {
  let t: TestApp;
  let f: MoneyFixtures;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await moneyFixtures(t, 'AlcLock');
  });
  afterAll(async () => t?.close());

  it('waits while the period row is held exclusively, then allocates', async () => {
    const customer = await f.newCustomer('Period Lock Clinic');
    const invoice = await f.invoice(customer.id, '100.00');
    const receipt = await f.call('POST', '/api/receipts', { customerId: customer.id, receiptDate: f.today, method: 'cash', amount: '50.00', reference: 'On account', allocations: [], post: true });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const [allocated] = await queuedBehind(t, sql`SELECT 1 FROM period_close WHERE id = 1 FOR UPDATE`, [
      () => f.call('POST', `/api/receipts/${receipt.json().data.id}/allocate`, { allocations: [{ invoiceId: invoice.id, amount: '50.00' }] }),
    ]);
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect(allocated.json().data).toMatchObject({ allocatedAmount: '50.00' });
  });
});
