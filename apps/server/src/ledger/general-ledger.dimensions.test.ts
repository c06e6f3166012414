import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { postToLedger, reverseInLedger } from './general-ledger.ts';

let database: Database;
const ids = { region: 0, cash: 0, sales: 0, venture: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
  const one = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ id: number }>(database.db, query))[0]!.id);
  ids.region = await one(sql`INSERT INTO regions (region_name, region_code) VALUES ('Multan', 'MUX') RETURNING id`);
  const asset = await one(sql`INSERT INTO account_heads (head_name, head_type) VALUES ('Dim assets', 'asset') RETURNING id`);
  const income = await one(sql`INSERT INTO account_heads (head_name, head_type) VALUES ('Dim income', 'income') RETURNING id`);
  ids.cash = await one(sql`INSERT INTO accounts (account_code, account_name, head_id) VALUES ('D-1', 'Dim cash', ${asset}) RETURNING id`);
  ids.sales = await one(sql`INSERT INTO accounts (account_code, account_name, head_id) VALUES ('D-2', 'Dim sales', ${income}) RETURNING id`);
  // The venture stamp has its foreign key (0028).
  ids.venture = await one(
    sql`INSERT INTO joint_ventures (document_date, venture_name, partner_type, partner_id, customer_ids, basis, loss_rule) VALUES ('2026-01-01', 'Dim venture', 'vendor', 1, '{1}', 'revenue', 'share') RETURNING id`,
  );
});
afterAll(async () => database?.close());

interface Stamped {
  debit: string;
  credit: string;
  regionId: number | null;
  partyType: string | null;
  partyId: number | null;
  jointVentureId: number | null;
  rentalAgreementId: number | null;
  departmentId: number | null;
}

async function rowsOf(documentType: string): Promise<Stamped[]> {
  const rows = await queryRows<Stamped>(
    database.db,
    sql`SELECT debit::text AS debit, credit::text AS credit, region_id AS "regionId", party_type AS "partyType", party_id AS "partyId",
               joint_venture_id AS "jointVentureId", rental_agreement_id AS "rentalAgreementId",
               department_id AS "departmentId"
        FROM gl_entries WHERE document_type = ${documentType} ORDER BY id`,
  );
  return rows.map((r) => ({ ...r, regionId: r.regionId === null ? null : Number(r.regionId), partyId: r.partyId === null ? null : Number(r.partyId), departmentId: r.departmentId === null ? null : Number(r.departmentId) }));
}

describe('general-ledger dimensions (PRODUCT.md, principle 8)', () => {
  it('keeps the stamps of each line, and the reversal copies them onto its mirror rows', async () => {
    const stamps = { regionId: ids.region, partyType: 'customer' as const, partyId: 42, jointVentureId: ids.venture, rentalAgreementId: null, departmentId: 3 };
    await database.db.transaction(async (tx) => {
      await postToLedger(tx, {
        documentType: 'dim-test',
        documentId: 1,
        documentDate: '2026-04-01',
        narration: 'Stamped sale',
        numberPrefix: 'DIM',
        actor: { userId: null },
        lines: [
          { accountId: ids.cash, debit: '10.00', credit: '0', ...stamps },
          { accountId: ids.sales, debit: '0', credit: '10.00', regionId: ids.region },
        ],
      });
    });
    const posted = await rowsOf('dim-test');
    expect(posted).toEqual([
      { debit: '10.00', credit: '0.00', ...stamps },
      { debit: '0.00', credit: '10.00', regionId: ids.region, partyType: null, partyId: null, jointVentureId: null, rentalAgreementId: null, departmentId: null },
    ]);
    await database.db.transaction(async (tx) => {
      await reverseInLedger(tx, {
        documentType: 'dim-test',
        documentId: 1,
        reversal: { documentType: 'dim-test-reversal', documentId: 1, documentNumber: 'DIM-R-1' },
        date: '2026-04-02',
        narration: 'Reversal',
        actor: { userId: null },
      });
    });
    const mirrored = await rowsOf('dim-test-reversal');
    expect(mirrored).toEqual(posted.map((row) => ({ ...row, debit: row.credit, credit: row.debit })));
  });

  it('refuses a party type without a party, and an unknown party type (database check)', async () => {
    const insert = (partyType: string | null, partyId: number | null) =>
      database.db
        .execute(
          sql`INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, debit, credit, party_type, party_id)
              VALUES (${ids.cash}, '2026-04-03', 'dim-check', 1, 'X', 1, 0, ${partyType}, ${partyId})`,
        )
        .then(
          () => 'inserted',
          () => 'refused',
        );
    expect(await insert('customer', null)).toBe('refused');
    expect(await insert('supplier', 3)).toBe('refused');
    expect(await insert('vendor', 3)).toBe('inserted');
  });
});
