import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { csvOf, importClient } from '../../test/import-upload.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let imports: ReturnType<typeof importClient>;
let karachi = 0;

const header = ['Vendor name', 'Contact person', 'Phone', 'Email', 'City', 'Payment terms (days)', 'Active'];

beforeAll(async () => {
  t = await createTestApp();
  imports = importClient(t.app, 'vendors');
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(t.adminToken) });
  const region = (await post('/api/regions', { regionName: 'Import Sindh', regionCode: 'ISD' })).json().data.id;
  karachi = (await post('/api/cities', { cityName: 'Import Karachi', regionId: region })).json().data.id;
  expect((await post('/api/vendors', { vendorName: 'Already Here', paymentTermsDays: 30, active: true })).statusCode).toBe(201);
});
afterAll(async () => t?.close());

describe('vendors import', () => {
  it('imports vendors, each with its own payable account as the API creates it; refuses duplicates, unknown cities and bad values', async () => {
    const file = csvOf([
      header,
      ['Reagent Makers Ltd', 'Ayesha Khan', '+92 21 3456789', 'orders@reagents.example', 'import karachi', '45', 'yes'],
      ['Consumables Importers', '', '', '', '', '', ''],
      ['Reagent Makers Ltd', 'Twice', '', '', '', '30', 'yes'],
      ['Already Here', '', '', '', '', '30', 'yes'],
      ['Nowhere Traders', '', '', '', 'Atlantis', '30', 'yes'],
      ['Bad Terms', '', '', 'not-an-email', '', '400', 'maybe'],
    ]);
    const previewed = await imports.preview(file, t.adminToken, 'vendors.csv');
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json();
    expect(preview.mapping).toMatchObject({ vendorName: 'Vendor name', cityId: 'City', paymentTermsDays: 'Payment terms (days)', address: null });
    const errors = Object.fromEntries(preview.preview.map((r: { rowNumber: number; errors: object }) => [r.rowNumber, r.errors]));
    expect(errors).toEqual({
      2: {},
      3: {},
      4: { vendorName: 'Vendor "Reagent Makers Ltd" is already in row 2 of the file' },
      5: { vendorName: 'Vendor "Already Here" already exists' },
      6: { cityId: 'City "Atlantis" does not exist' },
      7: { email: 'Email must be an email address', paymentTermsDays: 'Payment terms (days) must be at most 365', active: 'Active must be yes or no' },
    });

    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toMatchObject({ imported: 2, rejected: 4 });
    const vendors = await queryRows<{ vendorName: string; cityId: number | null; terms: number; active: boolean; accountName: string; code: string; kind: string }>(
      t.database.db,
      sql`SELECT v.vendor_name AS "vendorName", v.city_id AS "cityId", v.payment_terms_days AS terms, v.active, a.account_name AS "accountName",
                 a.account_code AS code, a.kind
          FROM vendors v JOIN accounts a ON a.id = v.account_id WHERE v.vendor_name IN ('Reagent Makers Ltd', 'Consumables Importers') ORDER BY v.vendor_name`,
    );
    expect(vendors).toEqual([
      { vendorName: 'Consumables Importers', cityId: null, terms: 30, active: true, accountName: 'Consumables Importers', code: expect.stringMatching(/^2000-\d{4}$/), kind: 'payable' },
      { vendorName: 'Reagent Makers Ltd', cityId: karachi, terms: 45, active: true, accountName: 'Reagent Makers Ltd', code: expect.stringMatching(/^2000-\d{4}$/), kind: 'payable' },
    ]);
  });

  it('all or nothing stores no vendor and no account when a row is invalid; the auditor may not import', async () => {
    const [before] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM accounts`);
    const file = csvOf([header, ['Good One', '', '', '', '', '30', 'yes'], ['', 'No name', '', '', '', '30', 'yes']]);
    const preview = (await imports.preview(file, t.adminToken)).json();
    const refused = await imports.run(preview.jobId, { mode: 'allOrNothing' }, t.adminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'rows.3.vendorName': 'Vendor is required' });
    const [after] = await queryRows<{ n: number; vendors: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, (SELECT count(*)::int FROM vendors WHERE vendor_name = 'Good One') AS vendors FROM accounts`,
    );
    expect(after).toEqual({ n: before!.n, vendors: 0 });
    const auditor = await t.userWithRole('auditor');
    expect((await imports.preview(file, auditor.token)).statusCode).toBe(403);
  });
});
