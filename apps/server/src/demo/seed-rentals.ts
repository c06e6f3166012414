import { addDays, addMonths, type InvoiceDetail, type InvoiceInput, monthOf } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { invoiceBinding } from '../modules/sales/invoices.binding.ts';
import { pricesFor } from '../modules/sales/sales-prices.ts';
import { stockAdjustmentServices } from '../modules/inventory/inventory.api.ts';
import { createConsignment, createServiceVisit, placementServices, rentalAgreementServices, rentalReturnServices, runMonthEndNow } from '../modules/rentals/rentals.api.ts';
import { actorOf } from './demo-actors.ts';

const models = [
  { itemName: 'Sysmex XN-1000 haematology analyser', article: 'RENT-XN1000', cost: '3000000.00', reagents: 'Haematology' },
  { itemName: 'Mindray BS-480 chemistry analyser', article: 'RENT-BS480', cost: '2400000.00', reagents: 'Clinical Chemistry' },
  { itemName: 'Roche Cobas e411 immunoassay analyser', article: 'RENT-E411', cost: '4200000.00', reagents: 'Immunoassay' },
] as const;

interface Plan {
  state: 'draft' | 'approved' | 'active' | 'suspended' | 'ended' | 'cancelled';
  billingModel: 'minimumPurchase' | 'perTest';
  monthlyCommitment: string;
  settlementPeriod?: 'month' | 'quarter';
  note: string;
}

/** Eight agreements, every state: one under commitment, one per test, one returned (issue 21, demo). */
const plans: readonly Plan[] = [
  { state: 'active', billingModel: 'minimumPurchase', monthlyCommitment: '60000.00', note: 'Under commitment: shortfall invoiced monthly' },
  { state: 'active', billingModel: 'minimumPurchase', monthlyCommitment: '20000.00', settlementPeriod: 'quarter', note: 'Meets its commitment, settled quarterly' },
  { state: 'active', billingModel: 'perTest', monthlyCommitment: '0', note: 'Per test, billed from the meter readings' },
  { state: 'suspended', billingModel: 'minimumPurchase', monthlyCommitment: '15000.00', note: 'Suspended while the ward is renovated' },
  { state: 'ended', billingModel: 'minimumPurchase', monthlyCommitment: '10000.00', note: 'Returned after the lab closed' },
  { state: 'approved', billingModel: 'minimumPurchase', monthlyCommitment: '120000.00', note: 'Approved, awaiting installation' },
  { state: 'draft', billingModel: 'minimumPurchase', monthlyCommitment: '90000.00', note: 'Draft under negotiation' },
  { state: 'cancelled', billingModel: 'minimumPurchase', monthlyCommitment: '80000.00', note: 'Cancelled: the tender went elsewhere' },
];

/** What a minimum-purchase agreement's customer buys of its eligible reagent a month, as a share of the commitment (the first: under it). */
const boughtShare = (index: number, monthsAgo: number) => (index === 0 ? 0.5 : 1.2) + (monthsAgo % 3) / 10;

/** A placed minimum-purchase agreement's eligible reagent: its own lot and what the customer buys of it each month. */
interface EligibleReagent {
  itemId: number;
  lotNumber: string;
  unitCost: string;
  /** Quantity by months ago (6 = the placement's month). */
  monthly: Map<number, number>;
}

/**
 * Reagent rentals for the demo: 3 analyser models, 9 serial-numbered units received at opening,
 * 8 agreements in every state placed 6 months ago at the region's customers, their service
 * visits and meter readings, and the month-end run for each month that has ended since. Each
 * placed minimum-purchase agreement counts one reagent of its analyser the customer never bought
 * in the year of sales (which is seeded before the agreements exist, so none of it could be
 * stamped with them): its invoices for each month of use are posted here, through the invoice
 * service, after the placement, so the stamping rule stamps them and the agreement's P&L shows
 * the same purchases as its month grid.
 */
