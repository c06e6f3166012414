import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { visitMessages } from './service-visits.service.ts';

/**
 * A user kept to a region (permissions `{regions: [south]}`) reaches no other region through a
 * rental record: a deposit into another region's account, parts drawn from another region's or a
 * customer site's stock, and a month end over another region's agreements are refused or left out.
 */
let t: TestApp;
let f: RentalFixtures;
let north: number;
let south: number;
let southOnly: { token: string };
let headId: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const must = async (response: Promise<{ statusCode: number; body: string; json(): { data: { id: number } } }>, status: number) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json().data;
};

/** An agreement of a South clinic on a unit received into the South warehouse, approved and placed on 1 April 2024. */
async function southAgreement(serial: string, terms: Record<string, unknown> = {}): Promise<number> {
  const clinic = await f.newCustomer(`${serial} clinic`, { regionId: f.south, creditLimit: '100000000.00' });
  const [inventoryId] = await f.receive([{ itemId: f.analyser, lotNumber: serial, quantity: 1, unitCost: '1000000.00' }], f.south);
  const [asset] = await rows<{ id: number }>(sql`SELECT id FROM rental_assets WHERE serial_number = ${serial}`);
  const { id } = await must(
    f.call('POST', '/api/rental-agreements', {
      customerId: clinic.id, regionId: f.south, rentalAssetId: Number(asset!.id), startDate: '2024-04-01', termMonths: 60, billingModel: 'minimumPurchase',
      monthlyCommitment: '150000.00', shortfallMode: 'gap', settlementPeriod: 'month', downtimeWaiver: true, autoRenew: false, ...terms,
    }),
    201,
  );
  await must(f.call('POST', `/api/rental-agreements/${id}/approve`), 200);
  await must(f.call('POST', '/api/placements', { rentalAgreementId: id, inventoryId, placementDate: '2024-04-01', post: true }), 201);
  return id;
}

const bankOf = async (code: string, regionId: number) =>
  (await must(f.call('POST', '/api/accounts', { accountCode: code, accountName: `RS bank ${code}`, headId, kind: 'bank', regionId, active: true }), 201)).id;

