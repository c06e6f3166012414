import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type FakeFbr, startFakeFbr } from './fake-fbr/fake-fbr-server.ts';
import { useTestSecretsKey } from './fbr-test-key.ts';

/** Issue 30, section 2: POST /api/customers/:id/check-registration asks FBR's Get_Reg_Type. */
let t: TestApp;
let f: SalesFixtures;
let fake: FakeFbr;
const token = 'sandbox-token-registration';
const check = (id: number, token?: string) => f.call('POST', `/api/customers/${id}/check-registration`, undefined, token);

useTestSecretsKey();
beforeAll(async () => {
  fake = await startFakeFbr({ tokens: [token], registered: ['0711234'] });
  t = await createTestApp({ startJobs: false });
  f = await salesFixtures(t, 'FbrReg');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('checking a customer’s registration with FBR', () => {
  it('without a token: 409, nothing asked, nothing changed', async () => {
    const { id } = await f.newCustomer('Early', { ntn: '0711234-5' });
    const refused = await check(id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual({ sandboxToken: 'The sandbox token' });
    expect(fake.requests).toEqual([]);
  });

  it('sets the type FBR answers and today as checked, by NTN else CNIC, audited; answers the customer', async () => {
    expect((await f.call('PUT', '/api/fbr/settings', { sandboxToken: token, baseUrl: fake.url })).statusCode).toBe(200);
    const registered = await f.newCustomer('Lab', { ntn: '0711234-5', registrationType: 'unregistered' });
    const answer = await check(registered.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ message: 'FBR says the customer is registered', data: { id: registered.id, registrationType: 'registered', registrationCheckedOn: f.today, registrationChecked: true } });
    expect(fake.requests.at(-1)).toMatchObject({ endpoint: 'Get_Reg_Type', authorization: `Bearer ${token}`, body: { Registration_No: '0711234' } });

    const walkIn = await f.newCustomer('Walk-in', { cnic: '35202-1234567-1', registrationType: 'registered' });
    expect((await check(walkIn.id)).json().data).toMatchObject({ registrationType: 'unregistered', registrationCheckedOn: f.today });
    expect(fake.requests.at(-1)?.body).toEqual({ Registration_No: '3520212345671' });
    const audit = await queryRows<{ after: { registrationType: string } }>(t.database.db, sql`SELECT after FROM audit_log WHERE resource = 'customers' AND record_id = ${String(walkIn.id)} AND action = 'update'`);
    expect(audit.map((row) => row.after.registrationType)).toEqual(['unregistered']);
  });

  it('refuses a customer without NTN or CNIC (400 ntn); FBR failing changes nothing (409 in words)', async () => {
    const none = await f.newCustomer('Nobody');
    const missing = await check(none.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ ntn: 'The customer has no NTN or CNIC for FBR to check' });

    const { id } = await f.newCustomer('Down', { ntn: '1234567', registrationType: 'registered' });
    await f.call('PUT', '/api/fbr/settings', { sandboxToken: 'a-token-fbr-refuses' });
    const refused = await check(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("FBR's registration check failed, nothing changed: FBR refused the token (401 Unauthorized)");
    expect((await f.call('GET', `/api/customers/${id}`)).json().data).toMatchObject({ registrationType: 'registered', registrationCheckedOn: null });
    await f.call('PUT', '/api/fbr/settings', { sandboxToken: token });
  });

  it('writes nothing when the customer\'s number changed while FBR was asked (409); another region\'s customer is 404, FBR never asked', async () => {
    const slow = await startFakeFbr({ tokens: [token], registered: ['0711234'], latencyMs: 1_000 });
    try {
      await f.call('PUT', '/api/fbr/settings', { baseUrl: slow.url, sandboxToken: token });
      const { id } = await f.newCustomer('Moving', { ntn: '0711234-5', registrationType: 'unregistered' });
      const asked = check(id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await f.call('PUT', `/api/customers/${id}`, { ntn: '0799999-1' })).statusCode).toBe(200);
      const answer = await asked;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().message).toBe("The customer's NTN or CNIC changed while FBR was asked: check again");
      expect((await f.call('GET', `/api/customers/${id}`)).json().data).toMatchObject({ registrationType: 'unregistered', registrationCheckedOn: null });
    } finally {
      await f.call('PUT', '/api/fbr/settings', { baseUrl: fake.url, sandboxToken: token });
      await slow.close();
    }
    const far = await f.newCustomer('Far', { ntn: '0711234-5', regionId: f.south });
    const kept = await t.userWithRole('accountant');
    await t.database.db.update(users).set({ permissions: { regions: [f.north] } }).where(eq(users.id, kept.id));
    const before = fake.requests.length;
    expect((await check(far.id, kept.token)).statusCode).toBe(404);
    expect(fake.requests.length).toBe(before);
  });

  it('is for holders of customers:tax-facts: a sales executive and the auditor are refused', async () => {
    const { id } = await f.newCustomer('Scoped', { ntn: '0711234-5' });
    for (const role of ['salesExecutive', 'auditor'] as const) {
      const user = await t.userWithRole(role);
      expect((await check(id, user.token)).statusCode).toBe(403);
    }
    const accountant = await t.userWithRole('accountant');
    expect((await check(id, accountant.token)).statusCode).toBe(200);
  });
});
