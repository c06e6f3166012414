import { addDays, type JointVentureInput, type JvSettlementInput, monthEnd } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { documentServices } from '../lib/document/document-services.ts';
import { journalServices } from '../modules/accounting/accounting.api.ts';
import { contributeCapital } from '../modules/ventures/venture-capital.service.ts';
import { jointVentureBinding } from '../modules/ventures/joint-ventures.binding.ts';
import { jvSettlementBinding } from '../modules/ventures/jv-settlements.binding.ts';
import { monthAfter } from './seed-sales-history.ts';
import { actorOf } from './demo-actors.ts';

const ventures = documentServices(jointVentureBinding);
const settlements = documentServices(jvSettlementBinding);

const idOf = async (tx: Tx, query: ReturnType<typeof sql>) => Number((await queryRows<{ id: number }>(tx, query))[0]!.id);

/**
 * Issue 21's demo ventures, active from the first month of the sales history so its invoices
 * (and their returns) are stamped as they post: the Services Hospital reagents business shared
 * with Diagnova (40 %, 35 % from the seventh month, net profit, 2 % fee), and the Karachi
 * consumables shared with Hemacell (30 %, gross margin, losses carried forward).
 */
export async function seedVentures(tx: Tx, dates: { salesFrom: string }): Promise<void> {
  const admin = await actorOf(tx, 'admin');
  const diagnova = await idOf(tx, sql`SELECT id FROM vendors WHERE vendor_name = 'Diagnova Reagents GmbH'`);
  const hemacell = await idOf(tx, sql`SELECT id FROM vendors WHERE vendor_name = 'Hemacell Diagnostics Ltd'`);
  const services = await idOf(tx, sql`SELECT id FROM customers WHERE customer_name = 'Services Hospital Lahore'`);
  const reagents = await idOf(tx, sql`SELECT id FROM categories WHERE category_name = 'Reagents'`);
  const consumables = await idOf(tx, sql`SELECT id FROM categories WHERE category_name = 'Consumables'`);
  const karachi = await idOf(tx, sql`SELECT id FROM regions WHERE region_name = 'Karachi'`);
  const base = { itemIds: [], customerIds: [], regionIds: [], categoryIds: [], rentalAgreementIds: [], endDate: null, notes: '', startDate: dates.salesFrom };
  const drafts: JointVentureInput[] = [
    {
      ...base,
      ventureName: 'Services Hospital reagents',
      partnerType: 'vendor',
      partnerId: diagnova,
      customerIds: [services],
      categoryIds: [reagents],
      basis: 'netProfit',
      feePercent: '2',
      lossRule: 'share',
      shares: [
        { effectiveFrom: dates.salesFrom, partnerPercent: '40' },
        { effectiveFrom: monthAfter(dates.salesFrom, 6), partnerPercent: '35' },
      ],
    },
    {
      ...base,
      ventureName: 'Karachi consumables',
      partnerType: 'vendor',
      partnerId: hemacell,
      regionIds: [karachi],
      categoryIds: [consumables],
      basis: 'grossMargin',
      feePercent: '0',
      lossRule: 'carryForward',
      shares: [{ effectiveFrom: dates.salesFrom, partnerPercent: '30' }],
    },
  ];
  for (const input of drafts) {
    const venture = await ventures.create(tx, admin, input);
    await ventures.run(tx, admin, venture.id, 'activate');
  }
}

/** After the history: each partner's capital contribution, a stamped expense, and the first venture's first six months settled. */
export async function settleVentures(tx: Tx, dates: { salesFrom: string; today: string }): Promise<void> {
  const admin = await actorOf(tx, 'admin');
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM joint_ventures ORDER BY id`);
  const bank = await idOf(tx, sql`SELECT id FROM accounts WHERE account_code = '1010'`);
  const rent = await idOf(tx, sql`SELECT id FROM accounts WHERE account_code = '6200'`);
  for (const { id } of rows) {
    await contributeCapital(tx, admin, Number(id), { date: addDays(dates.salesFrom, 3), amount: '1500000.00', accountId: bank, memo: '' });
    // The venture's own costs: a stamped expense each quarter.
    for (const month of [1, 4, 7, 10]) {
      const date = addDays(monthAfter(dates.salesFrom, month), 9);
      if (date >= dates.today) continue;
      const lines = [
        { accountId: rent, debit: '45000.00', credit: '0', memo: 'Venture site costs', jointVentureId: Number(id) },
        { accountId: bank, debit: '0', credit: '45000.00', memo: 'Venture site costs' },
      ];
      await journalServices.createPosted(tx, admin, { journalDate: date, narration: 'Venture site costs for the quarter', lines });
    }
  }
  const first = Number(rows[0]!.id);
  const settlement: JvSettlementInput = { jointVentureId: first, from: dates.salesFrom, to: monthEnd(monthAfter(dates.salesFrom, 5)) };
  if (settlement.to < dates.today) {
    const draft = await settlements.create(tx, admin, settlement);
    await settlements.run(tx, admin, draft.id, 'post');
  }
}