beforeAll(async () => {
  t = await createTestApp();
  f = await rentalFixtures(t, 'RS');
  // Created first, the North agreement comes before the South one in the month end's order.
  north = await f.placedAgreement('RS-SN-N');
  south = await southAgreement('RS-SN-S', { deposit: '5000.00' });
  const user = await t.userWithRole('accountant');
  await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${user.id}`);
  southOnly = user;
  const heads = (await f.call('GET', '/api/account-heads?pageSize=100')).json().data as Array<{ id: number; headType: string }>;
  headId = heads.find((h) => h.headType === 'asset')!.id;
}, 180_000);
afterAll(async () => t?.close());

describe('a rental deposit by a user kept to a region', () => {
  it("is refused into another region's bank account (400 naming accountId, as if it did not exist); their own region's takes it", async () => {
    const northBank = await bankOf('RS-N-1', f.north);
    const southBank = await bankOf('RS-S-1', f.south);
    const deposit = (accountId: number) => f.call('POST', `/api/rental-agreements/${south}/deposit`, { accountId, date: f.today }, southOnly.token);
    const refused = await deposit(northBank);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ accountId: 'Account does not exist' });
    expect(await rows(sql`SELECT 1 FROM gl_entries WHERE document_type = 'rental-deposits' AND document_id = ${south}::int`)).toEqual([]);
    const taken = await deposit(southBank);
    expect(taken.statusCode, taken.body).toBe(200);
    const [debit] = await rows<{ accountId: number; debit: string }>(
      sql`SELECT account_id AS "accountId", debit::text AS debit FROM gl_entries WHERE document_type = 'rental-deposits' AND document_id = ${south}::int AND debit > 0`,
    );
    expect(debit).toEqual({ accountId: southBank, debit: '5000.00' });
  });
});

describe("a service visit's parts", () => {
  it("come from the agreement's region's warehouse: another region's lot reads as missing, a lot elsewhere or an analyser is refused, naming parts.N.inventoryId", async () => {
    const [northLot] = await f.receive([{ itemId: f.reagent, lotNumber: 'RS-N-LOT', quantity: 10, unitCost: '30.00', expiresIn: 300 }]);
    const [southLot] = await f.receive([{ itemId: f.reagent, lotNumber: 'RS-S-LOT', quantity: 10, unitCost: '30.00', expiresIn: 300 }], f.south);
    // An analyser in stock in the South warehouse, and the North agreement's unit at its customer's site.
    const [idleAnalyser] = await f.receive([{ itemId: f.analyser, lotNumber: 'RS-SN-IDLE', quantity: 1, unitCost: '1000000.00' }], f.south);
    const [placed] = await rows<{ siteLot: number }>(sql`SELECT site_inventory_id AS "siteLot" FROM placements WHERE rental_agreement_id = ${north}::int`);
    const siteLot = Number(placed!.siteLot);
    const visit = (agreement: number, inventoryIds: number[], token?: string) =>
      f.call('POST', '/api/service-visits', { rentalAgreementId: agreement, visitDate: f.today, visitKind: 'breakdown', parts: inventoryIds.map((inventoryId) => ({ inventoryId, quantity: 1 })) }, token);
    const onHand = async (id: number) => Number((await rows<{ q: number }>(sql`SELECT quantity AS q FROM inventory WHERE id = ${id}::int`))[0]!.q);

    const bySouth = await visit(south, [northLot!, siteLot, idleAnalyser!, southLot!], southOnly.token);
    expect(bySouth.statusCode, bySouth.body).toBe(400);
    expect(bySouth.json().errors).toEqual({
      'parts.0.inventoryId': visitMessages.lotMissing,
      'parts.1.inventoryId': visitMessages.lotMissing,
      'parts.2.inventoryId': visitMessages.analyser,
    });
    // A user of every region sees every lot, and is still held to the agreement's warehouse and to parts.
    const byAdmin = await visit(south, [northLot!, siteLot, southLot!]);
    expect(byAdmin.statusCode, byAdmin.body).toBe(400);
    expect(byAdmin.json().errors).toEqual({ 'parts.0.inventoryId': visitMessages.notRegionWarehouse, 'parts.1.inventoryId': visitMessages.analyser });
    expect([await onHand(northLot!), await onHand(siteLot), await onHand(idleAnalyser!)]).toEqual([10, 1, 1]);
    expect(await rows(sql`SELECT 1 FROM service_visits WHERE rental_agreement_id = ${south}::int`)).toEqual([]);

    const taken = await visit(south, [southLot!], southOnly.token);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json().data).toMatchObject({ status: 'posted', partsCost: '30.00' });
    expect(await onHand(southLot!)).toBe(9);
  });
});

describe('the month end started by a user kept to a region', () => {
  it("bills their region's agreements only and finishes; a user of every region then bills the rest", async () => {
    const invoiced = async () =>
      (await rows<{ agreement: number }>(sql`SELECT rental_agreement_id AS agreement FROM invoices WHERE kind = 'rentalShortfall' AND document_date = '2024-04-30' ORDER BY rental_agreement_id`)).map((r) =>
        Number(r.agreement),
      );
    const run = async (token?: string) => {
      const started = await f.call('POST', '/api/rental-agreements/month-end', { month: '2024-04' }, token);
      expect(started.statusCode, started.body).toBe(202);
      await t.app.ctx.jobs.runUntilIdle();
      return (await f.call('GET', `/api/rental-agreements/month-end/${started.json().jobId}`)).json().data;
    };
    expect(await run(southOnly.token)).toMatchObject({ status: 'done', processed: 1, invoices: 1, invoiced: '150000.00', error: null });
    expect(await invoiced()).toEqual([south]);
    expect(await run()).toMatchObject({ status: 'done', processed: 2, invoices: 1, invoiced: '150000.00' });
    expect(await invoiced()).toEqual([north, south]);
  });

  it("shows a run's progress to the readers of its regions: a user kept to a region reads theirs, not a run of every region (404)", async () => {
    const start = async (month: string, token?: string) => {
      const started = await f.call('POST', '/api/rental-agreements/month-end', { month }, token);
      expect(started.statusCode, started.body).toBe(202);
      await t.app.ctx.jobs.runUntilIdle();
      return started.json().jobId as number;
    };
    const own = await start('2024-05', southOnly.token);
    const everyRegion = await start('2024-06');
    const progress = (id: number, token?: string) => f.call('GET', `/api/rental-agreements/month-end/${id}`, undefined, token);
    expect((await progress(own, southOnly.token)).statusCode).toBe(200);
    expect((await progress(everyRegion, southOnly.token)).statusCode).toBe(404);
    expect((await progress(own)).json().data).toMatchObject({ month: '2024-05', status: 'done' });
  });
});
