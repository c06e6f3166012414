import { addDays } from '@erp/domain';
import { fixtureItemsAtRate, type PurchasingFixtures, purchasingFixtures } from './purchasing-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** A lot to bring into a region's warehouse through a purchase order and its goods receipt. */
export interface LotToReceive {
  itemId: number;
  lotNumber?: string;
  /** Days from today. */
  expiresIn?: number;
  quantity: number;
  unitCost: string;
}

/** What the sales tests sell, to whom and from where: made through the API as an admin would. */
export interface SalesFixtures extends PurchasingFixtures {
  /** A hospital in `north` with a credit limit of 100,000.00 and 30 days' terms. */
  customer: { id: number; accountId: number };
  /** Posts a receipt of `lots` into `regionId`'s warehouse; answers the lots' inventory ids in order. */
  receive(lots: readonly LotToReceive[], regionId?: number): Promise<number[]>;
  /** Makes another customer. */
  newCustomer(name: string, body?: Record<string, unknown>): Promise<{ id: number; accountId: number }>;
  /** Makes an approved item (not lot-tracked) with its first tax facts (issue 29: `{saleType, rate, hsCode, ...}`); answers its id. */
  newTaxedItem(name: string, taxFacts: Record<string, unknown>): Promise<number>;
}

/** The purchasing fixtures, a 17% tax rate, a customer, and lots received through the real documents. */
export async function salesFixtures(t: TestApp, prefix: string): Promise<SalesFixtures> {
  const f = await purchasingFixtures(t, prefix);
  const settings = await f.call('PUT', '/api/settings', { companyName: `${prefix} Supplies`, taxRate: '17.00', currency: 'PKR' });
  if (settings.statusCode !== 200) throw new Error(`settings: ${settings.body}`);
  await fixtureItemsAtRate(t, f, '17.00');
  const newCustomer: SalesFixtures['newCustomer'] = async (name, body = {}) => {
    const created = await f.call('POST', '/api/customers', {
      customerName: `${prefix} ${name}`,
      customerType: 'hospital',
      regionId: f.north,
      creditLimit: '100000.00',
      paymentTermsDays: 30,
      active: true,
      ...body,
    });
    if (created.statusCode !== 201) throw new Error(`customer: ${created.body}`);
    const data = created.json().data as { id: number; accountId: number };
    return { id: data.id, accountId: data.accountId };
  };
  const newTaxedItem: SalesFixtures['newTaxedItem'] = async (name, taxFacts) => {
    const created = await f.call('POST', '/api/items', {
      itemName: `${prefix} ${name}`,
      articleNumber: `${prefix}-${name}`.toUpperCase().replace(/\s+/g, '-'),
      categoryId: f.category,
      unit: 'kit',
      costPrice: '0.00',
      salePrice: '0.00',
      lotTracked: false,
      storageCondition: 'ambient',
      active: true,
      taxFacts,
    });
    if (created.statusCode !== 201) throw new Error(`item: ${created.body}`);
    const id = created.json().data.id as number;
    if ((await f.call('POST', `/api/items/${id}/approve`)).statusCode !== 200) throw new Error('item approve failed');
    return id;
  };
  let receipts = 0;
  const receive: SalesFixtures['receive'] = async (lots, regionId = f.north) => {
    const order = await f.call('POST', '/api/purchase-orders', {
      vendorId: f.vendor.id,
      regionId,
      expectedDate: f.today,
      lines: lots.map((l) => ({ itemId: l.itemId, quantity: l.quantity, unitCost: l.unitCost })),
    });
    if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
    const approved = await f.call('POST', `/api/purchase-orders/${order.json().data.id}/approve`);
    const orderLines = approved.json().data.lines as Array<{ id: number }>;
    receipts += 1;
    const receipt = await f.call('POST', '/api/goods-receipts', {
      purchaseOrderId: order.json().data.id,
      receiptDate: f.today,
      acceptNearExpiry: true,
      post: true,
      lines: lots.map((l, index) => ({
        purchaseOrderLineId: orderLines[index]!.id,
        quantity: l.quantity,
        lotNumber: l.lotNumber ?? `${prefix}-R${receipts}-${index}`,
        dateExpiry: l.expiresIn === undefined ? null : addDays(f.today, l.expiresIn),
      })),
    });
    if (receipt.statusCode !== 201) throw new Error(`receipt: ${receipt.body}`);
    return (receipt.json().data.lines as Array<{ inventoryId: number }>).map((l) => l.inventoryId);
  };
  return { ...f, customer: await newCustomer('General Hospital'), receive, newCustomer, newTaxedItem };
}
