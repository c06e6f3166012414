import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { csvOf, importClient } from '../../test/import-upload.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let imports: ReturnType<typeof importClient>;

beforeAll(async () => {
  t = await createTestApp();
  imports = importClient(t.app, 'exchange-rates');
  for (const code of ['USD', 'EUR']) {
    const created = await t.app.inject({ method: 'POST', url: '/api/currencies', headers: bearer(t.adminToken), payload: { code, currencyName: code } });
    expect(created.statusCode, created.body).toBe(201);
  }
  const stored = await t.app.inject({ method: 'POST', url: '/api/exchange-rates', headers: bearer(t.adminToken), payload: { currency: 'USD', rateDate: '2026-11-12', rate: '280.5', source: 'sbp' } });
  expect(stored.statusCode, stored.body).toBe(201);
});
afterAll(async () => t?.close());

const rates = async () =>
  queryRows<{ currency: string; rateDate: string; rate: string; source: string }>(
    t.database.db,
    sql`SELECT currency, rate_date::text AS "rateDate", rate::text AS rate, source FROM exchange_rates ORDER BY currency, rate_date`,
  );

describe('the exchange-rates import (issue 33, section 1)', () => {
  it("skips a day already holding the same rate, refuses another rate for it, and stores the rest exactly", async () => {
    const file = csvOf([
      ['Currency', 'Date', 'Rate', 'Source'],
      ['USD', '12/11/2026', '280.500000', 'sbp'],
      ['USD', '2026-11-13', '281.123456', 'State Bank of Pakistan'],
      ['eur', '13/11/2026', '305.75', ''],
      ['USD', '2026-11-12', '281', 'sbp'],
      ['USD', '2026-11-13', '281.2', 'sbp'],
      ['PKR', '2026-11-13', '1', ''],
      ['USD', '2026-11-16', '281.1234567', 'sbp'],
      ['USD', '2026-11-17', '281', 'wire'],
    ]);
    const preview = (await imports.preview(file, t.adminToken, 'sbp.csv')).json();
    expect(preview.mapping).toMatchObject({ currency: 'Currency', rateDate: 'Date', rate: 'Rate', source: 'Source' });
    expect(preview).toMatchObject({ totalRows: 8, validRows: 3, invalidRows: 5 });
    expect(preview.preview.map((row: { errors: object }) => row.errors)).toEqual([
      {},
      {},
      {},
      { rate: 'The USD rate for 2026-11-12 is already 280.500000; change the stored rate to replace it' },
      { rate: 'Row 3 of the file gives this day the rate 281.123456' },
      { currency: 'PKR is the company currency; it takes no exchange rate' },
      { rate: 'Rate must be a number with at most 6 decimals' },
      { source: 'Source must be one of Manual, State Bank of Pakistan, Bank' },
    ]);
    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(await rates()).toEqual([
      { currency: 'EUR', rateDate: '2026-11-13', rate: '305.750000', source: 'manual' },
      { currency: 'USD', rateDate: '2026-11-12', rate: '280.500000', source: 'sbp' },
      { currency: 'USD', rateDate: '2026-11-13', rate: '281.123456', source: 'sbp' },
    ]);

    // The same file again: every stored day skipped, nothing written twice.
    const again = (await imports.preview(file, t.adminToken, 'sbp.csv')).json();
    expect(again).toMatchObject({ validRows: 3, invalidRows: 5 });
    expect((await imports.run(again.jobId, { mode: 'validOnly' }, t.adminToken)).statusCode).toBe(200);
    expect(await rates()).toHaveLength(3);
  });

  it('is for those who write rates: the auditor and other screens are refused', async () => {
    const file = csvOf([['Currency', 'Date', 'Rate'], ['USD', '2026-11-20', '282']]);
    for (const role of ['auditor', 'inventorySupervisor', 'salesExecutive'] as const) {
      const user = await t.userWithRole(role);
      expect((await imports.preview(file, user.token)).statusCode, role).toBe(403);
    }
    const accountant = await t.userWithRole('accountant');
    expect((await imports.preview(file, accountant.token)).statusCode).toBe(200);
  });
});
