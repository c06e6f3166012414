import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: SalesFixtures;
let cash: number;
let expense: number;
let yesterday: string;
let start: string;

const accountByCode = async (code: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM accounts WHERE account_code = ${code}`))[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Venture');
  cash = await accountByCode('1000');
  expense = await accountByCode('6050');
  yesterday = addDays(f.today, -1);
  start = addDays(f.today, -10);
});
afterAll(async () => t?.close());

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, status = method === 'POST' && !url.match(/\/\d+\/\w+$/) ? 201 : 200) => {
  const response = await f.call(method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json();
};

/** A venture over one customer's business, partner the fixtures' vendor, activated. */
async function activeVenture(name: string, scope: Record<string, unknown>, terms: Record<string, unknown> = {}) {
  const created = await ok('POST', '/api/joint-ventures', {
    ventureName: name,
    partnerType: 'vendor',
    partnerId: f.vendor.id,
    startDate: start,
    basis: 'netProfit',
    feePercent: '2',
    lossRule: 'share',
    shares: [{ effectiveFrom: start, partnerPercent: '40' }],
    ...scope,
    ...terms,
  });
  const id = created.data.id as number;
  const activated = await ok('POST', `/api/joint-ventures/${id}/activate`);
  return activated.data as { id: number; payableAccountId: number; capitalAccountId: number; documentNumber: string };
}

const stampsOf = (documentType: string, documentId: number) =>
  queryRows<{ accountCode: string; debit: string; credit: string; ventureId: number | null }>(
    t.database.db,
    sql`SELECT a.account_code AS "accountCode", g.debit::text AS debit, g.credit::text AS credit, g.joint_venture_id AS "ventureId"
        FROM gl_entries g JOIN accounts a ON a.id = g.account_id WHERE g.document_type = ${documentType} AND g.document_id = ${documentId}::int ORDER BY g.id`,
  );

async function sell(customerId: number, lines: { inventoryId: number; quantity: number; price: string }[], date = yesterday) {
  const posted = await ok('POST', '/api/invoices', { customerId, regionId: f.north, invoiceDate: date, lines: lines.map((l) => ({ itemId: f.reagent, ...l })), post: true });
  return posted.data as { id: number; lines: { id: number; inventoryId: number }[] };
}

describe('joint ventures (issue 21, section 3)', () => {
  let venture: { id: number; payableAccountId: number; capitalAccountId: number };
  let customer: { id: number };

  it('reproduces the example: revenue 1,000,000, returns 50,000, cost 600,000, expenses 50,000, fee 2 % -> profit 281,000, partner 40 % = 112,400', async () => {
    customer = await f.newCustomer('Venture Hospital', { creditLimit: '9000000.00' });
    venture = await activeVenture('Hospital venture', { customerIds: [customer.id] });
    const [a, b, c] = await f.receive([
      { itemId: f.reagent, quantity: 900, unitCost: '600.00', expiresIn: 300 },
      { itemId: f.reagent, quantity: 50, unitCost: '1200.00', expiresIn: 300 },
      { itemId: f.reagent, quantity: 50, unitCost: '700.00', expiresIn: 300 },
    ]);
    const invoice = await sell(customer.id, [
      { inventoryId: a!, quantity: 900, price: '1000.00' },
      { inventoryId: b!, quantity: 50, price: '1000.00' },
      { inventoryId: c!, quantity: 50, price: '1000.00' },
    ]);
    // Revenue and cost of sales stamped; the receivable, tax and inventory lines are no venture P&L.
    const rows = await stampsOf('invoice', invoice.id);
    expect(rows.filter((r) => r.ventureId === venture.id).map((r) => r.accountCode).sort()).toEqual(['4000', '5000']);
    const returnLine = invoice.lines.find((l) => l.inventoryId === c)!;
    await ok('POST', '/api/sales-returns', { invoiceId: invoice.id, returnDate: yesterday, lines: [{ invoiceLineId: returnLine.id, quantity: 50, condition: 'restock' }], post: true });
    await ok('POST', '/api/journals', {
      journalDate: yesterday,
      narration: 'Venture marketing',
      lines: [
        { accountId: expense, debit: '50000.00', memo: 'Marketing', jointVentureId: venture.id },
        { accountId: cash, credit: '50000.00', memo: 'Marketing' },
      ],
      post: true,
    });
    const statement = (await ok('GET', `/api/joint-ventures/${venture.id}/statement?from=${start}&to=${yesterday}`)) as Record<string, string>;
    expect(statement).toMatchObject({
      revenue: '1000000.00',
      returns: '50000.00',
      costOfSales: '600000.00',
      expenses: '50000.00',
      fees: '19000.00',
      profit: '281000.00',
      partnerShare: '112400.00',
      companyShare: '168600.00',
      settled: '0.00',
      due: '112400.00',
    });
    const again = await ok('GET', `/api/joint-ventures/${venture.id}/statement?from=${start}&to=${yesterday}`);
    expect(again.hash).toBe(statement.hash);
    // A statement carries no sales terms: the invoice footer stays off it (issue 27).
    await f.call('PUT', '/api/settings', { companyName: 'JV Supplies', taxRate: '17.00', currency: 'PKR', invoiceFooter: 'Goods once sold are returnable only as per the return policy' });
    const pdf = await f.call('GET', `/api/joint-ventures/${venture.id}/statement/pdf?from=${start}&to=${yesterday}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfTextLines(pdf.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(text).not.toContain('returnable');
    expect(text).toContain(`Reproduction code: ${statement.hash}`);
    const pdfAgain = await f.call('GET', `/api/joint-ventures/${venture.id}/statement/pdf?from=${start}&to=${yesterday}`);
    expect(pdfAgain.rawPayload.equals(pdf.rawPayload)).toBe(true);
  });

  it('stamps nothing of an invoice out of scope', async () => {
    await f.receive([{ itemId: f.reagent, quantity: 5, unitCost: '10.00', expiresIn: 300, lotNumber: 'OUT-1' }]);
    const invoice = await sell(f.customer.id, [{ inventoryId: (await f.receive([{ itemId: f.reagent, quantity: 2, unitCost: '10.00', expiresIn: 300 }]))[0]!, quantity: 2, price: '20.00' }]);
    const rows = await stampsOf('invoice', invoice.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ventureId === null)).toBe(true);
  });

  it('refuses activating a venture whose scope overlaps an active one (409 naming it)', async () => {
    const draft = await ok('POST', '/api/joint-ventures', {
      ventureName: 'Second venture',
      partnerType: 'customer',
      partnerId: f.customer.id,
      customerIds: [customer.id],
      categoryIds: [f.category],
      startDate: start,
      basis: 'revenue',
      lossRule: 'carryForward',
      shares: [{ effectiveFrom: start, partnerPercent: '10' }],
    });
    const refused = await f.call('POST', `/api/joint-ventures/${draft.data.id}/activate`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('Hospital venture');
    const noScope = await f.call('POST', '/api/joint-ventures', { ventureName: 'No scope', partnerType: 'vendor', partnerId: f.vendor.id, startDate: start, basis: 'revenue', lossRule: 'share', shares: [{ effectiveFrom: start, partnerPercent: '10' }] });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().errors).toHaveProperty('customerIds');
  });

  it('settles a period once: Dr JV profit share, Cr the partner payable; a second settlement is refused; the period is frozen and later postings land in the next statement', async () => {
    const draft = await ok('POST', '/api/jv-settlements', { jointVentureId: venture.id, from: start, to: yesterday });
    const posted = await ok('POST', `/api/jv-settlements/${draft.data.id}/post`);
    expect(posted.data).toMatchObject({ status: 'posted', partnerShare: '112400.00', profit: '281000.00' });
    expect(posted.data.documentNumber).toMatch(/^JVS-\d{4}-\d{6}$/);
    const rows = await stampsOf('jv-settlements', draft.data.id);
    expect(rows.map((r) => [r.accountCode, r.debit, r.credit])).toEqual([
      ['6950', '112400.00', '0.00'],
      [expect.stringMatching(/^2000-/), '0.00', '112400.00'],
    ]);
    const second = await ok('POST', '/api/jv-settlements', { jointVentureId: venture.id, from: yesterday, to: yesterday });
    const refused = await f.call('POST', `/api/jv-settlements/${second.data.id}/post`);
    expect(refused.statusCode, refused.body).toBe(409);

    // A late expense dated in the settled period: the settled statement does not move...
    await ok('POST', '/api/journals', {
      journalDate: yesterday,
      narration: 'Late venture expense',
      lines: [
        { accountId: expense, debit: '1000.00', jointVentureId: venture.id },
        { accountId: cash, credit: '1000.00' },
      ],
      post: true,
    });
    const settled = await ok('GET', `/api/joint-ventures/${venture.id}/statement?from=${start}&to=${yesterday}`);
    expect(settled).toMatchObject({ profit: '281000.00', settled: '112400.00', due: '0.00', hash: posted.data.statementHash });
    expect(settled.settlement.statementHash).toBe(settled.hash);
    // ...and the next one carries it as a prior-period adjustment.
    const next = await ok('GET', `/api/joint-ventures/${venture.id}/statement?from=${f.today}&to=${f.today}`);
    expect(next).toMatchObject({ adjustments: '-1000.00', profit: '-1000.00', partnerShare: '-400.00' });
  });

  it('keeps the partner capital: a contribution Dr bank Cr capital; the capital statement closes at the ledger balance', async () => {
    await ok('POST', `/api/joint-ventures/${venture.id}/contributions`, { date: yesterday, amount: '250000.00', accountId: cash }, 200);
    const capital = await ok('GET', `/api/joint-ventures/${venture.id}/capital?from=${start}&to=${f.today}`);
    expect(capital).toMatchObject({ opening: '0.00', closing: '250000.00', ledgerBalance: '250000.00' });
    expect(capital.rows).toHaveLength(1);
  });

  it('reconciles: every venture plus the rest equals the trial balance P&L (0.00)', async () => {
    const body = await ok('GET', `/api/joint-ventures/reconciliation?from=${start}&to=${f.today}`);
    expect(body.difference).toBe('0.00');
    expect(body.ventures.find((v: { jointVentureId: number }) => v.jointVentureId === venture.id).profit).toBe('299000.00');
  });

  it('lets the route table decide: the auditor reads and gets 403 on every write; roles without the route get 403', async () => {
    const auditor = await t.userWithRole('auditor');
    const manager = await t.userWithRole('operationManager');
    const seller = await t.userWithRole('salesExecutive');
    expect((await f.call('GET', '/api/joint-ventures', undefined, auditor.token)).statusCode).toBe(200);
    expect((await f.call('GET', `/api/joint-ventures/${venture.id}/statement?from=${start}&to=${yesterday}`, undefined, auditor.token)).statusCode).toBe(200);
    const writes: [string, object][] = [
      ['/api/joint-ventures', { ventureName: 'x' }],
      [`/api/joint-ventures/${venture.id}/close`, {}],
      ['/api/jv-settlements', { jointVentureId: venture.id, from: start, to: start }],
      [`/api/joint-ventures/${venture.id}/contributions`, { date: yesterday, amount: '1.00', accountId: cash }],
    ];
    for (const [url, body] of writes) expect((await f.call('POST', url, body, auditor.token)).statusCode, url).toBe(403);
    expect((await f.call('GET', '/api/joint-ventures', undefined, manager.token)).statusCode).toBe(200);
    expect((await f.call('GET', '/api/joint-ventures', undefined, seller.token)).statusCode).toBe(403);
    expect((await f.call('GET', `/api/joint-ventures/reconciliation?from=${start}&to=${yesterday}`, undefined, seller.token)).statusCode).toBe(403);
  });

  it('reconciles to 0.00 over random documents in and out of scope (property)', async () => {
    const lots = await f.receive([{ itemId: f.reagent, quantity: 500, unitCost: '3.25', expiresIn: 300 }]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('sale' as const), inScope: fc.boolean(), quantity: fc.integer({ min: 1, max: 5 }), price: fc.integer({ min: 1, max: 99999 }), returned: fc.integer({ min: 0, max: 5 }) }),
            fc.record({ kind: fc.constant('journal' as const), stamped: fc.boolean(), cents: fc.integer({ min: 1, max: 9999999 }) }),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        async (steps) => {
          for (const step of steps) {
            if (step.kind === 'sale') {
              const invoice = await sell(step.inScope ? customer.id : f.customer.id, [{ inventoryId: lots[0]!, quantity: step.quantity, price: (step.price / 100).toFixed(2) }], f.today);
              const back = Math.min(step.returned, step.quantity);
              if (back > 0) await ok('POST', '/api/sales-returns', { invoiceId: invoice.id, returnDate: f.today, lines: [{ invoiceLineId: invoice.lines[0]!.id, quantity: back, condition: 'restock' }], post: true });
            } else {
              const amount = (step.cents / 100).toFixed(2);
              await ok('POST', '/api/journals', {
                journalDate: f.today,
                narration: 'Random expense',
                lines: [{ accountId: expense, debit: amount, ...(step.stamped ? { jointVentureId: venture.id } : {}) }, { accountId: cash, credit: amount }],
                post: true,
              });
            }
          }
          const body = await ok('GET', `/api/joint-ventures/reconciliation?from=${start}&to=${f.today}`);
          expect(body.difference).toBe('0.00');
        },
      ),
      { numRuns: 6 },
    );
  });
});
