import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 28, section 2: a deposit is a posted record (`/api/rental-deposits`), received through the
 * agreement's action as before and cancelled by the mirror of its own rows, dated today; the
 * agreement then takes its deposit again.
 */
let t: TestApp;
let f: RentalFixtures;
let agreement: number;
let bank: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const receive = () => f.call('POST', `/api/rental-agreements/${agreement}/deposit`, { accountId: bank, date: f.today });
const ledger = () =>
  rows<{ number: string; debit: string; credit: string; date: string }>(
    sql`SELECT document_number AS number, debit::text AS debit, credit::text AS credit, entry_date::text AS date FROM gl_entries
        WHERE document_type = 'rental-deposits' AND document_id = ${agreement}::int ORDER BY id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  f = await rentalFixtures(t, 'DP');
  agreement = await f.placedAgreement('DP-SN-1', { deposit: '5000.00' });
  bank = Number((await rows<{ id: number }>(sql`SELECT id FROM accounts WHERE kind = 'bank' ORDER BY id LIMIT 1`))[0]!.id);
}, 120_000);
afterAll(async () => t?.close());

describe('cancelling a rental deposit (issue 28, section 2)', () => {
  it('mirrors its rows dated today, frees the agreement to take its deposit again, and a second cancel mirrors only its own', async () => {
    const first = await receive();
    expect(first.statusCode, first.body).toBe(200);
    const firstNumber = first.json().documentNumber as string;
    const [deposit] = (await f.call('GET', `/api/rental-deposits?rentalAgreementId=${agreement}`)).json().data as Array<{ id: number; status: string; amount: string; documentNumber: string }>;
    expect(deposit).toMatchObject({ status: 'posted', amount: '5000.00', documentNumber: firstNumber });
    const cancelled = await f.call('POST', `/api/rental-deposits/${deposit!.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Rental deposit cancelled', data: { status: 'cancelled' } });
    expect((await f.call('GET', `/api/rental-agreements/${agreement}`)).json().data.depositReceivedOn).toBeNull();
    const again = await receive();
    expect(again.statusCode, again.body).toBe(200);
    const second = (await f.call('GET', `/api/rental-deposits?rentalAgreementId=${agreement}&status=posted`)).json().data[0] as { id: number; documentNumber: string };
    expect((await f.call('POST', `/api/rental-deposits/${second.id}/cancel`)).statusCode).toBe(200);
    expect(await ledger()).toEqual([
      { number: firstNumber, debit: '5000.00', credit: '0.00', date: f.today },
      { number: firstNumber, debit: '0.00', credit: '5000.00', date: f.today },
      { number: firstNumber, debit: '0.00', credit: '5000.00', date: f.today },
      { number: firstNumber, debit: '5000.00', credit: '0.00', date: f.today },
      { number: second.documentNumber, debit: '5000.00', credit: '0.00', date: f.today },
      { number: second.documentNumber, debit: '0.00', credit: '5000.00', date: f.today },
      { number: second.documentNumber, debit: '0.00', credit: '5000.00', date: f.today },
      { number: second.documentNumber, debit: '5000.00', credit: '0.00', date: f.today },
    ]);
    const audits = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'rental-deposits' AND action = 'cancel' AND record_id IN (${String(deposit!.id)}, ${String(second.id)})`);
    expect(audits[0]!.n).toBe(2);
    const twice = await f.call('POST', `/api/rental-deposits/${deposit!.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A cancelled rental deposit cannot be cancelled');
  });

  it('needs rental-deposits:cancel: a role that receives deposits is refused (403) without the grant', async () => {
    expect((await receive()).statusCode).toBe(200);
    const deposit = (await f.call('GET', `/api/rental-deposits?rentalAgreementId=${agreement}&status=posted`)).json().data[0] as { id: number };
    const manager = await t.userWithRole('operationManager');
    expect((await f.call('POST', `/api/rental-deposits/${deposit.id}/cancel`, undefined, manager.token)).statusCode).toBe(403);
    expect((await f.call('GET', `/api/rental-agreements/${agreement}`)).json().data.depositReceivedOn).toBe(f.today);
  });
});
