import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { companySettings } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { companySettingSql, readSettingValues } from './setup.api.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The same settings read both ways: inside a statement, and on their own. */
async function readBothWays(executor: Parameters<typeof readSettingValues>[0]) {
  const [inline] = await queryRows(
    executor,
    sql`SELECT ${companySettingSql('taxRate')}::text AS "taxRate", ${companySettingSql('reviewDays')} AS "reviewDays", ${companySettingSql('country')} AS country,
               coalesce(${companySettingSql('historyMonths')}, 6) AS "historyMonths"`,
  );
  const values = await readSettingValues(executor, ['taxRate', 'reviewDays', 'country', 'historyMonths']);
  return { inline, values };
}

describe('the settings other areas read (setup.api)', () => {
  it('gives the row as the first start made it, then as the settings route saved it', async () => {
    expect(await readBothWays(t.database.db)).toEqual({
      inline: { taxRate: '0.00', reviewDays: 30, country: 'PK', historyMonths: 6 },
      values: { taxRate: '0.00', reviewDays: 30, country: 'PK', historyMonths: 6 },
    });
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { companyName: 'Settings Co', taxRate: '17', reviewDays: 45 }, headers: bearer(t.adminToken) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readBothWays(t.database.db)).toEqual({
      inline: { taxRate: '17.00', reviewDays: 45, country: 'PK', historyMonths: 6 },
      values: { taxRate: '17.00', reviewDays: 45, country: 'PK', historyMonths: 6 },
    });
  });

  it('gives nulls inside a statement and no keys on their own when there is no row, so the callers default', async () => {
    const rolledBack = new Error('roll back');
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.delete(companySettings);
        expect(await readBothWays(tx)).toEqual({ inline: { taxRate: null, reviewDays: null, country: null, historyMonths: 6 }, values: {} });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await readSettingValues(t.database.db, ['reviewDays'])).reviewDays).toBe(45);
  });
});
