import { readFile } from 'node:fs/promises';
import { roles, type SearchResult } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: SalesFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Srch');
  await f.receive([{ itemId: f.reagent, expiresIn: 300, quantity: 50, unitCost: '5.00' }]);
  await f.receive([{ itemId: f.reagent, expiresIn: 300, quantity: 50, unitCost: '5.00' }], f.south);
});
afterAll(async () => t?.close());

const find = async (q: string, token = t.adminToken, extra = ''): Promise<SearchResult[]> => {
  const response = await f.call('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: SearchResult[] }>().results;
};

const postInvoice = async (customerId: number, regionId: number) => {
  const response = await f.call('POST', '/api/invoices', { customerId, regionId, invoiceDate: f.today, lines: [{ itemId: f.reagent, quantity: 1, price: '20.00' }], post: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; documentNumber: string };
};

describe('GET /api/search', () => {
  it('finds a just-posted invoice by its number, shows it cancelled once cancelled, and a renamed customer by its new name at once', async () => {
    const invoice = await postInvoice(f.customer.id, f.north);
    const byNumber = await find(invoice.documentNumber.toLowerCase());
    expect(byNumber).toEqual([
      expect.objectContaining({ type: 'invoices', id: invoice.id, code: invoice.documentNumber, title: 'Srch General Hospital', status: 'posted', route: `/invoices/${invoice.id}` }),
    ]);
    expect((await find(`#${invoice.documentNumber}`)).map((r) => r.id)).toEqual([invoice.id]);

    expect((await f.call('POST', `/api/invoices/${invoice.id}/cancel`)).statusCode).toBe(200);
    expect(await find(invoice.documentNumber)).toMatchObject([{ id: invoice.id, status: 'cancelled' }]);

    const clinic = await f.newCustomer('Lakeside Clinic');
    expect((await f.call('PUT', `/api/customers/${clinic.id}`, { customerName: 'Srch Riverbank Diagnostics' })).statusCode).toBe(200);
    expect(await find('Riverbank Diag', t.adminToken, '&types=customers')).toMatchObject([{ type: 'customers', id: clinic.id, title: 'Srch Riverbank Diagnostics', route: '/customers?search=Srch%20Riverbank%20Diagnostics' }]);
    expect(await find('Lakeside', t.adminToken, '&types=customers')).toEqual([]);
    expect((await find('@riverbank')).map((r) => r.type)).toEqual(['customers']);
  });

  it('never answers a record outside the user’s role or row scope (random users and queries)', async () => {
    const southern = await f.newCustomer('Southern Labs', { regionId: f.south });
    const northern = await postInvoice(f.customer.id, f.north);
    const southernInvoice = await postInvoice(southern.id, f.south);
    const queries = ['Srch', 'srch gen', 'Southern', 'Labs', '@Srch', '#INV', northern.documentNumber, southernInvoice.documentNumber, 'INV-', 'Hospital', 'x', 'Srch North'];
    let seed = 18;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const scopes = [undefined, [f.north], [f.south]];
    let checked = 0;
    for (let round = 0; round < 12; round += 1) {
      const role = roles[random(roles.length)]!;
      const regions = scopes[random(scopes.length)];
      const user = await t.userWithRole(role);
      if (regions) await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions })}::jsonb WHERE id = ${user.id}`);
      for (let i = 0; i < 3; i += 1) {
        const q = queries[random(queries.length)]!;
        for (const result of await find(q, user.token)) {
          // The oracle: the record's own API, with the same user, under the same role table and row scope.
          const own = await f.call('GET', `/api/${result.type}/${result.id}`, undefined, user.token);
          expect(own.statusCode, `${role} ${JSON.stringify(regions)} "${q}" -> ${result.type} ${result.id}`).toBe(200);
          checked += 1;
        }
      }
      if (role === 'salesExecutive' || role === 'admin') {
        const seen = (await find(southernInvoice.documentNumber, user.token)).map((r) => r.id);
        expect(seen).toEqual(regions?.[0] === f.north ? [] : [southernInvoice.id]);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('refuses bad input naming the field, and answers nobody signed out', async () => {
    const bad = await f.call('GET', '/api/search?q=&limit=99');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['q', 'limit']));
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=INV' })).statusCode).toBe(401);
  });

  it('the migration fills the index as the machinery writes it', async () => {
    const snapshot = () => queryRows(t.database.db, sql`SELECT * FROM search_index ORDER BY entity_type, entity_id`);
    const written = await snapshot();
    const migration = await readFile(new URL('../../db/migrations/0021_search_index.sql', import.meta.url), 'utf8');
    const fill = migration.slice(migration.indexOf('-- The records already there'));
    await t.database.db.execute(sql`DELETE FROM search_index`);
    for (const statement of fill.split(/;\n/).filter((s) => s.includes('INSERT'))) await t.database.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(written);
  });
});
