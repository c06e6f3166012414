import { addMonths, monthOf } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { stockAdjustmentServices } from '../modules/inventory/inventory.api.ts';
import { createConsignment, createServiceVisit, placementServices, rentalAgreementServices, rentalReturnServices, runMonthEndNow } from '../modules/rentals/rentals.api.ts';
import { actorOf } from './demo-actors.ts';

const models = [
  { itemName: 'Sysmex XN-1000 haematology analyser', article: 'RENT-XN1000', cost: '3000000.00' },
  { itemName: 'Mindray BS-480 chemistry analyser', article: 'RENT-BS480', cost: '2400000.00' },
  { itemName: 'Roche Cobas e411 immunoassay analyser', article: 'RENT-E411', cost: '4200000.00' },
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
  { state: 'active', billingModel: 'minimumPurchase', monthlyCommitment: '0', note: 'Under commitment: shortfall invoiced monthly' },
  { state: 'active', billingModel: 'minimumPurchase', monthlyCommitment: '20000.00', settlementPeriod: 'quarter', note: 'Meets its commitment, settled quarterly' },
  { state: 'active', billingModel: 'perTest', monthlyCommitment: '0', note: 'Per test, billed from the meter readings' },
  { state: 'suspended', billingModel: 'minimumPurchase', monthlyCommitment: '15000.00', note: 'Suspended while the ward is renovated' },
  { state: 'ended', billingModel: 'minimumPurchase', monthlyCommitment: '10000.00', note: 'Returned after the lab closed' },
  { state: 'approved', billingModel: 'minimumPurchase', monthlyCommitment: '120000.00', note: 'Approved, awaiting installation' },
  { state: 'draft', billingModel: 'minimumPurchase', monthlyCommitment: '90000.00', note: 'Draft under negotiation' },
  { state: 'cancelled', billingModel: 'minimumPurchase', monthlyCommitment: '80000.00', note: 'Cancelled: the tender went elsewhere' },
];

/**
 * Reagent rentals for the demo: 3 analyser models, 9 serial-numbered units received at opening,
 * 8 agreements in every state placed 6 months ago at the region's customers, their service
 * visits and meter readings, and the month-end run for each month that has ended since.
 */
export async function seedRentals(tx: Tx, dates: { today: string; openingDate: string }): Promise<void> {
  const actor = await actorOf(tx, 'admin');
  const [region] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM regions ORDER BY id LIMIT 1`);
  const [category] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM categories ORDER BY id LIMIT 1`);
  // The customers with the most credit left, with what they bought a month lately: shortfalls must stay within their limits.
  const customers = await queryRows<{ id: number; monthly: string }>(
    tx,
    sql`SELECT c.id, round(coalesce((SELECT sum(s.value) FROM sales_summary s WHERE s.customer_id = c.id AND s.month >= ${`${addMonths(monthOf(dates.today), -6)}-01`}::date), 0) / 6, -3)::text AS monthly
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
  await stockAdjustmentServices.createPosted(tx, actor, {
    adjustmentDate: dates.openingDate,
    reason: 'openingStock',
    narration: 'Analysers for reagent rental',
    lines: itemIds.flatMap((itemId, m) =>
      [1, 2, 3].map((n) => ({ itemId, regionId: region!.id, lotNumber: `${models[m]!.article.slice(5)}-SN${String(1000 + n)}`, dateExpiry: null, quantity: 1, unitCost: models[m]!.cost })),
    ),
  } as never);
  const units = await queryRows<{ id: number; inventoryId: number }>(tx, sql`SELECT id, inventory_id AS "inventoryId" FROM rental_assets ORDER BY id`);
  const start = `${addMonths(monthOf(dates.today), -6)}-01`;
  const placed = `${addMonths(monthOf(dates.today), -6)}-16`;
  for (const [index, plan] of plans.entries()) {
    const unit = units[index]!;
    const customer = customers[index % customers.length]!;
    const customerId = Number(customer.id);
    // Under commitment: a fifth more than the customer buys; the others below what it buys.
    const bought = Number(customer.monthly);
    const commitment = plan.billingModel === 'perTest' ? '0.00' : index === 0 ? `${Math.max(50_000, Math.round((bought * 1.2) / 1000) * 1000)}.00` : plan.monthlyCommitment;
    const agreement = await rentalAgreementServices.create(tx, actor, {
      customerId,
      regionId: region!.id,
      rentalAssetId: Number(unit.id),
      accessoryInventoryIds: [],
      startDate: start,
      termMonths: index === 1 ? 7 : 36,
      billingModel: plan.billingModel,
      monthlyCommitment: commitment,
      eligibleItemIds: [],
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
