import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../lib/app-error.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { postingAccountMissing, readPostingAccounts, requirePostingAccounts } from './posting-accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('requirePostingAccounts', () => {
  it('answers the accounts chosen in settings by key', async () => {
    const chosen = await readPostingAccounts(t.database.db);
    expect(await requirePostingAccounts(t.database.db, ['cash', 'salaries'])).toEqual({ cash: chosen.cash, salaries: chosen.salaries });
  });

  it('refuses with 409 naming every key not chosen', async () => {
    await t.database.db.execute(sql`DELETE FROM posting_accounts WHERE key = 'cash'`);
    const refused = await requirePostingAccounts(t.database.db, ['cash', 'salaries']).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).statusCode).toBe(409);
    expect((refused as ConflictError).errors).toEqual({ cash: postingAccountMissing('Cash') });
  });
});
