import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bankAccount, ledgerOf, lotOf, sell } from '../landed-costs/landed-costs-fixtures.ts';

/**
 * Issue 33, section 7, the import's whole chain in one company: USD 100 x 10.00 received at 280
 * (the lot at 2,800.00, the vendor Cr 280,000.00 for USD 1,000.00); 40 sold; the shipment's
 * 70,000 of duty (d = 700.00, Inventory 42,000, cost of sales 28,000, the lot at 3,500.00) with
 * import sales tax to input tax only; the month-end revaluation at 290 (-10,000.00, reversed the
 * next day); paid at 285 (Dr vendor 280,000, Dr exchange loss 5,000, Cr bank 285,000); and with no
 * rate, 400 naming `exchangeRate` and the date.
 */
let t: TestApp;
let f: SalesFixtures;
const received = () => addDays(f.today, -10);
const monthEnd = () => addDays(f.today, -5);

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'Chain');
  expect((await f.call('POST', '/api/currencies', { code: 'USD', currencyName: 'US dollar' })).statusCode).toBe(201);
  for (const [rateDate, rate] of [[received(), '280'], [monthEnd(), '290'], [f.today, '285']] as const) {
    expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate, rate })).statusCode).toBe(201);
  }
}, 120_000);
afterAll(async () => t?.close());

const usd = (key: string) => queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = ${key}`).then((rows) => rows[0]!.id);

describe('an import in USD from order to payment (issue 33, section 7)', () => {
  it('goes through receipt, sale, landed cost, revaluation and payment with the figures of the issue', async () => {
    const vendor = (await f.call('POST', '/api/vendors', { vendorName: 'Chain Abbott US', currency: 'USD' })).json().data as { id: number; accountId: number };
    const order = await f.call('POST', '/api/purchase-orders', { vendorId: vendor.id, regionId: f.north, orderDate: addDays(f.today, -40), expectedDate: received(), lines: [{ itemId: f.reagent, quantity: 100, unitCost: '10.00' }] });
    const approved = (await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`)).json().data;
    const noRate = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: approved.id,
      receiptDate: addDays(f.today, -30),
      lines: [{ purchaseOrderLineId: approved.lines[0].id, quantity: 100, lotNumber: 'CHAIN-1', dateExpiry: addDays(f.today, 400) }],
    });
    expect(noRate.json().errors).toEqual({ exchangeRate: `No USD rate on or before ${addDays(f.today, -30)} (7 days); enter it or import the State Bank's rates` });
    const receipt = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: approved.id,
      receiptDate: received(),
      post: true,
      lines: [{ purchaseOrderLineId: approved.lines[0].id, quantity: 100, lotNumber: 'CHAIN-1', dateExpiry: addDays(f.today, 400) }],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const bill = receipt.json().data as { id: number; documentNumber: string; lines: Array<{ inventoryId: number }> };
    const lot = bill.lines[0]!.inventoryId;
    expect(await lotOf(t, lot)).toEqual({ unitCost: '2800.00', quantity: 100 });
    expect(receipt.json().data).toMatchObject({ totalValue: '280000.00', foreignTotal: '1000.00', exchangeRate: '280.000000' });

    await sell(f, lot, 40);

    const bank = await bankAccount(t);
    const shipment = await f.call('POST', '/api/import-shipments', {
      shipmentDate: f.today,
      goodsReceiptIds: [bill.id],
      charges: [
        { kind: 'customsDuty', accountId: bank, amount: '70000.00' },
        { kind: 'importSalesTax', accountId: bank, amount: '12000.00' },
      ],
      post: true,
    });
    expect(shipment.statusCode, shipment.body).toBe(201);
    expect(shipment.json().data.lines[0]).toMatchObject({ unitCostIncrease: '700.00', toInventory: '42000.00', toCostOfSales: '28000.00', unitCostAfter: '3500.00' });
    expect(await lotOf(t, lot)).toEqual({ unitCost: '3500.00', quantity: 60 });
    const landed = await ledgerOf(t, 'import-shipments', shipment.json().data.id);
    // Inventory 42,000 and cost of sales 28,000; the import sales tax to input tax (1155) only, never to the lot.
    expect(landed).toMatchObject({ '1200': '42000.00', '5000': '28000.00', '1155': '12000.00', '1010': '-82000.00' });

    const revaluation = await f.call('POST', '/api/exchange-revaluations', { revaluationDate: monthEnd(), post: true });
    expect(revaluation.statusCode, revaluation.body).toBe(201);
    const revalued = revaluation.json().data;
    expect(revalued.rows).toEqual([expect.objectContaining({ vendorId: vendor.id, documentNumber: bill.documentNumber, openForeign: '1000.00', carryingAmount: '280000.00', rate: '290.000000', revaluedAmount: '290000.00', difference: '-10000.00' })]);
    expect(revalued).toMatchObject({ totals: { difference: '-10000.00' }, reversalDate: addDays(monthEnd(), 1) });
    const unrealised = await usd('unrealisedExchangeGainLoss');
    const swings = await queryRows<{ date: string; net: string }>(
      t.database.db,
      sql`SELECT entry_date::text AS date, sum(debit - credit)::text AS net FROM gl_entries WHERE account_id = ${unrealised} GROUP BY entry_date ORDER BY entry_date`,
    );
    expect(swings).toEqual([
      { date: monthEnd(), net: '10000.00' },
      { date: addDays(monthEnd(), 1), net: '-10000.00' },
    ]);

    const paid = await f.call('POST', '/api/payments', { payeeType: 'vendor', vendorId: vendor.id, paymentDate: f.today, method: 'bank', accountId: bank, amount: '1000.00', allocations: [{ goodsReceiptId: bill.id, amount: '1000.00' }], post: true });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = await ledgerOf(t, 'payments', paid.json().data.id);
    const vendorCode = (await f.call('GET', `/api/accounts/${vendor.accountId}`)).json().data.accountCode as string;
    // The revaluation, reversed, left the bill at 280,000: the realised loss is against that.
    expect(payment).toEqual({ '1010': '-285000.00', '4500': '5000.00', [vendorCode]: '280000.00' });
    const owed = await queryRows<{ pkr: string; usd: string }>(
      t.database.db,
      sql`SELECT sum(credit - debit)::text AS pkr, sum(coalesce(foreign_credit, 0) - coalesce(foreign_debit, 0))::text AS usd FROM gl_entries WHERE account_id = ${vendor.accountId}`,
    );
    expect(owed[0]).toEqual({ pkr: '0.00', usd: '0.00' });
  });
});
