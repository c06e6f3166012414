import { createHash } from 'node:crypto';
import { addDays, fiscalYearOf, type Role, roles } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Tx } from '../db/client.ts';
import { accountHeads, accounts, categories, cities, companyLogos, couriers, regions, subCategories, users } from '../db/schema/index.ts';
import { todayIso } from '../ledger/general-ledger.ts';
import { seedAssetCategories, seedAssets } from './seed-assets.ts';
import { seedRentals } from './seed-rentals.ts';
import { seedEmployees, seedPayStructure } from './seed-hr.ts';
import { seedPayroll } from './seed-payroll.ts';
import { seedPayments, seedRecentCheques } from './seed-money.ts';
import { seedPrices, seedPurchasing } from './seed-purchasing.ts';
import { seedOrdering } from './seed-ordering.ts';
import { seedColdChain } from './seed-cold-chain.ts';
import { seedGs1 } from './seed-gs1.ts';
import { seedRecalls } from './seed-recalls.ts';
import { seedLicences } from './seed-licences.ts';
import { seedCurrencies } from './seed-currencies.ts';
import { seedLandedCosts } from './seed-landed-costs.ts';
import { seedBanking } from './seed-banking.ts';
import { seedForeignPurchases } from './seed-foreign-purchases.ts';
import { seedRecentSales } from './seed-recent-sales.ts';
import { seedSales } from './seed-sales.ts';
import { monthAfter, seedSalesHistory } from './seed-sales-history.ts';
import type { Actor } from '../lib/actor.ts';
import { cancelJournal, createPostedJournal } from '../modules/accounting/journals.binding.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import { rectangleLogoPng, squareLogoPng } from './png.ts';
import { seedItemsAndStock } from './seed-stock.ts';
import { seedPlans } from './seed-plans.ts';
import { seedVentures, settleVentures } from './seed-ventures.ts';
import { closePreviousYear } from './seed-year-end.ts';
import { areas } from '../areas.ts';
import { writeSettingValues } from '../modules/setup/setup.api.ts';
import { rebuildSearchIndex, searchablesOf } from '../lib/search/search-rows.ts';
import { foldServerAreas } from '../modules/module.ts';
import { bindPaymentTargets } from '../lib/payment-targets.ts';
import { bindResources } from '../lib/resource/resource-tables.ts';

export const demoPassword = 'Demo@12345';

const demoNames: Record<Role, string> = {
  admin: 'Ayesha Khan',
  accountant: 'Bilal Ahmed',
  operationManager: 'Sana Malik',
  inventorySupervisor: 'Usman Tariq',
  salesManager: 'Hira Siddiqui',
  salesExecutive: 'Fahad Iqbal',
  serviceManager: 'Zainab Raza',
  seniorServiceEngineer: 'Imran Qureshi',
  asm: 'Mariam Javed',
  serviceEngineer: 'Hamza Sheikh',
  auditor: 'Nadia Hussain',
};

const demoRegions = [
  { regionName: 'Lahore', regionCode: 'LHR', cities: ['Lahore', 'Gujranwala', 'Sialkot', 'Sheikhupura'] },
  { regionName: 'Karachi', regionCode: 'KHI', cities: ['Karachi', 'Hyderabad', 'Sukkur'] },
  { regionName: 'Islamabad', regionCode: 'ISB', cities: ['Islamabad', 'Rawalpindi', 'Peshawar'] },
  { regionName: 'Multan', regionCode: 'MUX', cities: ['Multan', 'Bahawalpur', 'Dera Ghazi Khan'] },
];

const demoCategories = [
  { categoryName: 'Reagents', description: 'Clinical chemistry, haematology, immunoassay and molecular reagents', subs: ['Clinical Chemistry', 'Haematology', 'Immunoassay', 'Microbiology Media', 'Molecular Diagnostics'] },
  { categoryName: 'Consumables', description: 'Single-use laboratory and collection supplies', subs: ['Blood Collection Tubes', 'Pipette Tips', 'Gloves', 'Swabs'] },
  { categoryName: 'Equipment', description: 'Analysers and laboratory instruments', subs: ['Analysers', 'Centrifuges', 'Microscopes'] },
  { categoryName: 'Glassware', description: 'Laboratory glassware', subs: ['Beakers', 'Flasks', 'Test Tubes'] },
  { categoryName: 'Controls & Calibrators', description: 'Quality control material', subs: ['Controls', 'Calibrators'] },
];

const demoAssetCategories = [
  { assetCategoryName: 'Laboratory Analysers', usefulLifeMonths: 84 },
  { assetCategoryName: 'Vehicles', usefulLifeMonths: 60 },
  { assetCategoryName: 'Computers', usefulLifeMonths: 36 },
  { assetCategoryName: 'Furniture & Fixtures', usefulLifeMonths: 120 },
  { assetCategoryName: 'Cold Chain Equipment', usefulLifeMonths: 96 },
];

