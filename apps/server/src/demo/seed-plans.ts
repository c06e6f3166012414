import { grownQuantities, type SalesPlanInput, yearQuantity } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { salesPlanServices } from '../modules/planning/planning.api.ts';
import { actorOf } from './demo-actors.ts';

type Lines = SalesPlanInput['lines'];

/**
 * Per item, the calendar months' net quantities sold over the twelve months up to today (the
 * monthly summary), `where` narrowing the summary: a plan for this year shaped like last year.
 */
async function lastTwelveMonths(tx: Tx, today: string, where: ReturnType<typeof sql>): Promise<Lines> {
  const rows = await queryRows<{ itemId: number; month: number; quantity: string }>(
    tx,
    sql`SELECT s.item_id AS "itemId", extract(month FROM s.month)::int AS month, sum(s.quantity)::text AS quantity
        FROM sales_summary s JOIN items it ON it.id = s.item_id AND it.is_approved
        WHERE s.month > (date_trunc('month', ${today}::date) - interval '12 months') AND ${where}
        GROUP BY s.item_id, extract(month FROM s.month) ORDER BY s.item_id`,
  );
  const byItem = new Map<number, number[]>();
  for (const row of rows) {
    const months = byItem.get(Number(row.itemId)) ?? Array.from({ length: 12 }, () => 0);
    months[Number(row.month) - 1] = Math.max(0, Number(row.quantity));
    byItem.set(Number(row.itemId), months);
  }
  return [...byItem.entries()].filter(([, months]) => yearQuantity(months) > 0).map(([itemId, months]) => ({ itemId, months }));
}

/**
 * Issue 19's demo plans for this year: an approved region plan per region (last twelve months'
 * sales + 10 %), approved plans for the three customers that bought most, a revision (the first
 * region's plan raised by 5 % and approved: version 1 superseded), and next year's draft for the
 * first region on a few items, so item pickers show all three colours.
 */
export async function seedPlans(tx: Tx, dates: { today: string }): Promise<void> {
  const accountant = await actorOf(tx, 'accountant');
  const year = Number(dates.today.slice(0, 4));
  const approved = async (input: SalesPlanInput) => {
    const draft = await salesPlanServices.create(tx, accountant, input);
    await salesPlanServices.run(tx, accountant, draft.id, 'submit');
    return salesPlanServices.run(tx, accountant, draft.id, 'approve');
  };
  const regions = await queryRows<{ id: number; name: string }>(tx, sql`SELECT id, region_name AS name FROM regions ORDER BY id`);
  const regionPlans: number[] = [];
  for (const region of regions) {
    const lines = await lastTwelveMonths(tx, dates.today, sql`s.region_id = ${region.id}::int`);
    if (lines.length === 0) continue;
    const plan = await approved({ year, regionId: Number(region.id), notes: `${region.name} region plan ${year}: last year's sales + 10 %`, lines: lines.map((l) => ({ ...l, months: grownQuantities(l.months, 10) })) });
    regionPlans.push(plan.id);
  }
  const top = await queryRows<{ id: number; regionId: number; name: string }>(
    tx,
    sql`SELECT c.id, c.region_id AS "regionId", c.customer_name AS name FROM customers c
        JOIN sales_summary_by_customer s ON s.customer_id = c.id AND s.region_id = c.region_id
        WHERE s.month > (date_trunc('month', ${dates.today}::date) - interval '12 months')
        GROUP BY c.id ORDER BY sum(s.value) DESC, c.id LIMIT 3`,
  );
  for (const customer of top) {
    const lines = await lastTwelveMonths(tx, dates.today, sql`s.customer_id = ${customer.id}::int AND s.region_id = ${customer.regionId}::int`);
    if (lines.length === 0) continue;
    await approved({ year, regionId: Number(customer.regionId), customerId: Number(customer.id), notes: `${customer.name}: agreed volumes ${year}`, lines: lines.map((l) => ({ ...l, months: grownQuantities(l.months, 5) })) });
  }
  const first = regionPlans[0];
  if (first === undefined) return;
  const revision = await salesPlanServices.run(tx, accountant, first, 'revise');
  await salesPlanServices.update(tx, accountant, revision.id, {
    year,
    regionId: revision.regionId,
    notes: `${revision.notes} (revised: +5 % after the second quarter)`,
    lines: revision.lines.map((line) => ({ itemId: line.itemId, months: line.months.map((quantity, month) => (month >= 6 ? Math.round(quantity * 1.05) : quantity)) })),
  });
  await salesPlanServices.run(tx, accountant, revision.id, 'submit');
  await salesPlanServices.run(tx, accountant, revision.id, 'approve');
  await salesPlanServices.create(tx, accountant, {
    year: year + 1,
    regionId: revision.regionId,
    notes: `Draft for ${year + 1}`,
    lines: revision.lines.slice(0, 8).map((line) => ({ itemId: line.itemId, months: grownQuantities(line.months, 8) })),
  });
}
