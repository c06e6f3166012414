import { readFile } from 'node:fs/promises';
import { registrationOfTaxNumber } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intArray, queryRows } from '../../db/client.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let regionId = 0;
let seq = 0;

function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

const customer = (extra: object = {}, token = t.adminToken) =>
  send('POST', '/api/customers', { customerName: `Tax Buyer ${(seq += 1)}`, customerType: 'hospital', regionId, ...extra }, token);

beforeAll(async () => {
  t = await createTestApp();
  regionId = (await send('POST', '/api/regions', { regionName: 'Tax Buyers', regionCode: 'TXB' })).json().data.id;
});
afterAll(async () => t?.close());

describe("customers' tax facts", () => {
  it('stores registrations as digits, takes the certificate NTN, and defaults a new customer to unregistered', async () => {
    const plain = await customer();
    expect(plain.json().data).toMatchObject({ registrationType: 'unregistered', ntn: null, cnic: null, strn: null, province: null, withholdingAgent: false, registrationCheckedOn: null, registrationChecked: false });
    const registered = await customer({ registrationType: 'registered', ntn: '0711234-5', cnic: '35202-1234567-1', strn: '17-00-1234-567-89', province: 'punjab', withholdingAgent: true, registrationCheckedOn: '2026-11-30' });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().data).toMatchObject({ ntn: '0711234', cnic: '3520212345671', strn: '1700123456789', registrationType: 'registered', withholdingAgent: true, registrationChecked: true });
    const bad = await customer({ ntn: '071123', cnic: '1234', strn: 'x', province: 'lahore' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['cnic', 'ntn', 'province', 'strn']);
  });

  it('refuses a registered customer without its NTN or CNIC, on create and on update', async () => {
    const unnumbered = await customer({ registrationType: 'registered', strn: '1700123456789' });
    expect(unnumbered.statusCode).toBe(400);
    expect(unnumbered.json().errors).toEqual({ ntn: 'A registered customer needs its NTN or CNIC' });
    const byCnic = await customer({ registrationType: 'registered', cnic: '3520212345671' });
    expect(byCnic.statusCode).toBe(201);
    const cleared = await send('PUT', `/api/customers/${byCnic.json().data.id}`, { cnic: null });
    expect(cleared.statusCode).toBe(400);
    expect(Object.keys(cleared.json().errors)).toEqual(['ntn']);
  });

  it('lets only the accountant and the admin set them; sales staff may send them unchanged', async () => {
    const executive = await t.userWithRole('salesExecutive');
    const accountant = await t.userWithRole('accountant');
    const refused = await customer({ ntn: '0711234' }, executive.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only users allowed to set tax registrations (an accountant or an admin) may change them');
    expect((await customer({ withholdingAgent: true }, executive.token)).statusCode).toBe(403);
    const manager = await t.userWithRole('operationManager');
    expect((await customer({ registrationType: 'registered', ntn: '0711234' }, manager.token)).statusCode).toBe(403);
    // The defaults, sent as the form sends them, are no change.
    const own = await customer({ registrationType: 'unregistered', withholdingAgent: false }, executive.token);
    expect(own.statusCode, own.body).toBe(201);
    const id = own.json().data.id as number;
    const set = await send('PUT', `/api/customers/${id}`, { registrationType: 'registered', ntn: '0711234', registrationCheckedOn: '2026-12-01' }, accountant.token);
    expect(set.statusCode, set.body).toBe(200);
    const unchanged = await send('PUT', `/api/customers/${id}`, { phone: '+92 42 111 222', ntn: '0711234', registrationType: 'registered', withholdingAgent: false }, executive.token);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect((await send('PUT', `/api/customers/${id}`, { ntn: '0711235' }, executive.token)).statusCode).toBe(403);
    expect((await send('PUT', `/api/customers/${id}`, { registrationCheckedOn: null }, executive.token)).statusCode).toBe(403);
  });

  it('lists what is still to check', async () => {
    const unchecked = (await send('GET', '/api/customers?registrationChecked=false&pageSize=200')).json().data as Array<{ registrationChecked: boolean }>;
    const checked = (await send('GET', '/api/customers?registrationChecked=true&pageSize=200')).json().data as Array<{ registrationChecked: boolean }>;
    expect(unchecked.length).toBeGreaterThan(0);
    expect(checked.length).toBeGreaterThan(0);
    expect(unchecked.every((c) => !c.registrationChecked) && checked.every((c) => c.registrationChecked)).toBe(true);
    expect((await send('GET', '/api/customers?registrationType=registered&pageSize=200')).json().data.every((c: { registrationType: string }) => c.registrationType === 'registered')).toBe(true);
  });

  it("migration 0041 reads a printed tax number as the domain's registrationOfTaxNumber does", async () => {
    const printed = ['NTN 0711234-5', 'ntn: 2987654', '0801122-9', '35202-1234567-1', '3520212345671', 'NTN 071123', 'STRN 1700123456789', '', 'Exempt',
      '0711234-5\t', '0711234-5\r', '\tNTN 0711234', 'NTN\u00a00711234-5', '\u00a00711234', '3520\u00a0212345671'];
    const ids: number[] = [];
    for (const taxNumber of printed) ids.push((await customer({ taxNumber })).json().data.id);
    const text = await readFile(new URL('../../db/migrations/0041_customer_tax_facts.sql', import.meta.url), 'utf8');
    const backfill = text.slice(text.indexOf('WITH parsed AS'));
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(backfill));
      const rows = await queryRows<{ id: number; ntn: string | null; cnic: string | null; registrationType: string }>(
        tx,
        sql`SELECT id, ntn, cnic, registration_type AS "registrationType" FROM customers WHERE id = ANY(${intArray(ids)}) ORDER BY id`,
      );
      expect(rows.map(({ ntn, cnic, registrationType }) => ({ ntn, cnic, registrationType }))).toEqual(
        printed.map((taxNumber) => {
          const { ntn, cnic } = registrationOfTaxNumber(taxNumber);
          return { ntn, cnic, registrationType: ntn || cnic ? 'registered' : 'unregistered' };
        }),
      );
      expect(rows[0]).toMatchObject({ ntn: '0711234', registrationType: 'registered' });
      expect(rows[3]).toMatchObject({ cnic: '3520212345671' });
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
  });
});
