import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { migrationFiles } from '../db/migrate.ts';
import { migrationsHash } from './template-database.ts';
import { openMigratedTestDatabase } from './test-app.ts';

const first = await openMigratedTestDatabase();
const second = await openMigratedTestDatabase();
afterAll(async () => {
  await first.close();
  await second.close();
});

describe('test databases copied from the migrated template', () => {
  it('start with every migration applied', async () => {
    const applied = await queryRows<{ name: string }>(first.db, sql`SELECT name FROM schema_migrations ORDER BY name`);
    expect(applied.map((row) => row.name)).toEqual(await migrationFiles());
  });

  it('are separate databases: a write to one is not seen by another', async () => {
    await first.db.execute(sql`CREATE TABLE template_probe (id int)`);
    await first.db.execute(sql`INSERT INTO template_probe VALUES (1)`);
    const seen = await queryRows<{ found: string | null }>(second.db, sql`SELECT to_regclass('template_probe')::text AS found`);
    expect(seen[0]!.found).toBeNull();
    // Written to the files as well (the catalog's pages among them), which on PGlite start as views
    // of one dump that every database of the process shares (pglite-snapshot.ts).
    await first.db.execute(sql`CHECKPOINT`);
    const third = await openMigratedTestDatabase();
    try {
      const again = await queryRows<{ found: string | null }>(third.db, sql`SELECT to_regclass('template_probe')::text AS found`);
      expect(again[0]!.found).toBeNull();
    } finally {
      await third.close();
    }
  });

  it('name the template after the migration files, stable between calls', async () => {
    expect(await migrationsHash()).toMatch(/^[0-9a-f]{16}$/);
    expect(await migrationsHash()).toBe(await migrationsHash());
  });
});
