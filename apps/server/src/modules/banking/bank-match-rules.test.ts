import { bankingMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type MoneyFixtures, moneyFixtures } from '../../test/money-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Match rules and regions (issue 33, section 6): a rule of a bank account is its region's, read
 * and written within the row scope of its account (404 outside it); a rule of every account (no
 * bank account) drives auto-match in every region, so only a user of every region writes one.
 */
let t: TestApp;
let f: MoneyFixtures;
let northToken: string;
const accounts = { north: 0, south: 0 };

beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFixtures(t, 'Bmr');
  const [head] = await queryRows<{ id: number }>(t.database.db, sql`SELECT head_id AS id FROM accounts WHERE id = ${f.accounts.bank}::int`);
  for (const [key, regionId, code] of [['north', f.north, 'BMR-N'], ['south', f.south, 'BMR-S']] as const) {
    const created = await f.call('POST', '/api/accounts', { accountCode: code, accountName: `Bmr ${key} bank`, headId: Number(head!.id), kind: 'bank', regionId });
    expect(created.statusCode, created.body).toBe(201);
    accounts[key] = created.json().data.id;
  }
  // The delete scope granted, so a refusal below is the row scope's, not the route's.
  const northUser = await t.userWithRole('accountant', { scopes: ['bank-match-rules:delete'] });
  await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.north] })}::jsonb WHERE id = ${northUser.id}`);
  northToken = northUser.token;
});
afterAll(async () => t?.close());

const rule = (ruleName: string, bankAccountId: number | null) => ({ ruleName, bankAccountId, priority: 5, matchWith: 'any', amountTolerance: '0.00', dateWindowDays: 2, referenceRequired: false, active: true });

async function adminRule(ruleName: string, bankAccountId: number | null): Promise<number> {
  const created = await f.call('POST', '/api/bank-match-rules', rule(ruleName, bankAccountId));
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id;
}

const asNorth = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(northToken), ...(payload ? { payload } : {}) });

describe('match rules within the user’s regions', () => {
  it('a user kept to the north reads the north’s rules and the rules of every account, and finds a south account’s rule missing (404 on get, change and delete)', async () => {
    const south = await adminRule('Bmr south rule', accounts.south);
    const north = await adminRule('Bmr north rule', accounts.north);
    const everywhere = await adminRule('Bmr every account', null);
    const listed = await asNorth('GET', '/api/bank-match-rules?pageSize=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = (listed.json().data as Array<{ id: number }>).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([north, everywhere]));
    expect(ids).not.toContain(south);
    expect((await asNorth('GET', `/api/bank-match-rules/${south}`)).statusCode).toBe(404);
    expect((await asNorth('PUT', `/api/bank-match-rules/${south}`, { priority: 1 })).statusCode).toBe(404);
    expect((await asNorth('DELETE', `/api/bank-match-rules/${south}`)).statusCode).toBe(404);
    const [kept] = await queryRows<{ priority: number }>(t.database.db, sql`SELECT priority FROM bank_match_rules WHERE id = ${south}::int`);
    expect(Number(kept!.priority)).toBe(5);
    // Their own account's rule they change and delete.
    const changed = await asNorth('PUT', `/api/bank-match-rules/${north}`, { priority: 7 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.priority).toBe(7);
    expect((await asNorth('DELETE', `/api/bank-match-rules/${north}`)).statusCode).toBe(200);
  });

  it('a user kept to the north neither adds nor changes nor deletes a rule of every account (400 naming bankAccountId, 403), nor moves their rule to every account; a user of every region does', async () => {
    const everywhere = await adminRule('Bmr every account 2', null);
    const added = await asNorth('POST', '/api/bank-match-rules', rule('Bmr north everywhere', null));
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json().errors).toEqual({ bankAccountId: bankingMessages.ruleForOwnAccount });
    const unnamed = await asNorth('POST', '/api/bank-match-rules', { ruleName: 'Bmr no account named' });
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(Object.keys(unnamed.json().errors)).toEqual(['bankAccountId']);
    const changed = await asNorth('PUT', `/api/bank-match-rules/${everywhere}`, { active: false });
    expect(changed.statusCode, changed.body).toBe(403);
    expect(changed.json().message).toBe(bankingMessages.ruleOfEveryAccount);
    expect((await asNorth('DELETE', `/api/bank-match-rules/${everywhere}`)).statusCode).toBe(403);
    const [kept] = await queryRows<{ active: boolean }>(t.database.db, sql`SELECT active FROM bank_match_rules WHERE id = ${everywhere}::int`);
    expect(kept!.active).toBe(true);

    const own = await asNorth('POST', '/api/bank-match-rules', rule('Bmr north own', accounts.north));
    expect(own.statusCode, own.body).toBe(201);
    const moved = await asNorth('PUT', `/api/bank-match-rules/${own.json().data.id}`, { bankAccountId: null });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(Object.keys(moved.json().errors)).toEqual(['bankAccountId']);
    const toSouth = await asNorth('PUT', `/api/bank-match-rules/${own.json().data.id}`, { bankAccountId: accounts.south });
    expect(toSouth.statusCode, toSouth.body).toBe(400);
    expect(Object.keys(toSouth.json().errors)).toEqual(['bankAccountId']);

    expect((await f.call('PUT', `/api/bank-match-rules/${everywhere}`, { active: false })).statusCode).toBe(200);
    expect((await f.call('DELETE', `/api/bank-match-rules/${everywhere}`)).statusCode).toBe(200);
  });
});
