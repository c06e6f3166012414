import {
  addDays,
  addDecimals,
  compareDecimal,
  type CustomerType,
  type InvoiceDetail,
  type InvoiceInput,
  lineMoney,
  monthEnd,
  type Role,
  salesTotals,
  toMinorUnits,
} from '@erp/domain';
import { asc, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { couriers } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { invoiceBinding } from '../modules/sales/invoices.binding.ts';
import { pricesFor } from '../modules/sales/sales-prices.ts';
import { readSettingValues } from '../modules/setup/setup.api.ts';
import { demoCustomers } from './demo-customers.ts';
import { seedSalesReturns, type SoldInvoice } from './seed-sales-returns.ts';
import { seededRandom } from './seed-stock.ts';
import { CustomerCollections } from './seed-money.ts';
import { Restocking } from './seed-restock.ts';

export type SalesDates = { today: string; salesFrom: string };

interface Buyer {
  id: number;
  customerName: string;
  type: CustomerType;
  regionId: number;
  accountId: number;
  creditLimit: string;
  paymentTermsDays: number;
  salesperson: Actor;
  /** The items it buys month after month (its analysers' reagents, its consumables). */
  assortment: SaleItem[];
  /** Days after the due date that it pays (demo-customers.ts). */
  paysLate: number;
}

interface SaleItem {
  id: number;
  salePrice: number;
  subCategory: string;
}

/** What each type of customer buys: the sub-categories of its assortment. */
const buys: Record<CustomerType, readonly string[]> = {
  hospital: ['Clinical Chemistry', 'Haematology', 'Immunoassay', 'Microbiology Media', 'Controls', 'Blood Collection Tubes', 'Gloves', 'Swabs', 'Test Tubes'],
  laboratory: ['Clinical Chemistry', 'Haematology', 'Immunoassay', 'Molecular Diagnostics', 'Controls', 'Calibrators', 'Pipette Tips', 'Blood Collection Tubes', 'Flasks'],
  clinic: ['Clinical Chemistry', 'Blood Collection Tubes', 'Gloves', 'Swabs', 'Test Tubes'],
  distributor: ['Blood Collection Tubes', 'Pipette Tips', 'Gloves', 'Swabs', 'Beakers', 'Flasks', 'Test Tubes', 'Clinical Chemistry', 'Haematology'],
};
/** Instruments a hospital or laboratory buys now and then (analysers are sold on tenders, not here). */
const instruments = ['Centrifuges', 'Microscopes'];
/** A typical invoice's value before tax, by customer type (PKR). */
const invoiceSize: Record<CustomerType, number> = { hospital: 4_000_000, laboratory: 3_000_000, clinic: 250_000, distributor: 8_000_000 };
/** How many lines an order has, from..to, by customer type: a hospital's monthly reagent order is long. */
const lineCount: Record<CustomerType, readonly [number, number]> = { hospital: [6, 10], laboratory: [6, 10], clinic: [1, 2], distributor: [8, 12] };
/** The distributor buys at 10% off; the others at the price list's price. */
const discountOf: Record<CustomerType, string | null> = { hospital: null, laboratory: null, clinic: null, distributor: '10.00' };

/** The first day of the month `months` after `date`'s month. */
export function monthAfter(date: string, months: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** Working days only: a Sunday moves to the Saturday before (or the Monday after when that leaves the range). */
function workingDay(date: string, first: string, last: string): string {
  if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) return date;
  const saturday = addDays(date, -1);
  return saturday >= first ? saturday : addDays(date, 1) <= last ? addDays(date, 1) : date;
}

async function loadBuyers(tx: Tx, items: readonly SaleItem[], random: () => number): Promise<Buyer[]> {
  const rows = await queryRows<{
    id: number;
    customerName: string;
    type: CustomerType;
    regionId: number;
    accountId: number;
    creditLimit: string;
    terms: number;
    userId: number;
    role: Role;
  }>(
    tx,
    sql`SELECT c.id, c.customer_name AS "customerName", c.customer_type AS type, c.region_id AS "regionId", c.account_id AS "accountId",
               c.credit_limit::text AS "creditLimit", c.payment_terms_days AS terms, u.id AS "userId", u.role
        FROM customers c JOIN users u ON u.id = c.salesperson_id
        WHERE c.active AND c.credit_limit > 0 ORDER BY c.id`,
  );
  return rows.map((row) => {
    const own = items.filter((item) => buys[row.type].includes(item.subCategory));
    // A seeded shuffle, then the first 24: the same assortment on every run.
    const assortment = own
      .map((item) => ({ item, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, 24)
      .map((x) => x.item);
    const demo = demoCustomers.find((c) => c.customerName === row.customerName);
    return {
      id: Number(row.id),
      customerName: row.customerName,
      type: row.type,
      regionId: Number(row.regionId),
      accountId: Number(row.accountId),
      creditLimit: row.creditLimit,
      paymentTermsDays: Number(row.terms),
      salesperson: { userId: Number(row.userId), role: row.role, scopes: [], permissions: {} },
      assortment,
      paysLate: demo?.paysDaysLate ?? 0,
    };
  });
}

/** Units on hand per region and item in the warehouses' lots not expired today: what first-expiry-first-out may draw. */
async function availableStock(tx: Tx, today: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ regionId: number; itemId: number; quantity: number }>(
    tx,
    sql`SELECT i.region_id AS "regionId", i.item_id AS "itemId", sum(i.quantity)::int AS quantity
        FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'warehouse'
        WHERE i.quantity > 0 AND (i.date_expiry IS NULL OR i.date_expiry >= ${today}::date)
        GROUP BY i.region_id, i.item_id`,
  );
  return new Map(rows.map((r) => [`${r.regionId}:${r.itemId}`, Number(r.quantity)]));
}

async function balanceOf(tx: Tx, accountId: number): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(tx, sql`SELECT account_balance(${accountId}::int)::numeric(18, 2)::text AS balance`);
  return row!.balance;
}

/**
 * Issue 8's demo history: twelve months of posted invoices (this month's up to today), about
 * twenty a month over the customers with credit, each in its customer's region, lines of its
 * usual reagents and consumables drawn first-expiry-first-out from the demo's stock, priced by
 * the price list, posted by its salesperson through the invoice service. A salesperson holds an
 * order that would take the customer over its credit limit (the demo never needs the override).
 * Customers pay what fell due by each month's end (one pays two months late) through receipts
 * (seed-money.ts); each region buys back from the vendors what it sold (seed-restock.ts, issue 27);
 * a few returns come back in between (seed-sales-returns.ts). Plain numbers only size the orders (prices,
 * limits, budgets); every amount written is the services' exact decimals.
 */
export async function seedSalesHistory(tx: Tx, dates: SalesDates): Promise<void> {
  const random = seededRandom(20_261_208);
  const items = (
    await queryRows<{ id: number; salePrice: string; subCategory: string }>(
      tx,
      sql`SELECT i.id, i.sale_price::text AS "salePrice", s.sub_category_name AS "subCategory"
          FROM items i JOIN sub_categories s ON s.id = i.sub_category_id WHERE i.is_approved ORDER BY i.id`,
    )
  ).map((i) => ({ id: Number(i.id), salePrice: Number(i.salePrice), subCategory: i.subCategory }));
  const buyers = await loadBuyers(tx, items, random);
  const gear = items.filter((i) => instruments.includes(i.subCategory));
  const stock = await availableStock(tx, dates.today);
  const courierIds = (await tx.select({ id: couriers.id }).from(couriers).orderBy(asc(couriers.id))).map((c) => c.id);
  const taxRate = (await readSettingValues(tx, ['taxRate'])).taxRate ?? '0.00';

  /** The lines of one order: items of the buyer's assortment its region holds, quantities for about `size` before tax. */
  const orderLines = (buyer: Buyer, size: number) => {
    const [fewest, most] = lineCount[buyer.type];
    const count = fewest + Math.floor(random() * (most - fewest + 1));
    const picked = new Set<SaleItem>();
    for (let tries = 0; picked.size < count && tries < count * 4; tries++) picked.add(buyer.assortment[Math.floor(random() * buyer.assortment.length)]!);
    if (gear.length > 0 && buyer.type !== 'clinic' && buyer.type !== 'distributor' && random() < 0.04) picked.add(gear[Math.floor(random() * gear.length)]!);
    const lines: Array<{ itemId: number; quantity: number }> = [];
    for (const item of picked) {
      const key = `${buyer.regionId}:${item.id}`;
      const onHand = stock.get(key) ?? 0;
      const share = (size / picked.size) * (0.6 + random() * 0.8);
      // Never the last units: a warehouse keeps some of everything it holds (half of what is left).
      const quantity = Math.min(Math.max(1, Math.round(share / item.salePrice)), Math.floor(onHand * 0.5));
      if (quantity < 1) continue;
      lines.push({ itemId: item.id, quantity });
    }
    return lines;
  };

  const collections = await CustomerCollections.open(tx, dates.today);
  const restocking = await Restocking.open(tx);
  const collect = async (monthLast: string) => {
    for (const buyer of buyers) {
      // What fell due by the month's end (by a month earlier for a late payer), net of credit notes.
      const cutoff = addDays(monthLast, -buyer.paysLate);
      const [row] = await queryRows<{ due: string }>(
        tx,
        sql`SELECT (account_balance(${buyer.accountId}::int) - coalesce((SELECT sum(i.grand_total - i.returned_amount - i.allocated_amount) FROM invoices i
                     WHERE i.customer_id = ${buyer.id}::int AND i.status = 'posted' AND i.due_date > ${cutoff}::date), 0))::numeric(18, 2)::text AS due`,
      );
      if (toMinorUnits(row!.due) <= 0n) continue;
      await collections.collect({ customerId: buyer.id, customerName: buyer.customerName, customerType: buyer.type, date: monthLast, amount: row!.due });
    }
  };

  for (let month = 0; month < 12; month++) {
    const first = monthAfter(dates.salesFrom, month);
    if (first > dates.today) break;
    const last = monthEnd(first) < dates.today ? monthEnd(first) : dates.today;
    const days = Number(last.slice(8, 10));
    // This month's orders so far (a few even on its first day, so every month of the twelve has some).
    const share = Math.max(days / Number(monthEnd(first).slice(8, 10)), 0.2);
    // Every customer with credit orders at least once in this month: what it owes today is never
    // all collected, whatever today's date (collections run at each month's end).
    const atLeast = monthEnd(first) >= dates.today ? 1 : 0;
    const orders: Array<{ date: string; buyer: Buyer; size: number }> = [];
    for (const buyer of buyers) {
      // About 60 % of the limit's worth a month, less for long terms: balances stay under the limits.
      const budget = (Number(buyer.creditLimit) * 30 * 0.6) / (buyer.paymentTermsDays + 30);
      const count = Math.max(atLeast, Math.round((budget / invoiceSize[buyer.type]) * (0.75 + random() * 0.5) * share));
      for (let n = 0; n < count; n++) {
        const date = workingDay(addDays(first, Math.floor(random() * days)), first, last);
        orders.push({ date, buyer, size: invoiceSize[buyer.type] * (0.5 + random()) });
      }
    }
    orders.sort((a, b) => a.date.localeCompare(b.date) || a.buyer.id - b.buyer.id);
    const monthSold: SoldInvoice[] = [];
    for (const order of orders) {
      const { buyer } = order;
      const lines = orderLines(buyer, order.size).map((l) => ({ ...l, discountPercent: discountOf[buyer.type] }));
      if (lines.length === 0) continue;
      const prices = await pricesFor(tx, lines.map((l) => l.itemId), { regionId: buyer.regionId, customerId: buyer.id, date: order.date });
      const total = salesTotals(lines.map((l) => lineMoney({ ...l, price: prices.get(l.itemId) ?? '0' }, { rate: taxRate }))).grandTotal;
      if (compareDecimal(addDecimals([await balanceOf(tx, buyer.accountId), total]), buyer.creditLimit) > 0) continue;
      const input: InvoiceInput = {
        customerId: buyer.id,
        regionId: buyer.regionId,
        invoiceDate: order.date,
        courierId: courierIds[Math.floor(random() * courierIds.length)] ?? null,
        notes: '',
        lines,
      };
      const { document } = await saveDocument<InvoiceInput, InvoiceDetail>(tx, buyer.salesperson, invoiceBinding, input, { post: true });
      for (const line of lines) stock.set(`${buyer.regionId}:${line.itemId}`, (stock.get(`${buyer.regionId}:${line.itemId}`) ?? 0) - line.quantity);
      restocking.sell(buyer.regionId, lines);
      monthSold.push({ invoice: document, monthLast: last });
    }
    await seedSalesReturns(tx, monthSold, dates.today, month);
    if (monthEnd(first) < dates.today) {
      await collect(monthEnd(first));
      for (const [key, quantity] of await restocking.restock(monthEnd(first))) stock.set(key, (stock.get(key) ?? 0) + quantity);
      await restocking.payDue(monthEnd(first));
    }
  }
}