const demoCouriers = [
  { courierName: 'TCS', phone: '+92 21 111 123 456', trackingUrlPattern: 'https://www.tcsexpress.com/track/{trackingNumber}' },
  { courierName: 'Leopards Courier', phone: '+92 21 111 300 786', trackingUrlPattern: 'https://www.leopardscourier.com/tracking/{trackingNumber}' },
  { courierName: 'M&P Express', phone: '+92 21 111 202 202', trackingUrlPattern: 'https://www.mulphilog.com/tracking/{trackingNumber}' },
  { courierName: 'Own Vehicle', phone: '', trackingUrlPattern: '' },
];

function logoRow(kind: 'rectangle' | 'square', bytes: Buffer) {
  return { kind, mime: 'image/png', bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Fills an empty installation with a realistic demo company and one user per role
 * (username = role id, password Demo@12345). Does nothing when any region exists.
 */
export async function seedDemo(db: Db, passwords: PasswordHasher): Promise<{ seeded: boolean }> {
  const passwordHash = await passwords.hash(demoPassword);
  // The seed runs before any app is built (main.ts): the documents it posts join their resources.
  const served = foldServerAreas(areas);
  bindResources(served.resourceBindings);
  // Its receipts and payments allocate to the areas' payment targets: bound for the seed, handed back after.
  const unbindTargets = bindPaymentTargets(served.areas);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4242003)`);
    const [anyRegion] = await tx.select({ id: regions.id }).from(regions).limit(1);
    if (anyRegion) return { seeded: false };

    const settings = {
      companyName: 'Medilab Supplies (Pvt) Ltd',
      address: '42-B Main Boulevard, Gulberg III, Lahore',
      phone: '+92 42 3571 0000',
      taxNumber: 'NTN 1234567-8',
      // Issue 29: the registrations its tax invoices print (a demo's numbers, not a real company's).
      ntn: '1234567',
      strn: '0300123456789',
      province: 'punjab',
      currency: 'PKR',
      // The standard rate of the Sales Tax Act since the Finance Act 2024 (a new item's first tax facts take it).
      taxRate: '18.00',
      invoiceFooter: 'Goods once sold are returnable only as per the return policy. Thank you for your business.',
      fiscalYearStartMonth: 7,
    };
    await writeSettingValues(tx, settings);
    await tx.delete(companyLogos);
    await tx.insert(companyLogos).values([logoRow('rectangle', rectangleLogoPng()), logoRow('square', squareLogoPng())]);

    for (const region of demoRegions) {
      const [row] = await tx.insert(regions).values({ regionName: region.regionName, regionCode: region.regionCode }).returning({ id: regions.id });
      await tx.insert(cities).values(region.cities.map((cityName) => ({ cityName, regionId: row!.id })));
    }
    for (const category of demoCategories) {
      const [row] = await tx
        .insert(categories)
        .values({ categoryName: category.categoryName, description: category.description })
        .returning({ id: categories.id });
      await tx.insert(subCategories).values(category.subs.map((subCategoryName) => ({ subCategoryName, categoryId: row!.id })));
    }
    await seedAssetCategories(tx, demoAssetCategories);
    await tx.insert(couriers).values(demoCouriers);

    for (const role of roles) {
      const values = { name: demoNames[role], username: role, role, active: true, passwordHash };
      // The bootstrap admin becomes the demo admin, so the demo password works for every role.
      const [same] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${role})`);
      if (same) await tx.update(users).set({ name: values.name, role, active: true, passwordHash }).where(eq(users.id, same.id));
      else await tx.insert(users).values(values);
    }
    await seedEmployees(tx);
    const dates = await seedJournals(tx);
    await seedItemsAndStock(tx, dates);
    await seedSales(tx, dates);
    await seedPrices(tx, dates);
    // The year of sales before purchasing's recent receipts and transfers: an invoice only ever
    // draws from lots that were in stock on its date, so the inventory ledger never dips below zero.
    await seedVentures(tx, dates);
    await seedSalesHistory(tx, dates);
    await seedPurchasing(tx, dates);
    await seedPayments(tx, dates);
    await seedPayStructure(tx, dates);
    await seedRecentSales(tx, dates);
    await seedRecentCheques(tx, dates);
    // Before the assets' depreciation runs, so those charge the placed analysers too.
    await seedRentals(tx, dates);
    await seedAssets(tx, dates);
    await seedPayroll(tx, dates);
    await seedPlans(tx, dates);
    await seedOrdering(tx);
    // Issue 31: two units' readings and their excursions, once stock exists.
    await seedColdChain(tx);
    // Issue 32: GTINs on the reagents.
    await seedGs1(tx);
    // Issue 31: a closed and an open recall of lots sold and in stock.
    await seedRecalls(tx, dates);
    await settleVentures(tx, dates);
    // Issue 33: three months of the bank's statements, the first two matched, their charges posted, reconciled and locked.
    await seedBanking(tx, dates);
    // Last of the postings: the previous fiscal year's periods close behind them.
    await closePreviousYear(tx, dates.today);
    // Issue 32: the DRAP licences, after every posting (the demo's invoices predate the lapsed licence's refusal).
    await seedLicences(tx, dates);
    // Issue 33: foreign currencies and a year of their rates, then the foreign suppliers' purchases, payments and month-end revaluations.
    await seedCurrencies(tx, dates);
    // Issue 33, section 3: three import shipments, one after part of its lots was sold.
    await seedLandedCosts(tx, dates);
    await seedForeignPurchases(tx, { ...dates, yearStart: fiscalYearOf(new Date(`${dates.today}T00:00:00Z`), settings.fiscalYearStartMonth).from });
    // The seed writes customers, vendors and items straight to their tables.
    await rebuildSearchIndex(tx, searchablesOf(served));
    return { seeded: true };
  }).finally(unbindTargets);
}

