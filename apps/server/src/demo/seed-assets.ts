import { addMonths, monthOf } from '@erp/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { accounts, assetCategories, regions, users } from '../db/schema/index.ts';
import { createCapitalisedAsset, disposeAsset, runDepreciationNow } from '../modules/assets/assets.api.ts';
import { actorOf } from './demo-actors.ts';

/** Each demo category's asset account (default chart) and method; accumulated depreciation 1590, expense 6000. */
const categoryAccounts: Record<string, { assetCode: string; method?: 'decliningBalance' }> = {
  'Laboratory Analysers': { assetCode: '1500' },
  Vehicles: { assetCode: '1510', method: 'decliningBalance' },
  Computers: { assetCode: '1520' },
  'Furniture & Fixtures': { assetCode: '1500' },
  'Cold Chain Equipment': { assetCode: '1500' },
};

async function accountIdOf(tx: Tx, code: string): Promise<number> {
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, code));
  if (!row) throw new Error(`The default chart has no account ${code}`);
  return row.id;
}

/** The demo's asset categories with their three accounts (issue 9, section 5). */
export async function seedAssetCategories(tx: Tx, categories: ReadonlyArray<{ assetCategoryName: string; usefulLifeMonths: number }>): Promise<void> {
  const accumulated = await accountIdOf(tx, '1590');
  const expense = await accountIdOf(tx, '6000');
  const values = [];
  for (const category of categories) {
    const links = categoryAccounts[category.assetCategoryName] ?? { assetCode: '1500' };
    values.push({
      ...category,
      depreciationMethod: links.method ?? 'straightLine',
      assetAccountId: await accountIdOf(tx, links.assetCode),
      accumulatedDepreciationAccountId: accumulated,
      depreciationExpenseAccountId: expense,
    });
  }
  await tx.insert(assetCategories).values(values);
}

interface DemoAsset {
  assetName: string;
  category: string;
  region: string;
  /** Months after the books opened. */
  boughtAfter: number;
  cost: string;
  salvageValue?: string;
  custodian?: string;
  /** Sold this many months after the books opened, for this much, into cash. */
  sold?: { after: number; proceeds: string };
}

const demoAssets: readonly DemoAsset[] = [
  { assetName: 'Sysmex XN-550 haematology analyser', category: 'Laboratory Analysers', region: 'LHR', boughtAfter: 0, cost: '4850000.00', salvageValue: '350000.00', custodian: 'serviceEngineer' },
  { assetName: 'Mindray BS-240 chemistry analyser', category: 'Laboratory Analysers', region: 'KHI', boughtAfter: 0, cost: '3200000.00', salvageValue: '200000.00' },
  { assetName: 'Roche Cobas c111 demo analyser', category: 'Laboratory Analysers', region: 'ISB', boughtAfter: 4, cost: '2750000.00' },
  { assetName: 'Suzuki Bolan delivery van', category: 'Vehicles', region: 'LHR', boughtAfter: 0, cost: '2100000.00', salvageValue: '300000.00' },
  { assetName: 'Toyota Hilux double cabin', category: 'Vehicles', region: 'KHI', boughtAfter: 2, cost: '7500000.00', salvageValue: '1500000.00' },
  { assetName: 'Dell Latitude laptops (5)', category: 'Computers', region: 'LHR', boughtAfter: 0, cost: '1250000.00', custodian: 'accountant' },
  { assetName: 'HP ProLiant server', category: 'Computers', region: 'ISB', boughtAfter: 1, cost: '900000.00', salvageValue: '50000.00' },
  { assetName: 'Lenovo ThinkPad (sales team)', category: 'Computers', region: 'MUX', boughtAfter: 0, cost: '180000.00', custodian: 'salesExecutive', sold: { after: 7, proceeds: '150000.00' } },
];

/**
 * Fixed assets in three categories bought over the demo year (paid from the current
 * account) and a depreciation run for every month that has ended, done inline through the
 * runs' own service (not the background worker); one laptop sold at a gain on the way.
 */
export async function seedAssets(tx: Tx, dates: { today: string; salesFrom: string }): Promise<void> {
  const actor = await actorOf(tx, 'accountant');
  const bank = await accountIdOf(tx, '1010');
  const cash = await accountIdOf(tx, '1000');
  const categoryIds = new Map((await tx.select({ id: assetCategories.id, name: assetCategories.assetCategoryName }).from(assetCategories)).map((c) => [c.name, c.id]));
  const regionIds = new Map((await tx.select({ id: regions.id, code: regions.regionCode }).from(regions)).map((r) => [r.code, r.id]));
  const userIds = new Map((await tx.select({ id: users.id, username: users.username }).from(users)).map((u) => [u.username, u.id]));
  const first = monthOf(dates.salesFrom);
  const lastEnded = addMonths(monthOf(dates.today), -1);
  const bought = new Map<number, number[]>();
  for (const asset of demoAssets) {
    const month = addMonths(first, asset.boughtAfter);
    const created = await createCapitalisedAsset(tx, actor, {
      assetName: asset.assetName,
      assetCategoryId: categoryIds.get(asset.category)!,
      regionId: regionIds.get(asset.region)!,
      purchaseDate: `${month}-0${1 + (asset.assetName.length % 9)}`,
      cost: asset.cost,
      salvageValue: asset.salvageValue ?? '0',
      custodianUserId: asset.custodian ? (userIds.get(asset.custodian) ?? null) : null,
      paymentAccountId: bank,
      notes: '',
    });
    if (asset.sold) bought.set(asset.sold.after, [...(bought.get(asset.sold.after) ?? []), created.id]);
  }
  for (let index = 0, month = first; month <= lastEnded; index++, month = addMonths(month, 1)) {
    await runDepreciationNow(tx, actor, month);
    for (const id of bought.get(index + 1) ?? []) {
      const sale = demoAssets.find((a) => a.sold?.after === index + 1)!.sold!;
      await disposeAsset(tx, actor, id, { disposalDate: `${addMonths(month, 1)}-05`, kind: 'sale', proceeds: sale.proceeds, accountId: cash });
    }
  }
}
