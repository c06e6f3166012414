import { salesMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { queuedBehind } from '../../test/queued-behind.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 8, section 3 on PostgreSQL (real concurrent transactions): two invoices of one customer
 * posted at once take turns on the customer's row, and the second reads the balance the first
 * left. Its lock and the balance were one statement, whose snapshot predates the wait: both
 * passed a limit that only one of them fits.
 */
describe.runIf(process.env.DATABASE_URL !== undefined)('two invoices of one customer posted at once against its credit limit (PostgreSQL)', () => {
  let t: TestApp;
  let f: SalesFixtures;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    f = await salesFixtures(t, 'Credit');
    await f.receive([{ itemId: f.gloves, quantity: 100, unitCost: '1.00' }]);
  });
  afterAll(async () => t?.close());

  it('a limit of 1,000.00 and two invoices of 800.00 (with tax 936.00): one posts, the other is refused naming the customer', async () => {
    const customer = await f.newCustomer('Tight Limit Clinic', { creditLimit: '1000.00' });
    // A sales executive holds no override of the limit (the admin's would post both, recorded).
    const executive = await t.userWithRole('salesExecutive');
    const invoice = () => () =>
      f.call('POST', '/api/invoices', { customerId: customer.id, regionId: f.north, invoiceDate: f.today, post: true, lines: [{ itemId: f.gloves, quantity: 1, price: '800.00' }] }, executive.token);
    const answers = await queuedBehind(t, sql`SELECT id FROM customers WHERE id = ${customer.id}::int FOR NO KEY UPDATE`, [invoice(), invoice()]);
    const bodies = answers.map((a) => a.body).join(' | ');
    expect(answers.map((a) => a.statusCode), bodies).toEqual([201, 409]);
    expect(answers[1].json().errors).toEqual({ customerId: salesMessages.creditLimit('936.00', '1000.00', '872.00') });
  }, 60_000);
});
