import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../db/client.ts';
import { bearer, type TestApp } from './test-app.ts';

/** What the asset tests work with, made through the API as an admin would. */
export interface AssetFixtures {
  north: number;
  south: number;
  account: (code: string) => number;
  /** Furniture (1500), straight line over 36 months by default. */
  furniture: number;
  /** Vehicles (1510), declining balance over 60 months. */
  vehicles: number;
  vendor: { id: number; accountId: number };
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string): Promise<LightMyRequestResponse>;
  created(url: string, body: object): Promise<Record<string, unknown> & { id: number }>;
  /** A draft asset, capitalised unless told. */
  asset(body: Record<string, unknown>, capitalise?: boolean): Promise<Record<string, unknown> & { id: number }>;
  /** Balance (debit - credit) of an account (its code, or its id) over every ledger row. */
  balance(account: string | number): Promise<string>;
}

export async function assetFixtures(t: TestApp, prefix: string): Promise<AssetFixtures> {
  const call: AssetFixtures['call'] = (method, url, payload, token = t.adminToken) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
  const created: AssetFixtures['created'] = async (url, body) => {
    const response = await call('POST', url, body);
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    return response.json().data;
  };
  const codes = new Map((await queryRows<{ id: number; code: string }>(t.database.db, sql`SELECT id, account_code AS code FROM accounts`)).map((r) => [r.code, Number(r.id)]));
  const account = (code: string) => codes.get(code)!;
  const north = (await created('/api/regions', { regionName: `${prefix} North`, regionCode: `${prefix.slice(0, 2).toUpperCase()}N` })).id;
  const south = (await created('/api/regions', { regionName: `${prefix} South`, regionCode: `${prefix.slice(0, 2).toUpperCase()}S` })).id;
  const category = async (name: string, assetCode: string, usefulLifeMonths: number, depreciationMethod: string) =>
    (
      await created('/api/asset-categories', {
        assetCategoryName: `${prefix} ${name}`,
        usefulLifeMonths,
        depreciationMethod,
        assetAccountId: account(assetCode),
        accumulatedDepreciationAccountId: account('1590'),
        depreciationExpenseAccountId: account('6000'),
      })
    ).id;
  const furniture = await category('Furniture', '1500', 36, 'straightLine');
  const vehicles = await category('Vehicles', '1510', 60, 'decliningBalance');
  const vendorRow = await created('/api/vendors', { vendorName: `${prefix} Motors`, paymentTermsDays: 30, active: true });
  const asset: AssetFixtures['asset'] = async (body, capitalise = true) => {
    const draft = await created('/api/assets', { assetName: 'Desk', assetCategoryId: furniture, regionId: north, purchaseDate: '2026-01-10', cost: '3600.00', paymentAccountId: account('1010'), ...body });
    if (!capitalise) return draft;
    const response = await call('POST', `/api/assets/${draft.id}/capitalise`);
    if (response.statusCode !== 200) throw new Error(`capitalise: ${response.body}`);
    return response.json().data;
  };
  const balance = async (code: string | number) => {
    const [row] = await queryRows<{ balance: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(debit - credit), 0)::numeric(18, 2)::text AS balance FROM gl_entries WHERE account_id = ${typeof code === 'number' ? code : account(code)}::int`,
    );
    return row!.balance;
  };
  return { north, south, account, furniture, vehicles, vendor: { id: vendorRow.id, accountId: Number(vendorRow.accountId) }, call, created, asset, balance };
}