export async function seedRentals(tx: Tx, dates: { today: string; openingDate: string }): Promise<void> {
  const actor = await actorOf(tx, 'admin');
  const [region] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM regions ORDER BY id LIMIT 1`);
  const [category] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM categories ORDER BY id LIMIT 1`);
  // The customers with the most credit left: shortfalls must stay within their limits.
  const customers = await queryRows<{ id: number }>(
    tx,
    sql`SELECT c.id
        FROM customers c WHERE c.region_id = ${region!.id}::int AND c.active AND c.credit_limit > 0
        ORDER BY c.credit_limit - account_balance(c.account_id) DESC, c.id LIMIT 8`,
  );
  const itemIds: number[] = [];
  for (const model of models) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, serial_tracked, is_approved, approved_at)
          VALUES (${model.itemName}, ${model.article}, ${category!.id}::int, 'unit', ${model.cost}::numeric, 0, false, true, true, now()) RETURNING id`,
    );
    itemIds.push(Number(row!.id));
  }
  const reagents = await eligibleReagents(tx, customers.map((c) => Number(c.id)), region!.id, dates.today);
  await stockAdjustmentServices.createPosted(tx, actor, {
    adjustmentDate: dates.openingDate,
    reason: 'openingStock',
    narration: 'Analysers for reagent rental',
    lines: [
      ...itemIds.flatMap((itemId, m) =>
        [1, 2, 3].map((n) => ({ itemId, regionId: region!.id, lotNumber: `${models[m]!.article.slice(5)}-SN${String(1000 + n)}`, dateExpiry: null, quantity: 1, unitCost: models[m]!.cost })),
      ),
      // Each eligible reagent's own lot, what its customer will buy of it and a little more.
      ...[...reagents.values()].map((r) => ({
        itemId: r.itemId,
        regionId: region!.id,
        lotNumber: r.lotNumber,
        dateExpiry: addDays(dates.today, 540),
        quantity: [...r.monthly.values()].reduce((a, b) => a + b, 0) + 5,
        unitCost: r.unitCost,
      })),
    ],
  } as never);
  const units = await queryRows<{ id: number; inventoryId: number }>(tx, sql`SELECT id, inventory_id AS "inventoryId" FROM rental_assets ORDER BY id`);
  const start = `${addMonths(monthOf(dates.today), -6)}-01`;
  const placed = `${addMonths(monthOf(dates.today), -6)}-16`;
  for (const [index, plan] of plans.entries()) {
    const unit = units[index]!;
    const customer = customers[index % customers.length]!;
    const customerId = Number(customer.id);
    const commitment = plan.billingModel === 'perTest' ? '0.00' : plan.monthlyCommitment;
    const reagent = reagents.get(index);
    const agreement = await rentalAgreementServices.create(tx, actor, {
      customerId,
      regionId: region!.id,
      rentalAssetId: Number(unit.id),
      accessoryInventoryIds: [],
      startDate: start,
      termMonths: index === 1 ? 7 : 36,
      billingModel: plan.billingModel,
      monthlyCommitment: commitment,
      eligibleItemIds: reagent ? [reagent.itemId] : [],
      eligibleCategoryIds: [],
      shortfallMode: 'gap',
      settlementPeriod: plan.settlementPeriod ?? 'month',
      pricePerTest: plan.billingModel === 'perTest' ? '95.00' : null,
      uptimePercent: '95',
      downtimeWaiver: true,
      maintenanceMonths: 3,
      deposit: index === 0 ? '250000.00' : null,
      earlyExitPercent: '50',
      autoRenew: index === 1,
      noticeDays: 60,
      notes: plan.note,
    } as never);
    if (plan.state === 'draft') continue;
    if (plan.state === 'cancelled') {
      await rentalAgreementServices.run(tx, actor, agreement.id, 'cancel' as never);
      continue;
    }
    await rentalAgreementServices.run(tx, actor, agreement.id, 'approve' as never);
    if (plan.state === 'approved') continue;
    await placementServices.createPosted(tx, actor, { rentalAgreementId: agreement.id, inventoryId: Number(unit.inventoryId), placementDate: placed, notes: '' } as never);
    await createServiceVisit(tx, actor, { rentalAgreementId: agreement.id, visitDate: placed, visitKind: 'install', notes: 'Installed and calibrated' });
    if (reagent) await postEligibleSales(tx, actor, { customerId, regionId: region!.id, today: dates.today }, reagent);
    if (index === 0) {
      await createServiceVisit(tx, actor, { rentalAgreementId: agreement.id, visitDate: `${addMonths(monthOf(dates.today), -3)}-12`, visitKind: 'breakdown', downFrom: `${addMonths(monthOf(dates.today), -3)}-10`, downTo: `${addMonths(monthOf(dates.today), -3)}-12`, notes: 'Laser module replaced' });
    }
    if (plan.billingModel === 'perTest') {
      for (let m = 6, reading = 0; m >= 1; m--) {
        reading += 250 + m * 10;
        await tx.execute(sql`INSERT INTO meter_readings (rental_agreement_id, reading_date, reading, created_by) VALUES (${agreement.id}::int, ${`${addMonths(monthOf(dates.today), -m)}-28`}::date, ${reading}::int, ${actor.userId}::int)`);
      }
      await consignReagents(tx, actor, agreement.id, region!.id, dates.today);
    }
    if (plan.state === 'suspended') await rentalAgreementServices.run(tx, actor, agreement.id, 'suspend' as never);
    if (plan.state === 'ended') {
      await rentalReturnServices.createPosted(tx, actor, { rentalAgreementId: agreement.id, returnDate: `${addMonths(monthOf(dates.today), -2)}-20`, condition: 'ok', notes: 'Lab closed' } as never);
    }
  }
  // The last month that has ended is left for the month-end run of the screen (the e2e journey runs it).
  for (let m = 6; m >= 2; m--) await runMonthEndNow(tx, actor, addMonths(monthOf(dates.today), -m));
}

/**
 * For each placed minimum-purchase agreement (by its index in `plans`), a reagent of its
 * analyser's kind (another reagent when the customer bought them all; the cheapest, so quantities
 * stay near the target) that its customer never bought, none counted by two agreements, and the
 * quantity bought each month at the price list's price: about half the commitment for the first
 * (under it), a fifth and more above it for the others (rounded up: never below).
 */
async function eligibleReagents(tx: Tx, customerIds: readonly number[], regionId: number, today: string): Promise<Map<number, EligibleReagent>> {
  const chosen = new Map<number, EligibleReagent>();
  for (const [index, plan] of plans.entries()) {
    if (plan.billingModel !== 'minimumPurchase' || !['active', 'suspended', 'ended'].includes(plan.state)) continue;
    const customerId = customerIds[index % customerIds.length]!;
    // Units are numbered model by model, three each; agreement `index` takes unit `index`.
    const model = models[Math.floor(index / 3)]!;
    const taken = [...chosen.values()].map((r) => r.itemId);
    const [row] = await queryRows<{ id: number; unitCost: string }>(
      tx,
      sql`SELECT it.id, it.cost_price::text AS "unitCost"
          FROM items it JOIN categories c ON c.id = it.category_id AND c.category_name = 'Reagents' JOIN sub_categories s ON s.id = it.sub_category_id
          WHERE it.is_approved AND it.lot_tracked AND NOT it.serial_tracked AND it.sale_price > 0 AND it.id <> ALL(${`{${taken.join(',')}}`}::int[])
            AND NOT EXISTS (SELECT 1 FROM sales_summary ss WHERE ss.customer_id = ${customerId}::int AND ss.item_id = it.id)
          ORDER BY s.sub_category_name = ${model.reagents} DESC, it.sale_price, it.id LIMIT 1`,
    );
    if (!row) continue;
    const itemId = Number(row.id);
    const price = Number((await pricesFor(tx, [itemId], { regionId, customerId, date: today })).get(itemId) ?? '0');
    if (!(price > 0)) continue;
    const monthly = new Map<number, number>();
    // The returned one's last purchase is the month of its return (the 18th, before the 20th).
    for (let m = 6; m >= (plan.state === 'ended' ? 2 : 1); m--) monthly.set(m, Math.ceil((Number(plan.monthlyCommitment) * boughtShare(index, m)) / price));
    chosen.set(index, { itemId, unitCost: row.unitCost, lotNumber: `RENTAL-${index + 1}`, monthly });
  }
  return chosen;
}

/** The agreement's customer's invoices of its eligible reagent, one a month of use on the 18th, posted from its own lot. */
async function postEligibleSales(tx: Tx, actor: Actor, at: { customerId: number; regionId: number; today: string }, reagent: EligibleReagent): Promise<void> {
  const [lot] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM inventory WHERE item_id = ${reagent.itemId}::int AND region_id = ${at.regionId}::int AND lot_number = ${reagent.lotNumber}`,
  );
  for (const [m, quantity] of reagent.monthly) {
    const input: InvoiceInput = {
      customerId: at.customerId,
      regionId: at.regionId,
      invoiceDate: `${addMonths(monthOf(at.today), -m)}-18`,
      notes: 'Reagents for the rented analyser',
      lines: [{ itemId: reagent.itemId, inventoryId: Number(lot!.id), quantity }],
    };
    await saveDocument<InvoiceInput, InvoiceDetail>(tx, actor, invoiceBinding, input, { post: true });
  }
}

