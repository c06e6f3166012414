import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../db/client.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type MonthEndPayload, runMonthEndChunk } from './month-end-job.ts';

/**
 * Issue 21, section 5: two month-end runs of one month on two workers at the same instant (two
 * jobs, or a chunk taken over while its first worker still commits): the chunks take turns, the
 * second finds the months invoiced, and each agreement gets one invoice.
 */
describe.skipIf(!process.env.DATABASE_URL)('two month-end chunks of one month at once (PostgreSQL)', () => {
  let t: TestApp;
  let f: RentalFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await rentalFixtures(t, 'MC');
  }, 120_000);
  afterAll(async () => t?.close());

  it('5 rounds: the invoices are raised once, numbered without a gap', async () => {
    for (let round = 0; round < 5; round += 1) {
      const agreement = await f.placedAgreement(`MC-SN-${round}`);
      const month = `2024-${String(5 + round).padStart(2, '0')}`;
      const payload: MonthEndPayload = { month, actor: { userId: f.admin.userId, role: 'admin', scopes: [], permissions: {} } };
      const results = await Promise.all([1, 2].map((id) => t.database.db.transaction((tx) => runMonthEndChunk(tx as Tx, { id, payload, cursor: {} }))));
      expect(results.map((r) => r.cursor.invoices).sort()).toEqual([0, round + 1]);
      const [count] = await queryRows<{ n: number; mine: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE rental_agreement_id = ${agreement}::int)::int AS mine FROM invoices WHERE kind = 'rentalShortfall' AND to_char(document_date, 'YYYY-MM') = ${month}`,
      );
      expect(count).toEqual({ n: round + 1, mine: 1 });
    }
    const [numbers] = await queryRows<{ n: number; max: number; min: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, max(substr(document_number, 10)::int) AS max, min(substr(document_number, 10)::int) AS min FROM invoices WHERE document_number LIKE 'INV-2024-%'`,
    );
    expect(numbers!.max - numbers!.min + 1).toBe(numbers!.n);
  }, 120_000);
});
