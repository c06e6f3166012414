import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 9, section 6: on PostgreSQL (real concurrent transactions), 50 receipts allocating to one invoice at once never over-allocate. */
describe.skipIf(!process.env.DATABASE_URL)('receipts posted at once (PostgreSQL)', () => {
  let t: TestApp;
  let f: MoneyFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await moneyFixtures(t, 'Conc');
  });
  afterAll(async () => t?.close());

  const allocatedOf = async (invoiceId: number) =>
    (
      await queryRows<{ allocated: string; live: string }>(
        t.database.db,
        sql`SELECT i.allocated_amount::text AS allocated,
                   (SELECT coalesce(sum(a.amount), 0) FROM receipt_allocations a JOIN receipts r ON r.id = a.receipt_id
                    WHERE a.invoice_id = i.id AND a.released_at IS NULL AND r.status = 'posted')::numeric(18, 2)::text AS live
            FROM invoices i WHERE i.id = ${invoiceId}`,
      )
    )[0]!;

  it('50 receipts asking 10.00 each of a 117.00 invoice: 11 post, the others are refused naming the amount', async () => {
    const customer = await f.newCustomer('Busy Clinic');
    const invoice = await f.invoice(customer.id, '100.00');
    const body = { customerId: customer.id, receiptDate: f.today, method: 'cash', amount: '10.00', allocations: [{ invoiceId: invoice.id, amount: '10.00' }], post: true };
    const answers = await Promise.all(Array.from({ length: 50 }, () => f.call('POST', '/api/receipts', body)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(11);
    expect(codes.filter((c) => c === 409)).toHaveLength(39);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(Object.keys(refused.json().errors)).toEqual(['allocations.0.amount']);
    expect(await allocatedOf(invoice.id)).toEqual({ allocated: '110.00', live: '110.00' });

    // Proposed oldest first under the lock: the 7.00 left goes to exactly one, the rest stay on account.
    const proposed = await Promise.all(Array.from({ length: 50 }, () => f.call('POST', '/api/receipts', { ...body, amount: '5.00', allocations: undefined })));
    expect(proposed.every((a) => a.statusCode === 201)).toBe(true);
    expect(await allocatedOf(invoice.id)).toEqual({ allocated: '117.00', live: '117.00' });
  }, 120_000);
});
