import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 28, section 2: a consignment is cancelled by the mirror of its stock moves and ledger
 * rows, dated today, under `consignments:cancel`; a shipment whose lots were used since is not.
 */
let t: TestApp;
let f: RentalFixtures;
let agreement: number;
let lot: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const record = (consignmentKind: string, quantity: number) =>
  f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind, consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity }] });
const warehouse = async () => Number((await rows<{ q: number }>(sql`SELECT quantity AS q FROM inventory WHERE id = ${lot}::int`))[0]!.q);
const site = async () => ((await f.call('GET', `/api/rental-agreements/${agreement}/site-stock`)).json().data as Array<{ quantity: number }>).reduce((n, l) => n + l.quantity, 0);
const movesOf = (id: number) =>
  rows<{ kind: string; quantityIn: number; quantityOut: number; date: string }>(
    sql`SELECT l.kind, m.quantity_in AS "quantityIn", m.quantity_out AS "quantityOut", m.move_date::text AS date FROM stock_moves m JOIN stock_locations l ON l.id = m.location_id
        WHERE m.document_type = 'consignments' AND m.document_id = ${id}::int ORDER BY m.id`,
  );
const cancelAudits = async (id: number) => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'consignments' AND record_id = ${String(id)} AND action = 'cancel'`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  f = await rentalFixtures(t, 'CC');
  agreement = await f.placedAgreement('CC-SN-1', { billingModel: 'perTest', pricePerTest: '95.00', monthlyCommitment: '100000.00' });
  [lot] = (await f.receive([{ itemId: f.reagent, lotNumber: 'CC-LOT', quantity: 20, unitCost: '100.00', expiresIn: 300 }])) as [number];
}, 120_000);
afterAll(async () => t?.close());

describe('cancelling a consignment (issue 28, section 2)', () => {
  it('a shipment cancelled: the lots back in the warehouse by mirror moves dated today, an audit row, status cancelled; twice is refused', async () => {
    const shipped = (await record('shipment', 5)).json().data;
    expect(await warehouse()).toBe(15);
    const cancelled = await f.call('POST', `/api/consignments/${shipped.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Consignment cancelled', data: { status: 'cancelled', documentNumber: shipped.documentNumber } });
    expect(await warehouse()).toBe(20);
    expect(await site()).toBe(0);
    expect(await movesOf(shipped.id)).toEqual([
      { kind: 'warehouse', quantityIn: 0, quantityOut: 5, date: f.today },
      { kind: 'customer', quantityIn: 5, quantityOut: 0, date: f.today },
      { kind: 'warehouse', quantityIn: 5, quantityOut: 0, date: f.today },
      { kind: 'customer', quantityIn: 0, quantityOut: 5, date: f.today },
    ]);
    expect(await cancelAudits(shipped.id)).toBe(1);
    expect((await f.call('GET', `/api/consignments?rentalAgreementId=${agreement}&status=cancelled`)).json().data.map((c: { id: number }) => c.id)).toEqual([shipped.id]);
    const twice = await f.call('POST', `/api/consignments/${shipped.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A cancelled consignment cannot be cancelled');
    expect(await cancelAudits(shipped.id)).toBe(1);
  });

  it('a usage cancelled: the reagents back at the site and its ledger rows mirrored', async () => {
    await record('shipment', 6);
    const used = (await record('usage', 4)).json().data;
    expect(await site()).toBe(2);
    expect((await f.call('POST', `/api/consignments/${used.id}/cancel`)).statusCode).toBe(200);
    expect(await site()).toBe(6);
    const gl = await rows<{ key: string; debit: string; credit: string; date: string; agreement: number }>(
      sql`SELECT p.key, g.debit::text AS debit, g.credit::text AS credit, g.entry_date::text AS date, g.rental_agreement_id AS agreement
          FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id WHERE g.document_type = 'consignments' AND g.document_id = ${used.id}::int ORDER BY g.id`,
    );
    expect(gl).toEqual([
      { key: 'costOfSales', debit: '400.00', credit: '0.00', date: f.today, agreement },
      { key: 'inventory', debit: '0.00', credit: '400.00', date: f.today, agreement },
      { key: 'costOfSales', debit: '0.00', credit: '400.00', date: f.today, agreement },
      { key: 'inventory', debit: '400.00', credit: '0.00', date: f.today, agreement },
    ]);
    expect(await cancelAudits(used.id)).toBe(1);
  });

  it('a shipment whose lots were used since is refused (409, naming why) and nothing moves', async () => {
    const shipped = (await record('shipment', 3)).json().data;
    expect((await record('usage', 9)).statusCode).toBe(201);
    const before = { warehouse: await warehouse(), site: await site() };
    const refused = await f.call('POST', `/api/consignments/${shipped.id}/cancel`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/^This document cannot be cancelled: its stock has since been drawn./);
    expect({ warehouse: await warehouse(), site: await site() }).toEqual(before);
    expect((await f.call('GET', `/api/consignments/${shipped.id}`)).json().data.status).toBe('posted');
  });

  it('needs consignments:cancel: a role that records consignments is refused (403) without the grant', async () => {
    const shipped = (await record('shipment', 1)).json().data;
    const manager = await t.userWithRole('operationManager');
    expect((await f.call('POST', `/api/consignments/${shipped.id}/cancel`, undefined, manager.token)).statusCode).toBe(403);
    const granted = await t.userWithRole('operationManager', { scopes: ['consignments:cancel'] });
    expect((await f.call('POST', `/api/consignments/${shipped.id}/cancel`, undefined, granted.token)).statusCode).toBe(200);
  });
});
