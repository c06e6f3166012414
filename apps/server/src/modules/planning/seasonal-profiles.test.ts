import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const profile = (name: string, weights: number[]) => ({ profileName: name, ...Object.fromEntries(months.map((m, i) => [m, weights[i] ?? 0])) });
const call = (method: 'GET' | 'POST', url: string, payload?: object, token = t.adminToken) => t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });

describe('seasonal profiles: a generic resource of a name and 12 weights (issue 19, section 1)', () => {
  it('is created, listed and offered to the plan form; a negative weight and a second name are refused', async () => {
    const created = await call('POST', '/api/seasonal-profiles', profile('Winter peak', [3, 3, 2, 1, 1, 1, 1, 1, 1, 2, 3, 3]));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ profileName: 'Winter peak', jan: 3, jun: 1, dec: 3 });
    const list = await call('GET', '/api/seasonal-profiles?search=winter');
    expect(list.json().data).toHaveLength(1);
    const negative = await call('POST', '/api/seasonal-profiles', profile('Broken', [-1]));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toHaveProperty('jan');
    expect((await call('POST', '/api/seasonal-profiles', profile('Winter peak', [1]))).statusCode).toBe(409);
    const sales = await t.userWithRole('salesManager');
    expect((await call('GET', '/api/seasonal-profiles', undefined, sales.token)).statusCode).toBe(403);
    const accountant = await t.userWithRole('accountant');
    expect((await call('GET', '/api/seasonal-profiles/options', undefined, accountant.token)).json().options).toEqual([expect.objectContaining({ name: 'Winter peak' })]);
  });
});
