import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

/** A secret kept in the database (the token secret when JWT_SECRET is not set): generated on first use, the same ever after. */
export async function loadOrCreateSecret(db: Db, key = 'jwt_secret'): Promise<string> {
  await db.insert(appSecrets).values({ key, value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key));
  if (!row) throw new Error(`Secret ${key} could not be stored`);
  return row.value;
}
