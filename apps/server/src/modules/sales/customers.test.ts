import { customerMessages } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let receivables: { id: number; headId: number; subHeadId: number | null };
let capital: number;
const ids = { sindh: 0, punjab: 0, karachi: 0, lahore: 0, salesperson: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select().from(accounts);
  const byCode = new Map(rows.map((a) => [a.accountCode, a]));
  const control = byCode.get('1100')!;
  receivables = { id: control.id, headId: control.headId, subHeadId: control.subHeadId };
  capital = byCode.get('3000')!.id;
  ids.sindh = (await inject('POST', '/api/regions', { regionName: 'Customer Sindh', regionCode: 'CSD' })).json().data.id;
  ids.punjab = (await inject('POST', '/api/regions', { regionName: 'Customer Punjab', regionCode: 'CPB' })).json().data.id;
  ids.karachi = (await inject('POST', '/api/cities', { cityName: 'Customer Karachi', regionId: ids.sindh })).json().data.id;
  ids.lahore = (await inject('POST', '/api/cities', { cityName: 'Customer Lahore', regionId: ids.punjab })).json().data.id;
  ids.salesperson = (await t.userWithRole('salesExecutive')).id;
});
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: bearer(token) });

const customer = (overrides: Record<string, unknown> = {}) => ({
  customerName: 'Civil Hospital Karachi',
  customerType: 'hospital',
  regionId: ids.sindh,
  cityId: ids.karachi,
  address: 'Baba-e-Urdu Road, Karachi',
  phone: '+92 21 9921 5740',
  email: 'stores@civil.example',
  taxNumber: 'NTN 1234567-8',
  creditLimit: '500000.00',
  paymentTermsDays: 45,
  salespersonId: ids.salesperson,
  active: true,
  ...overrides,
});

async function accountOf(id: number) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

async function postOnAccount(accountId: number, debit: string, date = '2026-03-01') {
  const journal = await inject('POST', '/api/journals', {
    journalDate: date,
    narration: 'Opening receivable',
    lines: [
      { accountId, debit, credit: '', memo: '' },
      { accountId: capital, debit: '', credit: debit, memo: '' },
    ],
    post: true,
  });
  expect(journal.statusCode, journal.body).toBe(201);
}

