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

/**
 * What a run does, after its invoices are posted: receipts in cash or by cheque (allocations
 * proposed, or asked of one invoice), later allocations, receipts cancelled, cheques deposited and
 * bounced (with a bank charge or not), invoices cancelled (refused while money is allocated),
 * journals on the customer's account (a balance brought forward, or written off).
 */
type Step =
  | { kind: 'receipt'; cents: number; invoice: number | null; askCents: number; byCheque: boolean }
  | { kind: 'allocate'; receipt: number }
  | { kind: 'cancel'; receipt: number }
  | { kind: 'deposit'; receipt: number }
  | { kind: 'bounce'; receipt: number; chargeCents: number }
  | { kind: 'cancelInvoice'; invoice: number }
  | { kind: 'journal'; cents: number; debit: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('receipt' as const),
    cents: fc.integer({ min: 1, max: 40_000 }),
    invoice: fc.option(fc.nat(3)),
    askCents: fc.integer({ min: 1, max: 40_000 }),
    byCheque: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('allocate' as const), receipt: fc.nat(5) }),
  fc.record({ kind: fc.constant('cancel' as const), receipt: fc.nat(5) }),
  fc.record({ kind: fc.constant('deposit' as const), receipt: fc.nat(5) }),
  fc.record({ kind: fc.constant('bounce' as const), receipt: fc.nat(5), chargeCents: fc.integer({ min: 0, max: 2_000 }) }),
  fc.record({ kind: fc.constant('cancelInvoice' as const), invoice: fc.nat(3) }),
  fc.record({ kind: fc.constant('journal' as const), cents: fc.integer({ min: 1, max: 40_000 }), debit: fc.boolean() }),
);

/**
 * Issue 9, section 6: for any sequence, each invoice's open amount is its total less its live
 * allocations, never negative; and the customers' receivable accounts add up to the open
 * invoices less the money received and not allocated (the advances) plus the journals on them,
 * as the aging's total does.
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
                - (SELECT coalesce(sum(amount - allocated_amount), 0) FROM receipts WHERE customer_id IN (${ids}) AND status = 'posted')
                + (SELECT coalesce(sum(g.debit - g.credit), 0) FROM gl_entries g JOIN customers c ON c.account_id = g.account_id
                   WHERE c.id IN (${ids}) AND g.document_type = 'journal'))::numeric(18, 2)::text AS documents`,
  );
  expect(sums!.ledger).toBe(sums!.documents);
  await agingMatchesLedger();
}

/** Issue 17, section 5: the receivables aging (open invoices, advances as credits, other rows) totals the customers' accounts in the GL to the cent. */
async function agingMatchesLedger() {
  const response = await f.call('GET', '/api/accounting/aging?kind=receivable');
  expect(response.statusCode, response.body).toBe(200);
  const [gl] = await queryRows<{ total: string }>(
    t.database.db,
    sql`SELECT (coalesce((SELECT sum(g.debit - g.credit) FROM gl_entries g JOIN customers c ON c.account_id = g.account_id), 0)
               + (SELECT coalesce(sum(a.opening_balance), 0) FROM accounts a JOIN customers c ON c.account_id = a.id))::numeric(18, 2)::text AS total`,
  );
  expect(response.json().totals.total).toBe(gl!.total);
}

describe('money property', () => {
  it('invoices, receipts, allocations, bounces and cancellations keep every invoice’s open amount and the receivable accounts in step', async () => {
    let run = 0;
    const customers: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 30_000 }), { minLength: 1, maxLength: 3 }), fc.array(stepArbitrary, { minLength: 1, maxLength: 6 }), async (invoiceCents, steps) => {
        run += 1;
        const customer = await f.newCustomer(`Prop ${run}`);
        customers.push(customer.id);
        const invoices = [];
        for (const cents of invoiceCents) invoices.push(await f.invoice(customer.id, fromMinorUnits(BigInt(cents))));
        const receipts: Array<{ id: number; chequeId: number | null }> = [];
        for (const step of steps) {
          if (step.kind === 'receipt') {
            const target = step.invoice === null ? undefined : invoices[step.invoice % invoices.length]!;
            const response = await f.call('POST', '/api/receipts', {
              customerId: customer.id,
              receiptDate: f.today,
              method: step.byCheque ? 'cheque' : 'cash',
              amount: fromMinorUnits(BigInt(step.cents)),
              ...(step.byCheque ? { cheque: { chequeNumber: `P${run}-${receipts.length}`, bank: 'Meezan Bank', chequeDate: f.today } } : {}),
              ...(target ? { allocations: [{ invoiceId: target.id, amount: fromMinorUnits(BigInt(Math.min(step.askCents, step.cents))) }] } : {}),
              post: true,
            });
            // Asking more than an invoice has open (409), or of a cancelled invoice (400), is refused whole and stores nothing.
            expect([201, 400, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) receipts.push({ id: response.json().data.id, chequeId: response.json().data.chequeId });
          } else if (step.kind === 'journal') {
            const amount = fromMinorUnits(BigInt(step.cents));
            const [customerLine, otherLine] = [
              { accountId: customer.accountId, debit: step.debit ? amount : '0', credit: step.debit ? '0' : amount, memo: '' },
              { accountId: f.accounts.expense, debit: step.debit ? '0' : amount, credit: step.debit ? amount : '0', memo: '' },
            ];
            const journal = await f.call('POST', '/api/journals', { journalDate: f.today, narration: 'Brought forward', lines: [customerLine, otherLine] });
            expect(journal.statusCode, journal.body).toBe(201);
            const posted = await f.call('POST', `/api/journals/${journal.json().data.id}/post`);
            expect(posted.statusCode, posted.body).toBe(200);
          } else if (step.kind === 'cancelInvoice') {
            const invoice = invoices[step.invoice % invoices.length]!;
            // Refused while a receipt is allocated to it; cancelled once: refused again.
            expect([200, 409]).toContain((await f.call('POST', `/api/invoices/${invoice.id}/cancel`)).statusCode);
          } else if (receipts.length > 0) {
            const receipt = receipts[step.receipt % receipts.length]!;
            if (step.kind === 'deposit' || step.kind === 'bounce') {
              if (receipt.chequeId === null) continue;
              const body =
                step.kind === 'deposit'
                  ? { bankAccountId: f.accounts.bank, depositDate: f.today }
                  : { bounceDate: f.today, reason: 'Insufficient funds', ...(step.chargeCents > 0 ? { bankCharge: fromMinorUnits(BigInt(step.chargeCents)) } : {}) };
              const response = await f.call('POST', `/api/cheques/${receipt.chequeId}/${step.kind}`, body);
              // Wrong state (bounced already, its receipt cancelled) 409; a charge on a cheque never deposited 400: refused whole.
              expect([200, 400, 409]).toContain(response.statusCode);
            } else {
              const response = await f.call('POST', `/api/receipts/${receipt.id}/${step.kind}`, step.kind === 'allocate' ? {} : undefined);
              // Nothing left to allocate, cancelled already, or its cheque left the drawer: refused whole.
              expect([200, 409]).toContain(response.statusCode);
            }
          }
          await invariants([customer.id]);
        }
      }),
      { numRuns: 20 },
    );
    await invariants(customers);
  }, 240_000);
});