/**
 * A few posted journals so the ledgers and statements show something: the owners' capital,
 * a deposit of cash into the bank, salaries and rent paid, and a mistaken entry cancelled.
 * Dated in the last weeks, never before the start of this fiscal year. Answers the demo's
 * dates: the books open (opening stock, balances brought forward) the day before the first of
 * the twelve months of sales that end with this one.
 */
async function seedJournals(tx: Tx): Promise<{ today: string; openingDate: string; salesFrom: string; daysAgo: (days: number) => string }> {
  const [accountant] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'accountant'));
  // The demo's journals are the accountant's; without one, the first user's (the admin).
  const [first] = accountant ? [accountant] : await tx.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
  const actor: Actor = { userId: first!.id, role: accountant ? 'accountant' : 'admin', scopes: [], permissions: {} };
  const codes = new Map((await tx.select({ id: accounts.id, code: accounts.accountCode }).from(accounts)).map((a) => [a.code, a.id]));
  const id = (code: string) => {
    const found = codes.get(code);
    if (!found) throw new Error(`The default chart has no account ${code}`);
    return found;
  };
  const today = todayIso();
  const yearStart = fiscalYearOf(new Date(`${today}T00:00:00Z`), 7).from;
  const daysAgo = (days: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - days);
    const iso = date.toISOString().slice(0, 10);
    return iso < yearStart ? yearStart : iso;
  };
  const line = (code: string, debit: string, credit: string, memo = '') => ({ accountId: id(code), debit, credit, memo });
  const [rent] = await tx
    .insert(accounts)
    .values({ accountCode: '6200', accountName: 'Office rent', headId: (await headIdOf(tx, 'Expenses'))!, subHeadId: await headIdOf(tx, 'Operating expenses'), kind: 'expense' })
    .returning({ id: accounts.id });
  codes.set('6200', rent!.id);
  const post = (journalDate: string, narration: string, lines: ReturnType<typeof line>[]) => createPostedJournal(tx, actor, { journalDate, narration, lines });

  await post(daysAgo(28), 'Capital introduced by the directors', [
    line('1000', '500000.00', '0.00', 'Cash'),
    line('1010', '4500000.00', '0.00', 'Cheque deposited'),
    line('3000', '0.00', '5000000.00'),
  ]);
  await post(daysAgo(21), 'Cash deposited into the savings account', [line('1020', '250000.00', '0.00'), line('1000', '0.00', '250000.00')]);
  await post(daysAgo(14), 'Office rent for the month', [line('6200', '85000.00', '0.00'), line('1010', '0.00', '85000.00', 'Cheque 100231')]);
  await post(daysAgo(3), 'Salaries for the month', [
    line('6100', '420000.00', '0.00'),
    line('2100', '0.00', '21000.00', 'Withholding tax'),
    line('1010', '0.00', '399000.00'),
  ]);
  const mistaken = await post(daysAgo(2), 'Rent entered twice by mistake', [line('6200', '85000.00', '0.00'), line('1010', '0.00', '85000.00')]);
  await cancelJournal(tx, actor, mistaken.id);
  const salesFrom = monthAfter(today, -11);
  return { today, openingDate: addDays(salesFrom, -1), salesFrom, daysAgo };
}

async function headIdOf(tx: Tx, headName: string): Promise<number | null> {
  const [row] = await tx.select({ id: accountHeads.id }).from(accountHeads).where(eq(accountHeads.headName, headName));
  return row?.id ?? null;
}
