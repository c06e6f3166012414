import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { type SalesFixtures, salesFixtures } from './sales-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** The sales fixtures, a serial-tracked analyser, a hospital and the admin as an actor: what the rentals billing tests start from. */
export interface RentalFixtures extends SalesFixtures {
  analyser: number;
  hospital: { id: number; accountId: number };
  admin: Actor;
  /** Receives serial `serial`, drafts an agreement of the hospital on it (start 2024-04-01, 150,000 a month; `terms` override), approves it and places the unit on `placementDate`. */
  placedAgreement(serial: string, terms?: Record<string, unknown>, placementDate?: string): Promise<number>;
  /** An active venture over the hospital's business (partner: the fixtures' vendor, 40 %): an agreement naming it stamps its rows with it. */
  hospitalVenture(name: string): Promise<number>;
}

export async function rentalFixtures(t: TestApp, prefix: string): Promise<RentalFixtures> {
  const f = await salesFixtures(t, prefix);
  const must = async (method: 'POST', url: string, body: object | undefined, status: number) => {
    const response = await f.call(method, url, body);
    if (response.statusCode !== status) throw new Error(`${url}: ${response.body}`);
    return response.json().data as { id: number };
  };
  const [user] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE username = 'admin'`);
  const hospital = await f.newCustomer('Rental Hospital', { creditLimit: '100000000.00' });
  const { id: analyser } = await must(
    'POST',
    '/api/items',
    { itemName: `${prefix} Analyser`, articleNumber: `${prefix}-AN-1`, categoryId: f.category, unit: 'pack', costPrice: '0.00', salePrice: '0.00', lotTracked: false, serialTracked: true, storageCondition: 'ambient', active: true },
    201,
  );
  await must('POST', `/api/items/${analyser}/approve`, undefined, 200);
  const placedAgreement: RentalFixtures['placedAgreement'] = async (serial, terms = {}, placementDate = '2024-04-01') => {
    const [inventoryId] = await f.receive([{ itemId: analyser, lotNumber: serial, quantity: 1, unitCost: '1000000.00' }]);
    const [asset] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM rental_assets WHERE serial_number = ${serial}`);
    const { id } = await must(
      'POST',
      '/api/rental-agreements',
      {
        customerId: hospital.id,
        regionId: f.north,
        rentalAssetId: Number(asset!.id),
        startDate: '2024-04-01',
        termMonths: 60,
        billingModel: 'minimumPurchase',
        monthlyCommitment: '150000.00',
        shortfallMode: 'gap',
        settlementPeriod: 'month',
        downtimeWaiver: true,
        autoRenew: false,
        ...terms,
      },
      201,
    );
    await must('POST', `/api/rental-agreements/${id}/approve`, undefined, 200);
    await must('POST', '/api/placements', { rentalAgreementId: id, inventoryId, placementDate, post: true }, 201);
    return id;
  };
  const hospitalVenture: RentalFixtures['hospitalVenture'] = async (name) => {
    const { id } = await must(
      'POST',
      '/api/joint-ventures',
      { ventureName: name, partnerType: 'vendor', partnerId: f.vendor.id, customerIds: [hospital.id], startDate: '2024-01-01', basis: 'revenue', lossRule: 'share', shares: [{ effectiveFrom: '2024-01-01', partnerPercent: '40' }] },
      201,
    );
    await must('POST', `/api/joint-ventures/${id}/activate`, undefined, 200);
    return id;
  };
  return { ...f, analyser, hospital, hospitalVenture, admin: { userId: Number(user!.id), role: 'admin', scopes: [], permissions: {} }, placedAgreement };
}
