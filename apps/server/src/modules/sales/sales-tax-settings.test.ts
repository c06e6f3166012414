import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 29, section 1: the company's sales tax registrations and rates are sales' section of the
 * settings, answered and taken by `/api/settings` as named there, and read by every sales role
 * through `/api/sales/settings`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const settings = async () => (await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(t.adminToken) })).json().settings;
const save = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/settings', payload, headers: bearer(t.adminToken) });

describe('the company’s sales tax registration', () => {
  it('starts unregistered, a distributor of all other sectors, further tax 4 % and a withholding share of 10 %', async () => {
    expect(await settings()).toMatchObject({
      ntn: '',
      strn: '',
      province: null,
      businessActivity: 'distributor',
      sector: 'allOtherSectors',
      furtherTaxRate: '4.00',
      withholdingSharePercent: '10.00',
    });
  });

  it('stores the registrations without spaces or dashes, the NTN certificate’s check digit dropped', async () => {
    const saved = await save({ ntn: '0711234-5', strn: '17-00-1234-567-89', province: 'punjab', sector: 'pharmaceuticals', furtherTaxRate: '3.5' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await settings()).toMatchObject({ ntn: '0711234', strn: '1700123456789', province: 'punjab', sector: 'pharmaceuticals', furtherTaxRate: '3.50' });
    expect((await save({ ntn: ' 0711 234 ' })).statusCode).toBe(200);
    expect((await settings()).ntn).toBe('0711234');
  });

  it('refuses a wrong length, a letter, a province or activity not listed and a rate above 100, naming each field, and stores none of them', async () => {
    const refused = await save({ ntn: '071123', strn: '17001234567AB', province: 'lahore', businessActivity: 'broker', withholdingSharePercent: '100.01', companyName: 'Not Saved' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['businessActivity', 'ntn', 'province', 'strn', 'withholdingSharePercent']);
    expect(await settings()).toMatchObject({ ntn: '0711234', strn: '1700123456789', province: 'punjab', businessActivity: 'distributor', withholdingSharePercent: '10.00' });
    expect((await settings()).companyName).not.toBe('Not Saved');
    // '' clears a registration; null a province.
    expect((await save({ strn: '', province: null })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ strn: '', province: null });
  });

  it('is read by the sales roles through /api/sales/settings', async () => {
    expect((await save({ strn: '1700123456789', province: 'sindh' })).statusCode).toBe(200);
    const sales = await t.userWithRole('salesExecutive');
    const response = await t.app.inject({ method: 'GET', url: '/api/sales/settings', headers: bearer(sales.token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings).toMatchObject({ ntn: '0711234', strn: '1700123456789', province: 'sindh', furtherTaxRate: '3.50', withholdingSharePercent: '10.00' });
  });
});
