import { fromMinorUnits } from '@erp/domain';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: MoneyFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFixtures(t, 'Prop');
});
afterAll(async () => t?.close());

/** What a run does, after its invoices are posted: receipts (allocations proposed, or asked of one invoice), later allocations, cancellations. */
type Step =
  | { kind: 'receipt'; cents: number; invoice: number | null; askCents: number }
  | { kind: 'allocate'; receipt: number }
  | { kind: 'cancel'; receipt: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('receipt' as const), cents: fc.integer({ min: 1, max: 40_000 }), invoice: fc.option(fc.nat(3)), askCents: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({ kind: fc.constant('allocate' as const), receipt: fc.nat(5) }),
  fc.record({ kind: fc.constant('cancel' as const), receipt: fc.nat(5) }),
);

/**
 * Issue 9, section 6: for any sequence, each invoice's open amount is its total less its live
 * allocations, never negative; and the customers' receivable accounts add up to the open
 * invoices less the money received and not allocated (the advances).
 */
async function invariants(customerIds: readonly number[]) {
  const ids = sql.join(
    customerIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const invoices = await queryRows<{ id: number; open: string; expected: string }>(
    t.database.db,
    sql`SELECT i.id, (i.grand_total - i.allocated_amount - i.returned_amount)::text AS open,
               (i.grand_total - coalesce((SELECT sum(a.amount) FROM receipt_allocations a JOIN receipts r ON r.id = a.receipt_id
                                          WHERE a.invoice_id = i.id AND a.released_at IS NULL AND r.status = 'posted'), 0))::text AS expected
        FROM invoices i WHERE i.customer_id IN (${ids}) AND i.status = 'posted'`,
  );
  for (const invoice of invoices) {
    expect(invoice.open).toBe(invoice.expected);
    expect(Number(invoice.open)).toBeGreaterThanOrEqual(0);
  }
  const [sums] = await queryRows<{ ledger: string; documents: string }>(
    t.database.db,
    sql`SELECT (SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g JOIN customers c ON c.account_id = g.account_id WHERE c.id IN (${ids}))::numeric(18, 2)::text AS ledger,
               ((SELECT coalesce(sum(grand_total - allocated_amount - returned_amount), 0) FROM invoices WHERE customer_id IN (${ids}) AND status = 'posted')
                - (SELECT coalesce(sum(amount - allocated_amount), 0) FROM receipts WHERE customer_id IN (${ids}) AND status = 'posted'))::numeric(18, 2)::text AS documents`,
  );
  expect(sums!.ledger).toBe(sums!.documents);
}

describe('money property', () => {
  it('invoices, receipts, allocations and cancellations keep every invoice’s open amount and the receivable accounts in step', async () => {
    let run = 0;
    const customers: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 30_000 }), { minLength: 1, maxLength: 3 }), fc.array(stepArbitrary, { minLength: 1, maxLength: 6 }), async (invoiceCents, steps) => {
        run += 1;
        const customer = await f.newCustomer(`Prop ${run}`);
        customers.push(customer.id);
        const invoices = [];
        for (const cents of invoiceCents) invoices.push(await f.invoice(customer.id, fromMinorUnits(BigInt(cents))));
        const receipts: number[] = [];
        for (const step of steps) {
          if (step.kind === 'receipt') {
            const target = step.invoice === null ? undefined : invoices[step.invoice % invoices.length]!;
            const response = await f.call('POST', '/api/receipts', {
              customerId: customer.id,
              receiptDate: f.today,
              method: 'cash',
              amount: fromMinorUnits(BigInt(step.cents)),
              ...(target ? { allocations: [{ invoiceId: target.id, amount: fromMinorUnits(BigInt(Math.min(step.askCents, step.cents))) }] } : {}),
              post: true,
            });
            // Asking more than an invoice has open is refused whole (409) and stores nothing.
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) receipts.push(response.json().data.id);
          } else if (receipts.length > 0) {
            const id = receipts[step.receipt % receipts.length]!;
            const response = await f.call('POST', `/api/receipts/${id}/${step.kind}`, step.kind === 'allocate' ? {} : undefined);
            // Nothing left to allocate, or cancelled already: refused whole.
            expect([200, 409]).toContain(response.statusCode);
          }
          await invariants([customer.id]);
        }
      }),
      { numRuns: 12 },
    );
    await invariants(customers);
  }, 240_000);
});
