import { addDecimals, multiplyDecimals, type Province, registrationOfTaxNumber } from '@erp/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { accounts, cities, customers, items, priceList, regions, users } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { createPostedJournal } from '../modules/accounting/journals.binding.ts';
import { createCustomerAccount } from '../modules/sales/sales.api.ts';
import { demoCustomers } from './demo-customers.ts';

type Dates = { openingDate: string; daysAgo: (days: number) => string };

/** The province of each demo city: a buyer's registration names it (issue 29). */
const provinceOfCity: Record<string, Province> = {
  Karachi: 'sindh',
  Hyderabad: 'sindh',
  Sukkur: 'sindh',
  Islamabad: 'capitalTerritory',
  Peshawar: 'khyberPakhtunkhwa',
};

/** What the cash box and the current account held on the opening day: enough for the first weeks' rent, advances and wages, before collections come in. */
const openingCash: Record<string, string> = { '1000': '400000.00', '1010': '15000000.00' };

async function userIdOf(tx: Tx, username: string): Promise<number | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id ?? null;
}

/** A demo buyer's registration (issue 29): registered by its printed NTN, else unregistered; its province by its city. */
function taxFactsOf(taxNumber: string, city: string) {
  const { ntn, cnic } = registrationOfTaxNumber(taxNumber);
  return { ntn, cnic, registrationType: ntn || cnic ? ('registered' as const) : ('unregistered' as const), province: provinceOfCity[city] ?? 'punjab' };
}

/**
 * Sales after purchasing (issue 8): the demo's customers, each with its receivable account in
 * its region; the balances some owed on the opening day and the cash and bank balances, brought
 * forward by one posted journal (Dr each customer, cash and bank, Cr Retained earnings), so the
 * customer screen shows balances and credit left and the bank never runs dry; and customer prices for a few items (8% under the item's sale price, all regions).
 */
export async function seedSales(tx: Tx, dates: Dates): Promise<void> {
  const regionRows = await tx.select({ id: regions.id, regionName: regions.regionName }).from(regions);
  const cityRows = await tx.select({ id: cities.id, cityName: cities.cityName }).from(cities);
  const accountOf = new Map<string, number>();
  const customerIds: number[] = [];
  for (const { region, city, salesperson, openingBalance: _opening, paysDaysLate: _late, ...customer } of demoCustomers) {
    const regionId = regionRows.find((r) => r.regionName === region)!.id;
    const accountId = await createCustomerAccount(tx, { customerName: customer.customerName, regionId });
    const cityId = cityRows.find((c) => c.cityName === city)?.id ?? null;
    const [row] = await tx
      .insert(customers)
      .values({ ...customer, ...taxFactsOf(customer.taxNumber, city), regionId, cityId, salespersonId: await userIdOf(tx, salesperson), accountId })
      .returning({ id: customers.id });
    accountOf.set(customer.customerName, accountId);
    customerIds.push(row!.id);
  }

  const owing = demoCustomers.filter((c) => c.openingBalance);
  const accountant = await userIdOf(tx, 'accountant');
  const actor: Actor = { userId: accountant ?? (await firstUser(tx)), role: accountant ? 'accountant' : 'admin', scopes: [], permissions: {} };
  const [retainedEarnings] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, '3100'));
  const money = await tx.select({ id: accounts.id, code: accounts.accountCode }).from(accounts).where(inArray(accounts.accountCode, Object.keys(openingCash)));
  if (owing.length > 0 && retainedEarnings) {
    const lines = [
      ...money.map((a) => ({ accountId: a.id, debit: openingCash[a.code]!, credit: '0.00', memo: 'Balance brought forward' })),
      ...owing.map((c) => ({ accountId: accountOf.get(c.customerName)!, debit: c.openingBalance!, credit: '0.00', memo: c.customerName })),
    ];
    await createPostedJournal(tx, actor, {
      journalDate: dates.openingDate,
      narration: 'Cash, bank and customer balances brought forward from the previous books',
      lines: [...lines, { accountId: retainedEarnings.id, debit: '0.00', credit: addDecimals(lines.map((l) => l.debit)), memo: '' }],
    });
  }

  const priced = await tx.select({ id: items.id, sale: items.salePrice }).from(items).where(eq(items.isApproved, true)).orderBy(asc(items.id)).limit(14);
  const rows = customerIds.slice(0, 3).flatMap((customerId) =>
    priced.slice(10, 14).map((item) => ({ itemId: item.id, customerId, price: multiplyDecimals(item.sale, '0.92'), effectiveFrom: dates.daysAgo(3650) })),
  );
  if (rows.length > 0) await tx.insert(priceList).values(rows);
}

async function firstUser(tx: Tx): Promise<number> {
  const [row] = await tx.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  return row!.id;
}
