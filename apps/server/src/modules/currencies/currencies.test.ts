import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { rateOn, rateOrRefusal } from './currencies.api.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createCurrency(code: string, extra: object = {}): Promise<number> {
  const created = await call('POST', '/api/currencies', { code, currencyName: `${code} money`, ...extra });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id;
}

const addRate = (currency: string, rateDate: string, rate: string | number, extra: object = {}) => call('POST', '/api/exchange-rates', { currency, rateDate, rate, ...extra });

describe('currencies (issue 33, section 1)', () => {
  it('start with the company currency, PKR, answered as the company row', async () => {
    const list = (await call('GET', '/api/currencies')).json().data;
    expect(list).toEqual([expect.objectContaining({ code: 'PKR', currencyName: 'Pakistani rupee', symbol: 'Rs', decimals: 2, active: true, isCompany: true })]);
  });

  it('take a code of three capitals, unique (409), decimals 0 to 3 defaulting to 2', async () => {
    const id = await createCurrency('usd', { symbol: '$' });
    expect((await call('GET', `/api/currencies/${id}`)).json().data).toMatchObject({ code: 'USD', decimals: 2, active: true, isCompany: false });
    const twice = await call('POST', '/api/currencies', { code: 'USD', currencyName: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toHaveProperty('code');
    for (const bad of ['US', 'USDX', 'U1D']) expect((await call('POST', '/api/currencies', { code: bad, currencyName: 'X' })).json().errors, bad).toHaveProperty('code');
    expect((await call('POST', '/api/currencies', { code: 'KWD', currencyName: 'Dinar', decimals: 4 })).json().errors).toHaveProperty('decimals');
    expect((await call('POST', '/api/currencies', { code: 'KWD', currencyName: 'Dinar', decimals: 3 })).statusCode).toBe(201);
  });

  it('never deactivate, recode or delete the company currency', async () => {
    const pkr = (await call('GET', '/api/currencies?search=PKR')).json().data[0];
    const deactivated = await call('PUT', `/api/currencies/${pkr.id}`, { active: false });
    expect(deactivated.statusCode).toBe(400);
    expect(deactivated.json()).toMatchObject({ message: 'PKR is the company currency; it cannot be deactivated', errors: { active: 'PKR is the company currency; it cannot be deactivated' } });
    const recoded = await call('PUT', `/api/currencies/${pkr.id}`, { code: 'PKX' });
    expect(recoded.statusCode).toBe(400);
    expect(recoded.json().errors).toEqual({ code: 'PKR is the company currency; change the currency in Settings instead' });
    const deleted = await call('DELETE', `/api/currencies/${pkr.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('PKR is the company currency; it cannot be deleted');
    // Its name and symbol are the users' to set.
    expect((await call('PUT', `/api/currencies/${pkr.id}`, { currencyName: 'Rupee', symbol: 'Rs.' })).statusCode).toBe(200);
  });

  it('follow the settings: a new company currency is made a row, and the old one is a currency like others', async () => {
    expect((await call('PUT', '/api/settings', { currency: 'AED' })).statusCode).toBe(200);
    const rows = (await call('GET', '/api/currencies?pageSize=50')).json().data as { code: string; isCompany: boolean; active: boolean }[];
    expect(rows.filter((r) => r.isCompany).map((r) => r.code)).toEqual(['AED']);
    expect(rows.find((r) => r.code === 'PKR')).toMatchObject({ isCompany: false, active: true });
    expect((await call('PUT', '/api/settings', { currency: 'PKR' })).statusCode).toBe(200);
  });

  it('offer their options to /accounting, /purchase-orders and /payments, not to sales', async () => {
    for (const role of ['accountant', 'auditor', 'inventorySupervisor'] as const) {
      const user = await t.userWithRole(role);
      const options = await call('GET', '/api/currencies/options', undefined, user.token);
      expect(options.statusCode, role).toBe(200);
      expect(options.json().options).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Rupee', code: 'PKR', isCompany: true, decimals: 2 })]));
    }
    const seller = await t.userWithRole('salesExecutive');
    expect((await call('GET', '/api/currencies/options', undefined, seller.token)).statusCode).toBe(403);
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await call('GET', '/api/currencies', undefined, supervisor.token)).statusCode).toBe(403);
  });
});

describe('exchange rates', () => {
  beforeAll(async () => {
    await createCurrency('EUR');
    await createCurrency('CNY');
    await createCurrency('GBP', { active: false });
  });

  it('keep a rate exactly, to 6 decimals, and refuse a 7th, zero or less', async () => {
    const created = await addRate('EUR', '2026-03-02', '305.123456');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ currency: 'EUR', rateDate: '2026-03-02', rate: '305.123456', source: 'manual' });
    // A JSON number is read by its digits, never as a binary float.
    expect((await addRate('EUR', '2026-03-03', 0.1)).json().data.rate).toBe('0.100000');
    for (const bad of ['305.1234567', '0', '-1', 'abc']) expect((await addRate('EUR', '2026-03-04', bad)).json().errors, bad).toHaveProperty('rate');
  });

  it('hold one rate per currency and day (409), for an active foreign currency only (400 currency)', async () => {
    const twice = await addRate('EUR', '2026-03-02', '306');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'A EUR rate for 2026-03-02 already exists', errors: { rateDate: 'A EUR rate for 2026-03-02 already exists' } });
    expect((await addRate('CNY', '2026-03-02', '38.5')).statusCode).toBe(201);
    const company = await addRate('PKR', '2026-03-02', '1');
    expect(company.statusCode).toBe(400);
    expect(company.json().errors).toEqual({ currency: 'PKR is the company currency; it takes no exchange rate' });
    expect((await addRate('GBP', '2026-03-02', '350')).json().errors).toEqual({ currency: 'GBP is inactive; activate it before entering its rates' });
    expect((await addRate('XYZ', '2026-03-02', '1')).json().errors).toEqual({ currency: 'Currency XYZ does not exist' });
    const cny = (await call('GET', '/api/exchange-rates?currency=CNY')).json().data[0];
    const moved = await call('PUT', `/api/exchange-rates/${cny.id}`, { currency: 'EUR' });
    expect(moved.statusCode).toBe(409);
    expect((await call('PUT', `/api/exchange-rates/${cny.id}`, { rate: '38.75', source: 'sbp' })).json().data).toMatchObject({ rate: '38.750000', source: 'sbp' });
  });

  it('list by currency and by dates, both days included, newest first', async () => {
    for (const day of ['2026-04-01', '2026-04-02', '2026-04-03']) expect((await addRate('CNY', day, '39')).statusCode).toBe(201);
    const days = async (query: string) => ((await call('GET', `/api/exchange-rates?${query}`)).json().data as { rateDate: string }[]).map((r) => r.rateDate);
    expect(await days('currency=CNY&from=2026-04-01&to=2026-04-02')).toEqual(['2026-04-02', '2026-04-01']);
    expect(await days('currency=CNY&from=2026-04-02')).toEqual(['2026-04-03', '2026-04-02']);
    expect(await days('currency=CNY&to=2026-03-31')).toEqual(['2026-03-02']);
    expect(await days('currency=EUR&source=manual')).toEqual(['2026-03-03', '2026-03-02']);
    const refused = await call('GET', '/api/exchange-rates?from=2026-02-30');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('from');
    const exported = await call('GET', '/api/exchange-rates/export?format=csv&currency=CNY&from=2026-04-02');
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trim().split(/\r?\n/)).toHaveLength(3);
  });

  it('are written on /accounting (admin, accountant); the auditor reads, 403 on writes; others 403', async () => {
    const accountant = await t.userWithRole('accountant');
    expect((await call('POST', '/api/exchange-rates', { currency: 'EUR', rateDate: '2026-05-05', rate: '301' }, accountant.token)).statusCode).toBe(201);
    const auditor = await t.userWithRole('auditor');
    expect((await call('GET', '/api/exchange-rates', undefined, auditor.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/exchange-rates', { currency: 'EUR', rateDate: '2026-05-06', rate: '301' }, auditor.token)).statusCode).toBe(403);
    const supervisor = await t.userWithRole('inventorySupervisor');
    expect((await call('POST', '/api/exchange-rates', { currency: 'EUR', rateDate: '2026-05-06', rate: '301' }, supervisor.token)).statusCode).toBe(403);
  });
});

describe('GET /api/exchange-rates/rate', () => {
  beforeAll(async () => {
    await createCurrency('JPY', { decimals: 0 });
    // Friday the 6th and Monday the 9th of November 2026, as the State Bank publishes.
    expect((await addRate('JPY', '2026-11-06', '1.850000', { source: 'sbp' })).statusCode).toBe(201);
    expect((await addRate('JPY', '2026-11-09', '1.860000', { source: 'sbp' })).statusCode).toBe(201);
  });

  const rate = (query: string, token = t.adminToken) => call('GET', `/api/exchange-rates/rate?${query}`, undefined, token);

  it('answers the latest rate on or before the date', async () => {
    expect((await rate('currency=JPY&date=2026-11-08')).json().data).toEqual({ currency: 'JPY', date: '2026-11-08', rate: '1.850000', rateDate: '2026-11-06', source: 'sbp' });
    expect((await rate('currency=jpy&date=2026-11-09')).json().data).toMatchObject({ rate: '1.860000', rateDate: '2026-11-09' });
    expect((await rate('currency=JPY&date=2026-11-12')).json().data).toMatchObject({ rateDate: '2026-11-09' });
  });

  it('takes a rate exactly the settings’ days old, not a day older, with the message word for word', async () => {
    // The 9th's rate is 7 days old on the 16th.
    expect((await rate('currency=JPY&date=2026-11-16')).json().data).toMatchObject({ rateDate: '2026-11-09' });
    const none = await rate('currency=JPY&date=2026-11-17');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No JPY rate on or before 2026-11-17 (7 days); enter it or import the State Bank's rates");
    const before = await rate('currency=JPY&date=2026-11-05');
    expect(before.statusCode).toBe(404);
    expect((await call('PUT', '/api/settings', { exchangeRateMaxAgeDays: 0 })).statusCode).toBe(200);
    expect((await rate('currency=JPY&date=2026-11-09')).statusCode).toBe(200);
    expect((await rate('currency=JPY&date=2026-11-10')).json().message).toBe("No JPY rate on or before 2026-11-10 (0 days); enter it or import the State Bank's rates");
    expect((await call('PUT', '/api/settings', { exchangeRateMaxAgeDays: 8 })).statusCode).toBe(200);
    expect((await rate('currency=JPY&date=2026-11-17')).json().data).toMatchObject({ rateDate: '2026-11-09' });
    expect((await rate('currency=JPY&date=2026-11-18')).statusCode).toBe(404);
    for (const bad of [-1, 32]) expect((await call('PUT', '/api/settings', { exchangeRateMaxAgeDays: bad })).json().errors, String(bad)).toHaveProperty('exchangeRateMaxAgeDays');
    expect((await call('PUT', '/api/settings', { exchangeRateMaxAgeDays: 7 })).statusCode).toBe(200);
    expect((await call('GET', '/api/settings')).json().settings.exchangeRateMaxAgeDays).toBe(7);
  });

  it('answers the company currency at 1 and refuses an unknown one or a bad date', async () => {
    expect((await rate('currency=PKR&date=2026-11-17')).json().data).toEqual({ currency: 'PKR', date: '2026-11-17', rate: '1.000000', rateDate: '2026-11-17', source: null });
    expect((await rate('currency=XYZ&date=2026-11-17')).json()).toMatchObject({ status: 400, errors: { currency: 'Currency XYZ does not exist' } });
    expect((await rate('currency=JPY&date=2026-11-31')).json().errors).toHaveProperty('date');
    expect((await rate('date=2026-11-12')).json().errors).toHaveProperty('currency');
  });

  it('is read by the roles of /accounting, /purchase-orders and /payments', async () => {
    for (const role of ['accountant', 'auditor', 'inventorySupervisor'] as const) {
      const user = await t.userWithRole(role);
      expect((await rate('currency=JPY&date=2026-11-09', user.token)).statusCode, role).toBe(200);
    }
    for (const role of ['salesExecutive', 'serviceEngineer', 'operationManager'] as const) {
      const user = await t.userWithRole(role);
      expect((await rate('currency=JPY&date=2026-11-09', user.token)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/exchange-rates/rate?currency=JPY&date=2026-11-09' })).statusCode).toBe(401);
  });

  it('is the same rule for other areas: rateOn (404) and rateOrRefusal (400 naming exchangeRate)', async () => {
    expect(await rateOn(t.database.db, 'JPY', '2026-11-10')).toMatchObject({ rate: '1.860000', rateDate: '2026-11-09' });
    await expect(rateOn(t.database.db, 'JPY', '2026-11-20')).rejects.toMatchObject({ statusCode: 404, message: "No JPY rate on or before 2026-11-20 (7 days); enter it or import the State Bank's rates" });
    await expect(rateOrRefusal(t.database.db, 'JPY', '2026-11-20')).rejects.toMatchObject({
      statusCode: 400,
      errors: { exchangeRate: "No JPY rate on or before 2026-11-20 (7 days); enter it or import the State Bank's rates" },
    });
  });
});
