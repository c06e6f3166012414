import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type ChequeFixtures, chequeFixtures } from '../../test/cheque-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 17, section 4: a receipt's cancel and its cheque's bounce at the same instant follow the
 * one lock order of documents (docs/ARCHITECTURE.md: the cheque before its receipt), so one
 * wins and the other is refused; PostgreSQL never aborts either as a deadlock.
 */
describe.skipIf(!process.env.DATABASE_URL)('a receipt cancelled while its cheque bounces (PostgreSQL)', () => {
  let t: TestApp;
  let f: ChequeFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await chequeFixtures(t, 'Lock');
  });
  afterAll(async () => t?.close());

  it('20 rounds: exactly one of the two succeeds, the other is a 409, never a 5xx; the receipt ends cancelled or bounced with its cheque', async () => {
    const outcomes = { cancelled: 0, bounced: 0 };
    for (let round = 0; round < 20; round += 1) {
      const invoice = await f.invoice(f.customer.id, '100.00');
      const { receiptId, chequeId } = await f.chequeReceipt({ amount: '117.00', chequeDate: f.today, allocations: [{ invoiceId: invoice.id, amount: '117.00' }] });
      const [cancel, bounce] = await Promise.all([
        f.call('POST', `/api/receipts/${receiptId}/cancel`),
        f.call('POST', `/api/cheques/${chequeId}/bounce`, { bounceDate: f.today, reason: 'Insufficient funds' }),
      ]);
      expect([cancel.statusCode, bounce.statusCode].sort(), `${cancel.body} | ${bounce.body}`).toEqual([200, 409]);
      const [state] = await queryRows<{ receipt: string; cheque: string; open: string }>(
        t.database.db,
        sql`SELECT r.status AS receipt, c.status AS cheque, (i.grand_total - i.allocated_amount)::text AS open
            FROM receipts r JOIN cheques c ON c.receipt_id = r.id JOIN invoices i ON i.id = ${invoice.id}::int WHERE r.id = ${receiptId}::int`,
      );
      if (cancel.statusCode === 200) {
        expect(state).toEqual({ receipt: 'cancelled', cheque: 'cancelled', open: '117.00' });
        outcomes.cancelled += 1;
      } else {
        expect(state).toEqual({ receipt: 'bounced', cheque: 'bounced', open: '117.00' });
        outcomes.bounced += 1;
      }
    }
    expect(outcomes.cancelled + outcomes.bounced).toBe(20);
  }, 120_000);
});