describe('customers', () => {
  it("creates a customer with the API names of issue 8 and its receivable account under the receivables head, in the customer's region", async () => {
    const created = await inject('POST', '/api/customers', customer());
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      customerName: 'Civil Hospital Karachi',
      customerType: 'hospital',
      regionId: ids.sindh,
      region: { id: ids.sindh, regionName: 'Customer Sindh' },
      cityId: ids.karachi,
      taxNumber: 'NTN 1234567-8',
      creditLimit: '500000.00',
      paymentTermsDays: 45,
      salespersonId: ids.salesperson,
      active: true,
      balance: '0.00',
      creditLeft: '500000.00',
    });
    const account = await accountOf(data.accountId);
    expect(account).toMatchObject({ accountName: 'Civil Hospital Karachi', kind: 'receivable', headId: receivables.headId, subHeadId: receivables.subHeadId, regionId: ids.sindh });
    expect(account!.accountCode).toMatch(/^1100-\d{4}$/);
    const ledger = await inject('GET', `/api/ledger/${data.accountId}?from=2026-01-01&to=2026-12-31`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.resource, 'customers'));
    expect(audits.some((a) => a.recordId === String(data.id) && a.action === 'create')).toBe(true);
  });

  it('defaults to cash only (credit limit 0.00) and 30 days, and refuses an accountId, a duplicate name and bad fields, creating no account', async () => {
    const before = (await t.database.db.select().from(accounts)).length;
    const forged = await inject('POST', '/api/customers', customer({ customerName: 'Forged', accountId: capital }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toHaveProperty('accountId');
    const duplicate = await inject('POST', '/api/customers', customer());
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toHaveProperty('customerName');
    const bad = await inject('POST', '/api/customers', customer({ customerName: 'Bad', customerType: 'pharmacy', creditLimit: '-1.00', email: 'nope', regionId: null }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['customerType', 'creditLimit', 'email', 'regionId']));
    const unknownRegion = await inject('POST', '/api/customers', customer({ customerName: 'Nowhere', regionId: 999_999 }));
    expect(unknownRegion.statusCode).toBe(400);
    expect(unknownRegion.json().errors).toHaveProperty('regionId');
    expect((await t.database.db.select().from(accounts)).length).toBe(before);
    const minimal = await inject('POST', '/api/customers', { customerName: 'Walk-in Clinic', customerType: 'clinic', regionId: ids.sindh, creditLimit: '0.00', paymentTermsDays: 30, active: true });
    expect(minimal.statusCode, minimal.body).toBe(201);
    expect(minimal.json().data).toMatchObject({ creditLimit: '0.00', salespersonId: null, balance: '0.00', creditLeft: '0.00' });
  });

  it('renames and moves the account with the customer, and the option carries the customer keys', async () => {
    const { id, accountId } = (await inject('POST', '/api/customers', customer({ customerName: 'Indus Lab' }))).json().data;
    const renamed = await inject('PUT', `/api/customers/${id}`, { customerName: 'Indus Laboratory', regionId: ids.punjab, cityId: ids.lahore });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await accountOf(accountId)).toMatchObject({ accountName: 'Indus Laboratory', regionId: ids.punjab });
    const options = (await inject('GET', '/api/customers/options?search=indus')).json().options;
    expect(options).toEqual([expect.objectContaining({ id, name: 'Indus Laboratory', customerId: id, customerName: 'Indus Laboratory', regionId: ids.punjab, accountId, active: true })]);
  });

  it('shows the balance and the credit left after a posted journal on the account, exactly, over the limit too', async () => {
    const { id, accountId } = (await inject('POST', '/api/customers', customer({ customerName: 'Balance Hospital', creditLimit: '1000.10' }))).json().data;
    await postOnAccount(accountId, '400.05');
    await postOnAccount(accountId, '0.10', '2026-03-02');
    expect((await inject('GET', `/api/customers/${id}`)).json().data).toMatchObject({ balance: '400.15', creditLeft: '599.95' });
    await postOnAccount(accountId, '700.00', '2026-03-03');
    const listed = (await inject('GET', '/api/customers?search=balance%20hospital')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id, balance: '1100.15', creditLeft: '-100.05' })]);
    // A credit (the customer paid more than it owed) shows as a negative balance.
    const paid = await inject('POST', '/api/journals', {
      journalDate: '2026-03-04',
      narration: 'Received',
      lines: [
        { accountId: capital, debit: '1200.00', credit: '', memo: '' },
        { accountId, debit: '', credit: '1200.00', memo: '' },
      ],
      post: true,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await inject('GET', `/api/customers/${id}`)).json().data).toMatchObject({ balance: '-99.85', creditLeft: '1099.95' });
  });

  it('deletes a customer without postings with its account; one with postings only deactivates', async () => {
    const unused = (await inject('POST', '/api/customers', customer({ customerName: 'Unused Customer' }))).json().data;
    expect((await inject('DELETE', `/api/customers/${unused.id}`)).statusCode).toBe(200);
    expect(await accountOf(unused.accountId)).toBeUndefined();

    const used = (await inject('POST', '/api/customers', customer({ customerName: 'Used Customer' }))).json().data;
    await postOnAccount(used.accountId, '100.00');
    const refused = await inject('DELETE', `/api/customers/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(customerMessages.hasPostings);
    expect(await accountOf(used.accountId)).toBeDefined();
    const deactivated = await inject('PUT', `/api/customers/${used.id}`, { active: false });
    expect(deactivated.json().data.active).toBe(false);
  });

  it('is refused without a receivables control account chosen in settings, naming it', async () => {
    const { postingAccounts } = await import('../../db/schema/index.ts');
    await t.database.db.delete(postingAccounts).where(eq(postingAccounts.key, 'receivables'));
    const refused = await inject('POST', '/api/customers', customer({ customerName: 'No Control' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Receivables/);
    await t.database.db.insert(postingAccounts).values({ key: 'receivables', accountId: receivables.id });
  });
});

describe('who may read and write customers', () => {
  it('lets every role with /customers read and write (spec section 6), the auditor only read, and refuses the others', async () => {
    const writers = ['accountant', 'operationManager', 'salesManager', 'salesExecutive', 'serviceManager', 'asm', 'seniorServiceEngineer', 'serviceEngineer'] as const;
    for (const role of writers) {
      const { token } = await t.userWithRole(role);
      expect((await inject('GET', '/api/customers', undefined, token)).statusCode, role).toBe(200);
      const created = await inject('POST', '/api/customers', customer({ customerName: `By ${role}`, creditLimit: '0.00' }), token);
      expect(created.statusCode, `${role} ${created.body}`).toBe(201);
    }
    const auditor = (await t.userWithRole('auditor')).token;
    expect((await inject('GET', '/api/customers', undefined, auditor)).statusCode).toBe(200);
    expect((await inject('POST', '/api/customers', customer({ customerName: 'By Auditor' }), auditor)).statusCode).toBe(403);
    const supervisor = (await t.userWithRole('inventorySupervisor')).token;
    expect((await inject('GET', '/api/customers', undefined, supervisor)).statusCode).toBe(403);
    // The invoices screen's customer picker reads the options.
    expect((await inject('GET', '/api/customers/options', undefined, supervisor)).statusCode).toBe(200);
  });

  it('lets only holders of customers:credit-limit (accountant, admin) give or change credit', async () => {
    const sales = (await t.userWithRole('salesManager')).token;
    const refused = await inject('POST', '/api/customers', customer({ customerName: 'Credit By Sales', creditLimit: '100000.00' }), sales);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(customerMessages.creditLimitScope);
    const { id } = (await inject('POST', '/api/customers', customer({ customerName: 'Cash By Sales', creditLimit: '0' }), sales)).json().data;
    expect((await inject('PUT', `/api/customers/${id}`, { creditLimit: '5000.00' }, sales)).statusCode).toBe(403);
    // Sending the same limit back (a form saved unchanged) is no change.
    expect((await inject('PUT', `/api/customers/${id}`, { creditLimit: '0.00', phone: '+92 300 1234567' }, sales)).statusCode).toBe(200);
    const accountant = (await t.userWithRole('accountant')).token;
    const raised = await inject('PUT', `/api/customers/${id}`, { creditLimit: '5000.00' }, accountant);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data.creditLimit).toBe('5000.00');
    const granted = (await t.userWithRole('salesManager', { scopes: ['customers:credit-limit'] })).token;
    expect((await inject('PUT', `/api/customers/${id}`, { creditLimit: '6000.00' }, granted)).statusCode).toBe(200);
    // Deleting needs customers:delete (the accountant's *:delete), as every resource.
    expect((await inject('DELETE', `/api/customers/${id}`, undefined, sales)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/customers/${id}`, undefined, accountant)).statusCode).toBe(200);
  });

  it("keeps a user limited to regions to their regions' customers, on lists, options, reads, writes and references", async () => {
    const inSindh = (await inject('POST', '/api/customers', customer({ customerName: 'Sindh Only Clinic', customerType: 'clinic' }))).json().data;
    const inPunjab = (await inject('POST', '/api/customers', customer({ customerName: 'Punjab Only Clinic', customerType: 'clinic', regionId: ids.punjab, cityId: ids.lahore }))).json().data;
    const { id: userId, token } = await t.userWithRole('salesExecutive');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [ids.sindh] })}::jsonb WHERE id = ${userId}`);
    const listed = (await inject('GET', '/api/customers?pageSize=200', undefined, token)).json().data as { id: number; regionId: number }[];
    expect(listed.some((c) => c.id === inSindh.id)).toBe(true);
    expect(listed.every((c) => c.regionId === ids.sindh)).toBe(true);
    const options = (await inject('GET', '/api/customers/options?search=only%20clinic', undefined, token)).json().options as { id: number }[];
    expect(options.map((o) => o.id)).toEqual([inSindh.id]);
    expect((await inject('GET', `/api/customers/${inPunjab.id}`, undefined, token)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/customers/${inPunjab.id}`, { phone: '1' }, token)).statusCode).toBe(404);
    // Its ledger (the account is in Punjab) is not theirs either.
    expect((await inject('GET', `/api/ledger/${inPunjab.accountId}`, undefined, token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/ledger/${inSindh.accountId}`, undefined, token)).statusCode).toBe(200);
    // Nor may they create one in, or move one to, another region.
    const elsewhere = await inject('POST', '/api/customers', customer({ customerName: 'Elsewhere', regionId: ids.punjab, cityId: null, creditLimit: '0.00' }), token);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toHaveProperty('regionId');
    expect((await inject('PUT', `/api/customers/${inSindh.id}`, { regionId: ids.punjab }, token)).statusCode).toBe(400);
  });
});

describe('customers as clients name them (issue 17)', () => {
  it('accept and answer `type`, with `customerType` kept as its alias, in bodies, rows and list filters', async () => {
    const { customerType: _named, ...rest } = customer({ customerName: 'Typed Clinic' });
    const created = await inject('POST', '/api/customers', { ...rest, type: 'clinic' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ type: 'clinic', customerType: 'clinic' });

    const updated = await inject('PUT', `/api/customers/${id}`, { type: 'laboratory' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ type: 'laboratory', customerType: 'laboratory' });
    expect((await inject('PUT', `/api/customers/${id}`, { customerType: 'distributor', type: 'distributor' })).json().data.type).toBe('distributor');

    const filtered = (await inject('GET', `/api/customers?type=distributor&search=${encodeURIComponent('Typed Clinic')}`)).json().data;
    expect(filtered.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await inject('GET', `/api/customers?type=clinic&search=${encodeURIComponent('Typed Clinic')}`)).json().data).toEqual([]);

    const bad = await inject('POST', '/api/customers', { ...rest, customerName: 'Bad Type', type: 'pharmacy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('customerType');
    const twice = await inject('PUT', `/api/customers/${id}`, { customerType: 'clinic', type: 'hospital' });
    expect(twice.statusCode).toBe(400);
  });
});
