import { boolean, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { items } from './inventory.ts';
import { entityColumns } from './setup.ts';

/** Mirrors db/migrations/0056_item_gtins.sql (the SQL is the source of truth): an item's GTINs, one item per GTIN. */
export const itemGtins = pgTable(
  'item_gtins',
  {
    ...entityColumns(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    gtin: text('gtin').notNull(),
    packLevel: text('pack_level').notNull().default('each'),
    unitsPerPack: integer('units_per_pack').notNull().default(1),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('item_gtins_gtin_key').on(t.gtin), index('item_gtins_item_id_idx').on(t.itemId)],
);
