import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { todayIso } from '../ledger/general-ledger.ts';
import { shiftedDateClass } from './shifted-date.ts';
import { createTestApp } from './test-app.ts';

describe('the shifted test clock', () => {
  it('moves now by the offset and keeps dates built from values as they are', () => {
    const offset = new Date(2028, 1, 29, 9).getTime() - Date.now();
    const Shifted = shiftedDateClass(Date, offset);
    expect(todayIso(new Shifted())).toBe('2028-02-29');
    expect(Shifted.now() - (Date.now() + offset)).toBeLessThan(1_000);
    expect(new Shifted(2026, 0, 1).getTime()).toBe(new Date(2026, 0, 1).getTime());
    expect(new Shifted('2026-06-30T00:00:00Z').toISOString()).toBe('2026-06-30T00:00:00.000Z');
    expect(new Shifted() instanceof Date).toBe(true);
  });
});

describe.runIf(process.env.TEST_TODAY)('a date check run', () => {
  it('sees the day it was given, in JavaScript and in SQL', async () => {
    const t = await createTestApp();
    try {
      const [row] = await queryRows<{ today: string }>(t.database.db, sql`SELECT current_date::text AS today`);
      expect(todayIso()).toBe(process.env.TEST_TODAY);
      expect(row!.today).toBe(process.env.TEST_TODAY);
    } finally {
      await t.close();
    }
  }, 120_000);
});
