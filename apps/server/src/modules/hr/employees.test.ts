import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Emp');
});
afterAll(async () => t?.close());

describe('employees', () => {
  it('are a resource of /employees: written by the accountant, listed by region, picked on /payments', async () => {
    const accountant = (await t.userWithRole('accountant')).token;
    const created = await f.call('POST', '/api/employees', { employeeName: 'Ayesha Khan', designation: 'Field engineer', regionId: f.north, phone: '0300-1234567', active: true }, accountant);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ employeeName: 'Ayesha Khan', designation: 'Field engineer', regionId: f.north, active: true });
    await f.call('POST', '/api/employees', { employeeName: 'Bilal South', regionId: f.south, active: true }, accountant);
    expect((await f.call('POST', '/api/employees', { designation: 'x' }, accountant)).json().errors).toHaveProperty('employeeName');
    const southOnly = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${southOnly.id}`);
    const scoped = await f.call('GET', '/api/employees', undefined, southOnly.token);
    expect(scoped.json().data.map((e: { employeeName: string }) => e.employeeName)).toEqual(['Bilal South']);
    const options = await f.call('GET', '/api/employees/options?search=Ayesha', undefined, accountant);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().options).toEqual([expect.objectContaining({ id: created.json().data.id, name: 'Ayesha Khan' })]);
    expect((await f.call('GET', '/api/employees', undefined, (await t.userWithRole('salesExecutive')).token)).statusCode).toBe(403);
  });
});
