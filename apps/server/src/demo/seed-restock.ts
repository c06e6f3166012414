import { addDays, addDecimals, type GoodsReceiptDetail, type GoodsReceiptInput, monthEnd, type PaymentDetail, type PaymentInput, type PurchaseOrderDetail, type PurchaseOrderInput } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { runTransition } from '../lib/document/run-transition.ts';
import { paymentBinding } from '../modules/money/money.api.ts';
import { goodsReceiptBinding } from '../modules/purchasing/goods-receipts.binding.ts';
import { purchaseOrderBinding } from '../modules/purchasing/purchase-orders.binding.ts';
import { actorOf } from './demo-actors.ts';

interface Bill {
  vendorId: number;
  goodsReceiptId: number;
  amount: string;
  /** The day the vendor is paid: the next month's end (about 30 days' terms). */
  payOn: string;
}

/**
 * A distributor buys back what it sells (issue 27, section 8): at each month's end of the sales
 * history, each region orders from each vendor what it sold of that vendor's items that month,
 * receives it the same day (a fresh lot of each lot-tracked item, 18 months of shelf life) and
 * pays the bill by bank at the next month's end, so the stock and the bank follow the trade.
 */
export class Restocking {
  private readonly sold = new Map<string, number>();
  private readonly bills: Bill[] = [];
  private lotSerial = 0;

  private constructor(
    private readonly tx: Tx,
    private readonly actors: { buyer: Actor; approver: Actor; storekeeper: Actor },
    private readonly vendorOf: Map<number, { vendorId: number; unitCost: string }>,
    private readonly bankId: number | undefined,
  ) {}

  static async open(tx: Tx): Promise<Restocking> {
    const rows = await queryRows<{ id: number; vendorId: number; cost: string }>(tx, sql`SELECT id, vendor_id AS "vendorId", cost_price::text AS cost FROM items WHERE vendor_id IS NOT NULL`);
    const [bank] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM accounts WHERE account_code = '1010'`);
    const actors = { buyer: await actorOf(tx, 'accountant'), approver: await actorOf(tx, 'admin'), storekeeper: await actorOf(tx, 'inventorySupervisor') };
    return new Restocking(tx, actors, new Map(rows.map((r) => [Number(r.id), { vendorId: Number(r.vendorId), unitCost: r.cost }])), bank && Number(bank.id));
  }

  /** Counts an invoice's lines as sold in its region this month. */
  sell(regionId: number, lines: ReadonlyArray<{ itemId: number; quantity: number }>): void {
    for (const line of lines) this.sold.set(`${regionId}:${line.itemId}`, (this.sold.get(`${regionId}:${line.itemId}`) ?? 0) + line.quantity);
  }

  /** Orders and receives, dated the month's last day, what each region sold this month; answers what came in (region:item -> units). */
  async restock(monthLast: string): Promise<Map<string, number>> {
    const orders = new Map<string, { regionId: number; vendorId: number; lines: PurchaseOrderInput['lines'] }>();
    for (const [key, quantity] of this.sold) {
      const [regionId, itemId] = key.split(':').map(Number) as [number, number];
      const item = this.vendorOf.get(itemId);
      if (!item || quantity < 1) continue;
      const order = orders.get(`${regionId}:${item.vendorId}`) ?? { regionId, vendorId: item.vendorId, lines: [] };
      order.lines.push({ itemId, quantity, unitCost: item.unitCost });
      orders.set(`${regionId}:${item.vendorId}`, order);
    }
    const received = new Map(this.sold);
    this.sold.clear();
    for (const order of orders.values()) {
      const input: PurchaseOrderInput = { orderDate: addDays(monthLast, -7), vendorId: order.vendorId, regionId: order.regionId, expectedDate: monthLast, notes: 'Monthly replenishment', lines: order.lines };
      const draft = (await saveDocument<PurchaseOrderInput, PurchaseOrderDetail>(this.tx, this.actors.buyer, purchaseOrderBinding, input)).document;
      const po = (await runTransition<PurchaseOrderDetail>(this.tx, this.actors.approver, purchaseOrderBinding, draft.id, 'approve')).document;
      const lines = po.lines.map((line) => {
        this.lotSerial += 1;
        const tracked = line.item.lotTracked;
        return {
          purchaseOrderLineId: line.id,
          quantity: line.quantity,
          lotNumber: tracked ? `${line.item.articleNumber.slice(0, 2)}M${String(this.lotSerial).padStart(5, '0')}` : null,
          dateExpiry: tracked ? addDays(monthLast, 540) : null,
        };
      });
      const receipt: GoodsReceiptInput = { purchaseOrderId: po.id, receiptDate: monthLast, notes: 'Monthly replenishment', acceptNearExpiry: false, loggerResult: 'withinRange', lines };
      const grn = (await saveDocument<GoodsReceiptInput, GoodsReceiptDetail>(this.tx, this.actors.storekeeper, goodsReceiptBinding, receipt, { post: true })).document;
      this.bills.push({ vendorId: order.vendorId, goodsReceiptId: grn.id, amount: grn.totalValue, payOn: monthEnd(addDays(monthLast, 1)) });
    }
    return received;
  }

  /** Pays by bank, one payment per vendor, the bills due by `date` (a month's end already past). */
  async payDue(date: string): Promise<void> {
    if (!this.bankId) return;
    const due = this.bills.filter((bill) => bill.payOn <= date);
    const vendors = [...new Set(due.map((bill) => bill.vendorId))];
    for (const vendorId of vendors) {
      const bills = due.filter((bill) => bill.vendorId === vendorId);
      const amount = addDecimals(bills.map((bill) => bill.amount));
      const input: PaymentInput = {
        payeeType: 'vendor',
        vendorId,
        paymentDate: date,
        method: 'bank',
        accountId: this.bankId,
        amount,
        reference: 'Monthly settlement',
        allocations: bills.map((bill) => ({ goodsReceiptId: bill.goodsReceiptId, amount: bill.amount })),
      };
      await saveDocument<PaymentInput, PaymentDetail>(this.tx, this.actors.buyer, paymentBinding, input, { post: true });
    }
    this.bills.splice(0, this.bills.length, ...this.bills.filter((bill) => bill.payOn > date));
  }
}
