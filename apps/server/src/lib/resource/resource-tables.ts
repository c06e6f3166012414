import type { PgTable } from 'drizzle-orm/pg-core';
import { accountHeads, accounts, assetCategories, categories, cities, couriers, customers, employees, items, priceList, regions, subCategories, users, vendors } from '../../db/schema/index.ts';

/** The table behind each declared resource, so references can be joined and checked. Later modules add theirs. */
export const resourceTables: Readonly<Record<string, PgTable>> = {
  regions,
  cities,
  categories,
  'sub-categories': subCategories,
  'asset-categories': assetCategories,
  couriers,
  users,
  'account-heads': accountHeads,
  accounts,
  items,
  vendors,
  'price-list': priceList,
  customers,
  employees,
};

export function tableOfResource(name: string): PgTable {
  const table = resourceTables[name];
  if (!table) throw new Error(`No table is bound to resource ${name}`);
  return table;
}
