import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { type SalesFixtures, salesFixtures } from './sales-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** What the receipts and payments tests pay and are paid for: invoices and bills made through the real documents. */
export interface MoneyFixtures extends SalesFixtures {
  /** Accounts of the default chart: a bank account, a second cash account, an expense. */
  accounts: { bank: number; cash: number; chequesInHand: number; chequesIssued: number; expense: number };
  /** Posts an invoice of gloves to `customerId` at `price` each (quantity 1 unless told); 17% tax on top. */
  invoice(customerId: number, price: string, options?: { dueDate?: string; quantity?: number; invoiceDate?: string }): Promise<{ id: number; grandTotal: string; documentNumber: string }>;
  /** Posts a goods receipt of gloves from the vendor worth `value` (one kit at that cost): the vendor's bill. */
  bill(value: string): Promise<{ id: number; totalValue: string; documentNumber: string }>;
}

export async function moneyFixtures(t: TestApp, prefix: string): Promise<MoneyFixtures> {
  const f = await salesFixtures(t, prefix);
  await f.receive([{ itemId: f.gloves, quantity: 100000, unitCost: '0.10' }]);
  const code = async (accountCode: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM accounts WHERE account_code = ${accountCode}`))[0]!.id);
  const key = async (name: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT account_id AS id FROM posting_accounts WHERE key = ${name}`))[0]!.id);
  const accounts = { bank: await code('1010'), cash: await key('cash'), chequesInHand: await key('chequesInHand'), chequesIssued: await key('chequesIssued'), expense: await code('6050') };
  const invoice: MoneyFixtures['invoice'] = async (customerId, price, options = {}) => {
    const response = await f.call('POST', '/api/invoices', {
      customerId,
      regionId: f.north,
      invoiceDate: options.invoiceDate ?? f.today,
      dueDate: options.dueDate ?? null,
      post: true,
      lines: [{ itemId: f.gloves, quantity: options.quantity ?? 1, price }],
    });
    if (response.statusCode !== 201) throw new Error(`invoice: ${response.body}`);
    const data = response.json().data;
    return { id: data.id, grandTotal: data.grandTotal, documentNumber: data.documentNumber };
  };
  let bills = 0;
  const bill: MoneyFixtures['bill'] = async (value) => {
    bills += 1;
    const order = await f.call('POST', '/api/purchase-orders', { vendorId: f.vendor.id, regionId: f.north, expectedDate: f.today, lines: [{ itemId: f.gloves, quantity: 1, unitCost: value }] });
    if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
    const approved = await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`);
    const receipt = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: order.json().data.id,
      receiptDate: f.today,
      post: true,
      lines: [{ purchaseOrderLineId: approved.json().data.lines[0].id, quantity: 1, lotNumber: `${prefix}-BILL-${bills}`, dateExpiry: null }],
    });
    if (receipt.statusCode !== 201) throw new Error(`goods receipt: ${receipt.body}`);
    const data = receipt.json().data;
    return { id: data.id, totalValue: data.totalValue, documentNumber: data.documentNumber };
  };
  return { ...f, accounts, invoice, bill };
}

/** An account's balance, debit less credit, to the cent. */
export async function balanceOf(t: TestApp, accountId: number): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(t.database.db, sql`SELECT coalesce(sum(debit - credit), 0)::numeric(18, 2)::text AS balance FROM gl_entries WHERE account_id = ${accountId}`);
  return row!.balance;
}

/** A document's ledger rows as posting key (or account id) with debit and credit, in order. */
export async function ledgerRowsOf(t: TestApp, documentType: string, documentId: number) {
  return queryRows<{ account: string; debit: string; credit: string; regionId: number | null; partyType: string | null; partyId: number | null; entryDate: string }>(
    t.database.db,
    sql`SELECT coalesce(p.key, g.account_id::text) AS account, g.debit::text AS debit, g.credit::text AS credit, g.region_id AS "regionId", g.party_type AS "partyType",
               g.party_id AS "partyId", g.entry_date::text AS "entryDate"
        FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id
        WHERE g.document_type = ${documentType} AND g.document_id = ${documentId} ORDER BY g.id`,
  );
}
