import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 28, section 2: a service visit is cancelled by the mirror of its parts' stock moves and ledger rows, dated today. */
let t: TestApp;
let f: RentalFixtures;
let agreement: number;
let lot: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const onHand = async () => Number((await rows<{ q: number }>(sql`SELECT quantity AS q FROM inventory WHERE id = ${lot}::int`))[0]!.q);
const visit = (parts: Array<{ inventoryId: number; quantity: number }>) =>
  f.call('POST', '/api/service-visits', { rentalAgreementId: agreement, visitDate: f.today, visitKind: 'breakdown', parts });

beforeAll(async () => {
  t = await createTestApp();
  f = await rentalFixtures(t, 'SV');
  agreement = await f.placedAgreement('SV-SN-1');
  [lot] = (await f.receive([{ itemId: f.reagent, lotNumber: 'SV-LOT', quantity: 10, unitCost: '30.00', expiresIn: 300 }])) as [number];
}, 120_000);
afterAll(async () => t?.close());

describe('cancelling a service visit (issue 28, section 2)', () => {
  it('its parts back in their lot and its ledger rows mirrored, dated today, with an audit row; twice is refused', async () => {
    const recorded = (await visit([{ inventoryId: lot, quantity: 2 }])).json().data;
    expect(recorded).toMatchObject({ status: 'posted', documentNumber: expect.stringMatching(/^SVC-/), partsCost: '60.00' });
    expect(await onHand()).toBe(8);
    const cancelled = await f.call('POST', `/api/service-visits/${recorded.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Service visit cancelled', data: { status: 'cancelled', documentNumber: recorded.documentNumber } });
    expect(await onHand()).toBe(10);
    const gl = await rows<{ key: string; debit: string; credit: string; date: string }>(
      sql`SELECT p.key, g.debit::text AS debit, g.credit::text AS credit, g.entry_date::text AS date FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id
          WHERE g.document_type = 'service-visits' AND g.document_id = ${recorded.id}::int ORDER BY g.id`,
    );
    expect(gl).toEqual([
      { key: 'placementServiceCost', debit: '60.00', credit: '0.00', date: f.today },
      { key: 'inventory', debit: '0.00', credit: '60.00', date: f.today },
      { key: 'placementServiceCost', debit: '0.00', credit: '60.00', date: f.today },
      { key: 'inventory', debit: '60.00', credit: '0.00', date: f.today },
    ]);
    const audits = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'service-visits' AND record_id = ${String(recorded.id)} AND action = 'cancel'`);
    expect(audits[0]!.n).toBe(1);
    const twice = await f.call('POST', `/api/service-visits/${recorded.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A cancelled service visit cannot be cancelled');
  });

  it('a visit without parts stays unnumbered, moves nothing, and is cancelled all the same', async () => {
    const recorded = (await visit([])).json().data;
    expect(recorded).toMatchObject({ status: 'posted', documentNumber: null, partsCost: '0.00', parts: [] });
    expect((await f.call('POST', `/api/service-visits/${recorded.id}/cancel`)).json().data).toMatchObject({ status: 'cancelled', documentNumber: null });
  });

  it('a visit whose days down touch a month the month end has billed is kept (409): the waiver is in that invoice', async () => {
    const downFrom = '2024-06-28';
    const recorded = (await f.call('POST', '/api/service-visits', { rentalAgreementId: agreement, visitDate: '2024-07-02', visitKind: 'breakdown', downFrom, downTo: '2024-07-02' })).json().data;
    // The month end's row for July (what a run writes), without its invoice: enough for the rule.
    await t.database.db.execute(sql`INSERT INTO rental_periods (rental_agreement_id, month, commitment, eligible) VALUES (${agreement}::int, '2024-07-01', 0, 0)`);
    const refused = await f.call('POST', `/api/service-visits/${recorded.id}/cancel`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('The month end has billed 2024-07, whose downtime this visit waived: the visit is kept');
    expect((await f.call('GET', `/api/service-visits/${recorded.id}`)).json().data.status).toBe('posted');
  });

  it('needs service-visits:cancel: a role that records visits is refused (403) without the grant', async () => {
    const recorded = (await visit([{ inventoryId: lot, quantity: 1 }])).json().data;
    const manager = await t.userWithRole('operationManager');
    expect((await f.call('POST', `/api/service-visits/${recorded.id}/cancel`, undefined, manager.token)).statusCode).toBe(403);
    expect(await onHand()).toBe(9);
  });
});
