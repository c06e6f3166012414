import { vendorMessages } from '@erp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let payables: { id: number; headId: number; subHeadId: number | null };
let cash: number;
let capital: number;
let karachi: number;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select().from(accounts);
  const byCode = new Map(rows.map((a) => [a.accountCode, a]));
  const control = byCode.get('2000')!;
  payables = { id: control.id, headId: control.headId, subHeadId: control.subHeadId };
  cash = byCode.get('1000')!.id;
  capital = byCode.get('3000')!.id;
  const region = (await inject('POST', '/api/regions', { regionName: 'Vendor Sindh', regionCode: 'VSD' })).json().data.id;
  karachi = (await inject('POST', '/api/cities', { cityName: 'Vendor Karachi', regionId: region })).json().data.id;
});
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: bearer(token) });

const vendor = (overrides: Record<string, unknown> = {}) => ({
  vendorName: 'Sysmex Pakistan',
  contactPerson: 'Ayesha Khan',
  phone: '+92 21 3456789',
  email: 'orders@sysmex.example',
  address: 'Plot 12, Korangi',
  cityId: karachi,
  paymentTermsDays: 45,
  active: true,
  ...overrides,
});

async function accountOf(id: number) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

describe('vendors', () => {
  it('creates a vendor with the API names of issue 7 and its payable account under the payables head', async () => {
    const created = await inject('POST', '/api/vendors', vendor());
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({ vendorName: 'Sysmex Pakistan', contactPerson: 'Ayesha Khan', cityId: karachi, paymentTermsDays: 45, active: true });
    expect(data.accountId).toEqual(expect.any(Number));
    const account = await accountOf(data.accountId);
    expect(account).toMatchObject({ accountName: 'Sysmex Pakistan', kind: 'payable', headId: payables.headId, subHeadId: payables.subHeadId, regionId: null });
    expect(account!.accountCode).toMatch(/^2000-\d{4}$/);
    // The ledger of the vendor is the ledger of that account.
    const ledger = await inject('GET', `/api/ledger/${data.accountId}?from=2026-01-01&to=2026-12-31`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    // The vendor's audit row.
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.resource, 'vendors'));
    expect(audits.some((a) => a.recordId === String(data.id) && a.action === 'create')).toBe(true);
  });

  it('refuses an accountId from the form, a duplicate name, and bad fields, creating no account', async () => {
    const before = (await t.database.db.select().from(accounts)).length;
    const forged = await inject('POST', '/api/vendors', vendor({ vendorName: 'Forged', accountId: cash }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toHaveProperty('accountId');
    const duplicate = await inject('POST', '/api/vendors', vendor());
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toHaveProperty('vendorName');
    const bad = await inject('POST', '/api/vendors', vendor({ vendorName: 'Bad', email: 'not-an-email', paymentTermsDays: 400 }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email', 'paymentTermsDays']));
    // Nothing half-way: the refused creates left no account behind.
    expect((await t.database.db.select().from(accounts)).length).toBe(before);
  });

  it('renames the account with the vendor, and the option carries the vendor keys', async () => {
    const { id, accountId } = (await inject('POST', '/api/vendors', vendor({ vendorName: 'Roche Diagnostics' }))).json().data;
    const renamed = await inject('PUT', `/api/vendors/${id}`, { vendorName: 'Roche Diagnostics Pakistan' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await accountOf(accountId))!.accountName).toBe('Roche Diagnostics Pakistan');
    const options = (await inject('GET', '/api/vendors/options?search=roche')).json().options;
    expect(options).toEqual([expect.objectContaining({ id, name: 'Roche Diagnostics Pakistan', vendorId: id, vendorName: 'Roche Diagnostics Pakistan', accountId, active: true })]);
  });

  it('deletes a vendor without postings with its account; one with postings only deactivates', async () => {
    const unused = (await inject('POST', '/api/vendors', vendor({ vendorName: 'Unused Vendor' }))).json().data;
    expect((await inject('DELETE', `/api/vendors/${unused.id}`)).statusCode).toBe(200);
    expect(await accountOf(unused.accountId)).toBeUndefined();

    const used = (await inject('POST', '/api/vendors', vendor({ vendorName: 'Used Vendor' }))).json().data;
    const journal = await inject('POST', '/api/journals', {
      journalDate: '2026-03-01',
      narration: 'Opening payable',
      lines: [
        { accountId: capital, debit: '100.00', credit: '', memo: '' },
        { accountId: used.accountId, debit: '', credit: '100.00', memo: '' },
      ],
      post: true,
    });
    expect(journal.statusCode, journal.body).toBe(201);
    const refused = await inject('DELETE', `/api/vendors/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(vendorMessages.hasPostings);
    expect(await accountOf(used.accountId)).toBeDefined();
    const deactivated = await inject('PUT', `/api/vendors/${used.id}`, { active: false });
    expect(deactivated.json().data.active).toBe(false);
  });

  it('is refused without a payables control account chosen in settings, naming it', async () => {
    const { postingAccounts } = await import('../../db/schema/index.ts');
    await t.database.db.delete(postingAccounts).where(eq(postingAccounts.key, 'payables'));
    const refused = await inject('POST', '/api/vendors', vendor({ vendorName: 'No Control' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Payables/);
    await t.database.db.insert(postingAccounts).values({ key: 'payables', accountId: payables.id });
  });

  it('follows the role table: accountant writes, auditor reads, inventory supervisor and sales roles are refused', async () => {
    const accountant = await t.userWithRole('accountant');
    expect((await inject('POST', '/api/vendors', vendor({ vendorName: 'By Accountant' }), accountant.token)).statusCode).toBe(201);
    const auditor = await t.userWithRole('auditor');
    expect((await inject('GET', '/api/vendors', undefined, auditor.token)).statusCode).toBe(200);
    expect((await inject('POST', '/api/vendors', vendor({ vendorName: 'By Auditor' }), auditor.token)).statusCode).toBe(403);
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await inject('GET', '/api/vendors', undefined, supervisor.token)).statusCode).toBe(403);
    // The purchase-order screen's vendor picker reads the options.
    expect((await inject('GET', '/api/vendors/options', undefined, supervisor.token)).statusCode).toBe(200);
    const sales = await t.userWithRole('salesExecutive');
    expect((await inject('GET', '/api/vendors/options', undefined, sales.token)).statusCode).toBe(403);
  });
});
