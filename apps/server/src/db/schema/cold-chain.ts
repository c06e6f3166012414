import { bigint, boolean, date, integer, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { inventory } from './inventory.ts';
import { entityColumns, regions } from './setup.ts';
import { users } from './system.ts';

const celsius = (name: string) => numeric(name, { precision: 5, scale: 2 });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors db/migrations/0053_cold_chain.sql (the SQL is the source of truth). */
export const storageUnits = pgTable(
  'storage_units',
  {
    ...entityColumns(),
    unitName: text('unit_name').notNull(),
    unitKind: text('unit_kind').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    storageCondition: text('storage_condition').notNull().default('refrigerated'),
    minC: celsius('min_c').notNull(),
    maxC: celsius('max_c').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    loggerSerial: text('logger_serial'),
    responsibleUserId: integer('responsible_user_id').references(() => users.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    openExcursionId: integer('open_excursion_id'),
  },
  (t) => [unique('storage_units_unit_name_region_id_key').on(t.unitName, t.regionId), unique('storage_units_logger_serial_key').on(t.loggerSerial)],
);

/** Never changed or deleted (a trigger refuses both). */
export const temperatureReadings = pgTable(
  'temperature_readings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storageUnitId: integer('storage_unit_id')
      .notNull()
      .references(() => storageUnits.id, { onDelete: 'restrict' }),
    readAt: stamp('read_at').notNull(),
    temperatureC: celsius('temperature_c').notNull(),
    deviation: text('deviation'),
    source: text('source').notNull(),
    notes: text('notes').notNull().default(''),
    importJobId: integer('import_job_id'),
    createdBy: integer('created_by'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [unique('temperature_readings_unit_instant_key').on(t.storageUnitId, t.readAt)],
);

export const temperatureExcursions = pgTable('temperature_excursions', {
  ...entityColumns(),
  storageUnitId: integer('storage_unit_id').references(() => storageUnits.id, { onDelete: 'restrict' }),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id, { onDelete: 'restrict' }),
  source: text('source').notNull().default('storage'),
  goodsReceiptId: integer('goods_receipt_id'),
  startedAt: stamp('started_at').notNull(),
  endedAt: stamp('ended_at'),
  lastReadingAt: stamp('last_reading_at').notNull(),
  minC: celsius('min_c').notNull(),
  maxC: celsius('max_c').notNull(),
  direction: text('direction').notNull(),
  rangeMinC: celsius('range_min_c'),
  rangeMaxC: celsius('range_max_c'),
  status: text('status').notNull().default('inProgress'),
  disposition: text('disposition'),
  dispositionReason: text('disposition_reason'),
  dispositionBy: integer('disposition_by'),
  dispositionAt: stamp('disposition_at'),
  writeOffAdjustmentId: integer('write_off_adjustment_id'),
});

export const temperatureExcursionLots = pgTable(
  'temperature_excursion_lots',
  {
    excursionId: integer('excursion_id')
      .notNull()
      .references(() => temperatureExcursions.id, { onDelete: 'cascade' }),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    disposition: text('disposition'),
  },
  (t) => [primaryKey({ columns: [t.excursionId, t.inventoryId] })],
);

export const storageUnitPlacements = pgTable(
  'storage_unit_placements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id, { onDelete: 'restrict' }),
    storageUnitId: integer('storage_unit_id')
      .notNull()
      .references(() => storageUnits.id, { onDelete: 'restrict' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [unique('storage_unit_placements_row_date_key').on(t.inventoryId, t.fromDate)],
);