/**
 * Reagents on consignment at the per-test site (issue 21, section 2): 20 packs shipped and the 12
 * the lab reported used, both today (the lots' stock is all in by then: no running balance of a
 * lot dips below zero on any date), of a reagent whose lots in the region keep for two months more.
 */
async function consignReagents(tx: Tx, actor: Parameters<typeof createConsignment>[1], agreementId: number, regionId: number, today: string): Promise<void> {
  const [reagent] = await queryRows<{ itemId: number }>(
    tx,
    sql`SELECT i.item_id AS "itemId" FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'warehouse' JOIN items it ON it.id = i.item_id
        WHERE i.region_id = ${regionId}::int AND it.lot_tracked AND NOT it.serial_tracked AND i.quantity > 0
        GROUP BY i.item_id HAVING sum(i.quantity) >= 40 AND bool_and(i.date_expiry IS NULL OR i.date_expiry > ${today}::date + 60)
        ORDER BY i.item_id LIMIT 1`,
  );
  if (!reagent) return;
  const lines = (quantity: number) => [{ itemId: Number(reagent.itemId), quantity }];
  await createConsignment(tx, actor, { rentalAgreementId: agreementId, consignmentKind: 'shipment', consignmentDate: today, lines: lines(20), notes: 'Opening consignment' });
  await createConsignment(tx, actor, { rentalAgreementId: agreementId, consignmentKind: 'usage', consignmentDate: today, lines: lines(12), notes: 'Packs opened, reported by the lab' });
}
