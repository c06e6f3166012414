import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { appSecrets, companySettings, users } from './db/schema/index.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import { ensureDefaultChart } from './modules/accounting/default-chart.ts';

export function randomPassword(): string {
  // 18 random bytes -> 24 URL-safe characters; easy to copy, impossible to guess.
  return randomBytes(18).toString('base64url');
}

/** The token secret: JWT_SECRET when set, otherwise generated on first use and kept in the database. */
export async function loadOrCreateSecret(db: Db, key = 'jwt_secret'): Promise<string> {
  await db.insert(appSecrets).values({ key, value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key));
  if (!row) throw new Error(`Secret ${key} could not be stored`);
  return row.value;
}

export interface BootstrapResult {
  /** Set when this call created the admin with a generated password: print it once. */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
}

/**
 * First start on an empty database: the company row, the default chart of accounts and the
 * user `admin`. Later starts change nothing (an older database gets the chart once).
 */
export async function bootstrap(db: Db, passwords: PasswordHasher, adminPassword?: string): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    // Serialises two processes starting at once on one PostgreSQL database.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4242002)`);
    const [settings] = await tx.select({ id: companySettings.id }).from(companySettings).limit(1);
    if (!settings) await tx.insert(companySettings).values({});
    await ensureDefaultChart(tx);
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1);
    if (anyUser) return { createdAdmin: false };
    const password = adminPassword || randomPassword();
    await tx.insert(users).values({ name: 'Administrator', username: 'admin', role: 'admin', passwordHash: await passwords.hash(password) });
    return { createdAdmin: true, ...(adminPassword ? {} : { generatedAdminPassword: password }) };
  });
}
