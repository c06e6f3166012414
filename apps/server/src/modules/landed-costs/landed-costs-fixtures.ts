import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { SalesFixtures } from '../../test/sales-fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';

/** A posted goods receipt of lots (one line each) into a region: its id, number and the lots' inventory ids. */
export async function receiveLots(
  f: SalesFixtures,
  lots: ReadonlyArray<{ itemId?: number; lotNumber: string; quantity: number; unitCost: string }>,
  regionId = f.north,
): Promise<{ id: number; documentNumber: string; lots: number[] }> {
  const order = await f.call('POST', '/api/purchase-orders', {
    vendorId: f.vendor.id,
    regionId,
    expectedDate: f.today,
    lines: lots.map((l) => ({ itemId: l.itemId ?? f.reagent, quantity: l.quantity, unitCost: l.unitCost })),
  });
  if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
  const approved = await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`);
  const orderLines = approved.json().data.lines as Array<{ id: number }>;
  const receipt = await f.call('POST', '/api/goods-receipts', {
    purchaseOrderId: order.json().data.id,
    receiptDate: f.today,
    acceptNearExpiry: true,
    post: true,
    lines: lots.map((l, index) => ({ purchaseOrderLineId: orderLines[index]!.id, quantity: l.quantity, lotNumber: l.lotNumber, dateExpiry: addDays(f.today, 365) })),
  });
  if (receipt.statusCode !== 201) throw new Error(`receipt: ${receipt.body}`);
  const data = receipt.json().data as { id: number; documentNumber: string; lines: Array<{ inventoryId: number }> };
  return { id: data.id, documentNumber: data.documentNumber, lots: data.lines.map((l) => l.inventoryId) };
}

/** Sells `quantity` of a lot to the fixtures' customer, posted. */
export async function sell(f: SalesFixtures, inventoryId: number, quantity: number, regionId = f.north, itemId = f.reagent): Promise<number> {
  const sold = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId, invoiceDate: f.today, post: true, lines: [{ itemId, inventoryId, quantity, price: '5000.00' }] });
  if (sold.statusCode !== 201) throw new Error(`invoice: ${sold.body}`);
  return sold.json().data.id;
}

/** A bank account of the chart (1010). */
export async function bankAccount(t: TestApp): Promise<number> {
  return Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM accounts WHERE account_code = '1010'`))[0]!.id);
}

/** The general-ledger rows of a document, by account code: debit - credit. */
export async function ledgerOf(t: TestApp, documentType: string, documentId: number): Promise<Record<string, string>> {
  const rows = await queryRows<{ code: string; net: string }>(
    t.database.db,
    sql`SELECT a.account_code AS code, sum(e.debit - e.credit)::text AS net FROM gl_entries e JOIN accounts a ON a.id = e.account_id
        WHERE e.document_type = ${documentType} AND e.document_id = ${documentId}::int GROUP BY a.account_code ORDER BY a.account_code`,
  );
  return Object.fromEntries(rows.map((r) => [r.code, r.net]));
}

/** A lot's unit cost and quantity now. */
export async function lotOf(t: TestApp, inventoryId: number): Promise<{ unitCost: string; quantity: number }> {
  const [row] = await queryRows<{ unitCost: string; quantity: number }>(t.database.db, sql`SELECT unit_cost::text AS "unitCost", quantity FROM inventory WHERE id = ${inventoryId}::int`);
  return { unitCost: row!.unitCost, quantity: Number(row!.quantity) };
}

/** GL Inventory (and in transit) against the lots' quantity x unit cost, to the cent. */
export async function inventoryAgainstLots(t: TestApp): Promise<{ ledger: string; lots: string }> {
  const [row] = await queryRows<{ ledger: string; lots: string }>(
    t.database.db,
    sql`SELECT (SELECT coalesce(sum(e.debit - e.credit), 0)::text FROM gl_entries e JOIN posting_accounts p ON p.account_id = e.account_id
                 WHERE p.key IN ('inventory', 'inventoryInTransit')) AS ledger,
               (SELECT coalesce(sum(i.quantity * i.unit_cost), 0)::text FROM inventory i JOIN stock_locations l ON l.id = i.location_id WHERE l.kind <> 'customer') AS lots`,
  );
  return { ledger: row!.ledger, lots: row!.lots };
}
