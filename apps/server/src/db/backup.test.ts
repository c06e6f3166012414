import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/seed-demo.ts';
import { createPasswordHasher } from '../lib/passwords.ts';
import { createDemoTestApp } from '../test/demo-database.ts';
import { bearer, openMigratedTestDatabase, type TestApp, testPasswordHashing } from '../test/test-app.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { queryRows } from './client.ts';
import { migrate } from './migrate.ts';
import { accountDailyTotals, accounts, companyLogos, glEntries, journalLines, journals, regions, users } from './schema/index.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createDemoTestApp();
  dir = await mkdtemp(join(tmpdir(), 'erp-backup-'));
}, 600_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips every table into another database, identities included', async () => {
    // The demo is there (seeded once, test/demo-database.ts); seeding again leaves it as it is.
    expect((await seedDemo(t.database.db, createPasswordHasher(testPasswordHashing))).seeded).toBe(false);
    const file = join(dir, 'erp.backup.gz');
    const result = await backupDatabase(t.database.db, file);
    expect(result.rows).toBeGreaterThan(40);

    const target = await openMigratedTestDatabase();
    try {
      await migrate(target.db);
      const restored = await restoreDatabase(target.db, file);
      expect(restored.rows).toBe(result.rows);
      const read = async (db: typeof t.database.db) => ({
        regions: await db.select().from(regions).orderBy(asc(regions.id)),
        users: await db.select().from(users).orderBy(asc(users.id)),
        settings: await queryRows(db, sql`SELECT * FROM company_settings`),
        logos: await db.select().from(companyLogos).orderBy(asc(companyLogos.kind)),
        accounts: await db.select().from(accounts).orderBy(asc(accounts.id)),
        journals: await db.select().from(journals).orderBy(asc(journals.id)),
        journalLines: await db.select().from(journalLines).orderBy(asc(journalLines.id)),
        glEntries: await db.select().from(glEntries).orderBy(asc(glEntries.id)),
        // Not in the file: rebuilt by the trigger as the ledger rows come back.
        dailyTotals: await db.select().from(accountDailyTotals).orderBy(asc(accountDailyTotals.accountId), asc(accountDailyTotals.entryDate)),
      });
      const [original, copy] = [await read(t.database.db), await read(target.db)];
      expect(copy).toEqual(original);
      expect(copy.settings[0]!.tax_rate).toBe('18.00');
      // The demo's cancelled journal and its reversal point at each other.
      expect(copy.journals.some((j) => j.status === 'cancelled' && j.reversalJournalId !== null)).toBe(true);
      expect(copy.glEntries.length).toBeGreaterThan(8);
      expect(copy.dailyTotals.length).toBeGreaterThan(0);
      // The identity continues after the restored rows.
      const [next] = await target.db.insert(regions).values({ regionName: 'After Restore', regionCode: 'AFT' }).returning();
      expect(next!.id).toBe(Math.max(...original.regions.map((r) => r.id)) + 1);
      // Sequences no column owns (vendor and customer account codes) continue too: the next code is new.
      const { createVendorAccount } = await import('../modules/purchasing/purchasing.api.ts');
      const vendorAccount = await target.db.transaction((tx) => createVendorAccount(tx, 'Vendor after restore'));
      const codes = (await target.db.select({ id: accounts.id, code: accounts.accountCode }).from(accounts)).filter((a) => a.code.startsWith('2000-'));
      expect(codes.length).toBeGreaterThan(1);
      expect(codes.filter((a) => a.id === vendorAccount)).toHaveLength(1);
      // A second restore replaces, it does not add.
      await restoreDatabase(target.db, file);
      expect(await target.db.$count(regions)).toBe(original.regions.length);
    } finally {
      await target.close();
    }
  }, 180_000);

  it('lets demo users sign in with the demo password', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'salesExecutive', password: 'Demo@12345' } });
    expect(response.statusCode).toBe(200);
    const regionsList = await t.app.inject({ method: 'GET', url: '/api/regions', headers: bearer(t.adminToken) });
    expect(regionsList.json().total).toBe(4);
  });
});
