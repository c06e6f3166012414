import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Columns every entity has. The SQL in db/migrations is the source of truth; these mirror it. */
export const entityColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const regions = pgTable(
  'regions',
  {
    ...entityColumns(),
    regionName: text('region_name').notNull(),
    regionCode: text('region_code').notNull(),
  },
  (t) => [unique('regions_region_name_key').on(t.regionName), unique('regions_region_code_key').on(t.regionCode)],
);

export const cities = pgTable(
  'cities',
  {
    ...entityColumns(),
    cityName: text('city_name').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
  },
  (t) => [unique('cities_city_name_region_id_key').on(t.cityName, t.regionId)],
);

export const categories = pgTable(
  'categories',
  {
    ...entityColumns(),
    categoryName: text('category_name').notNull(),
    description: text('description'),
  },
  (t) => [unique('categories_category_name_key').on(t.categoryName)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    ...entityColumns(),
    subCategoryName: text('sub_category_name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [unique('sub_categories_sub_category_name_category_id_key').on(t.subCategoryName, t.categoryId)],
);

export const assetCategories = pgTable(
  'asset_categories',
  {
    ...entityColumns(),
    assetCategoryName: text('asset_category_name').notNull(),
    usefulLifeMonths: integer('useful_life_months').notNull().default(60),
    depreciationMethod: text('depreciation_method').notNull().default('straightLine'),
    // 0017_assets.sql; references to accounts kept in SQL (setup's schema imports no accounting table).
    assetAccountId: integer('asset_account_id'),
    accumulatedDepreciationAccountId: integer('accumulated_depreciation_account_id'),
    depreciationExpenseAccountId: integer('depreciation_expense_account_id'),
  },
  (t) => [unique('asset_categories_asset_category_name_key').on(t.assetCategoryName)],
);

export const couriers = pgTable(
  'couriers',
  {
    ...entityColumns(),
    courierName: text('courier_name').notNull(),
    phone: text('phone'),
    trackingUrlPattern: text('tracking_url_pattern'),
  },
  (t) => [unique('couriers_courier_name_key').on(t.courierName)],
);
