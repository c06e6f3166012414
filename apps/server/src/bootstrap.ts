import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import { ensureDefaultChart } from './modules/accounting/default-chart.ts';
import { ensureCompanySettings, hasAnyUser, insertUser } from './modules/setup/setup.api.ts';

export function randomPassword(): string {
  // 18 random bytes -> 24 URL-safe characters; easy to copy, impossible to guess.
  return randomBytes(18).toString('base64url');
}

/** The token secret: JWT_SECRET when set, otherwise generated on first use and kept in the database (setup's app_secrets). */
export { loadOrCreateSecret } from './modules/setup/setup.api.ts';

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
    await ensureCompanySettings(tx);
    await ensureDefaultChart(tx);
    if (await hasAnyUser(tx)) return { createdAdmin: false };
    const password = adminPassword || randomPassword();
    await insertUser(tx, { name: 'Administrator', username: 'admin', role: 'admin', passwordHash: await passwords.hash(password) });
    return { createdAdmin: true, ...(adminPassword ? {} : { generatedAdminPassword: password }) };
  });
}
