import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from './setup.ts';

/** bytea as a Node Buffer on both drivers (PGlite answers Uint8Array, pg answers Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

export const users = pgTable(
  'users',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    active: boolean('active').notNull().default(true),
    permissions: jsonb('permissions').$type<Record<string, number[]>>().notNull().default({}),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** Raised by every password change or reset; a token carrying an older one is refused. */
    passwordVersion: integer('password_version').notNull().default(0),
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`)],
);

/**
 * The company settings' single row. Its other columns are the areas' settings, one per key of
 * their sections in snake case, each added by its area's migration and read and written by key
 * through setup (modules/setup/setting-values.ts): listing them here would make every new
 * setting edit this shared file.
 */
export const companySettings = pgTable('company_settings', {
  ...entityColumns(),
});

export const companyLogos = pgTable('company_logos', {
  kind: text('kind').primaryKey(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  actorUserId: integer('actor_user_id'),
  realUserId: integer('real_user_id'),
  action: text('action').notNull(),
  resource: text('resource').notNull(),
  recordId: text('record_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip'),
});

export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
