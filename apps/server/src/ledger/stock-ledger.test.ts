import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { AppError } from '../lib/app-error.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { postLotCostChanges, postStockMoves, prepareStockMoves, reverseStockMoves, type StockMoveInput, type StockPostingResult } from './stock-ledger.ts';

let database: Database;
let documentId = 0;
const ids = { lahore: 0, karachi: 0, reagent: 0, untracked: 0, category: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
  const one = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ id: number }>(database.db, query))[0]!.id);
  ids.lahore = await one(sql`INSERT INTO regions (region_name, region_code) VALUES ('Lahore', 'LHR') RETURNING id`);
  ids.karachi = await one(sql`INSERT INTO regions (region_name, region_code) VALUES ('Karachi', 'KHI') RETURNING id`);
  ids.category = await one(sql`INSERT INTO categories (category_name) VALUES ('Reagents') RETURNING id`);
  ids.reagent = await one(
    sql`INSERT INTO items (item_name, article_number, category_id, lot_tracked, is_approved) VALUES ('CBC Reagent', 'CBC-1', ${ids.category}, true, true) RETURNING id`,
  );
  ids.untracked = await one(
    sql`INSERT INTO items (item_name, article_number, category_id, lot_tracked, is_approved) VALUES ('Gloves', 'GL-1', ${ids.category}, false, true) RETURNING id`,
  );
});
afterAll(async () => database?.close());

function post(moves: StockMoveInput[], date = '2026-03-01'): Promise<StockPostingResult> {
  documentId += 1;
  const document = { documentType: 'test', documentId, documentNumber: `T-${documentId}`, date };
  return database.db.transaction((tx) => postStockMoves(tx, { document, actor: { userId: null }, moves }));
}

function receive(lotNumber: string, quantity: number, unitCost: string, options: { dateExpiry?: string | null; regionId?: number; itemId?: number } = {}) {
  return post([
    {
      lineNo: 1,
      field: 'lines.0',
      direction: 'in',
      quantity,
      lot: { itemId: options.itemId ?? ids.reagent, lotNumber, dateExpiry: options.dateExpiry === undefined ? '2027-06-30' : options.dateExpiry, regionId: options.regionId ?? ids.lahore, unitCost },
    },
  ]);
}

async function lot(inventoryId: number) {
  const [row] = await queryRows<{ quantity: number; unitCost: string }>(database.db, sql`SELECT quantity, unit_cost::text AS "unitCost" FROM inventory WHERE id = ${inventoryId}`);
  return { quantity: Number(row!.quantity), unitCost: row!.unitCost };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('locations', () => {
  it('gives every region exactly one warehouse and one in-transit location, created with it', async () => {
    const rows = await queryRows<{ regionId: number; kind: string; n: number; name: string }>(
      database.db,
      sql`SELECT region_id AS "regionId", kind, count(*)::int AS n, min(location_name) AS name FROM stock_locations GROUP BY region_id, kind ORDER BY region_id, kind`,
    );
    expect(rows).toEqual([
      { regionId: ids.lahore, kind: 'transit', n: 1, name: 'Lahore in transit' },
      { regionId: ids.lahore, kind: 'warehouse', n: 1, name: 'Lahore warehouse' },
      { regionId: ids.karachi, kind: 'transit', n: 1, name: 'Karachi in transit' },
      { regionId: ids.karachi, kind: 'warehouse', n: 1, name: 'Karachi warehouse' },
    ]);
    await expect(database.db.execute(sql`INSERT INTO stock_locations (kind, region_id, location_name) VALUES ('warehouse', ${ids.lahore}, 'Second')`)).rejects.toThrow();
    await expect(database.db.execute(sql`INSERT INTO stock_locations (kind, region_id, location_name) VALUES ('transit', ${ids.lahore}, 'Second')`)).rejects.toThrow();
    // Both places follow a renamed region.
    await database.db.execute(sql`UPDATE regions SET region_name = 'Lahore North' WHERE id = ${ids.lahore}`);
    const renamed = await queryRows<{ name: string }>(database.db, sql`SELECT location_name AS name FROM stock_locations WHERE region_id = ${ids.lahore} ORDER BY kind`);
    expect(renamed.map((r) => r.name)).toEqual(['Lahore North in transit', 'Lahore North warehouse']);
    await database.db.execute(sql`UPDATE regions SET region_name = 'Lahore' WHERE id = ${ids.lahore}`);
  });
});

describe('postStockMoves', () => {
  it('creates a lot on its first receipt and values movements exactly (0.10 x 3 = 0.30)', async () => {
    const result = await receive('V-010', 3, '0.10');
    expect(result.moves).toHaveLength(1);
    expect(result.moves[0]).toMatchObject({ quantityIn: 3, quantityOut: 0, unitCost: '0.10', value: '0.30', regionId: ids.lahore, lineNo: 1 });
    expect(result).toMatchObject({ valueIn: '0.30', valueOut: '0.00', netValue: '0.30' });
    expect(await lot(result.moves[0]!.inventoryId)).toEqual({ quantity: 3, unitCost: '0.10' });
    const drawn = await post([{ lineNo: 1, direction: 'out', quantity: 1, lot: { inventoryId: result.moves[0]!.inventoryId } }]);
    expect(drawn).toMatchObject({ valueIn: '0.00', valueOut: '0.10', netValue: '-0.10' });
  });

  it('adds a receipt of a known lot to it when the expiry and cost match, and refuses otherwise naming the field', async () => {
    const first = await receive('L-ADD', 5, '12.35');
    const second = await receive('L-ADD', 7, '12.35');
    expect(second.moves[0]!.inventoryId).toBe(first.moves[0]!.inventoryId);
    expect((await lot(first.moves[0]!.inventoryId)).quantity).toBe(12);
    const expiry = await refusal(receive('L-ADD', 1, '12.35', { dateExpiry: '2028-01-01' }));
    expect(expiry.statusCode).toBe(400);
    expect(expiry.errors?.['lines.0.dateExpiry']).toMatch(/already held here with expiry 2027-06-30/);
    const cost = await refusal(receive('L-ADD', 1, '13.00'));
    expect(cost.errors?.['lines.0.unitCost']).toMatch(/unit cost of 12.35/);
    // The same number in another region is another lot.
    const elsewhere = await receive('L-ADD', 2, '14.00', { regionId: ids.karachi });
    expect(elsewhere.moves[0]!.inventoryId).not.toBe(first.moves[0]!.inventoryId);
    expect((await lot(first.moves[0]!.inventoryId)).quantity).toBe(12);
  });

  it('requires a lot number and an expiry for lot-tracked items only', async () => {
    const missing = await refusal(receive('', 1, '1.00', { dateExpiry: null }));
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual(['lines.0.dateExpiry', 'lines.0.lotNumber']);
    const gloves = await receive('', 10, '2.50', { itemId: ids.untracked, dateExpiry: null });
    expect(gloves.moves[0]!.value).toBe('25.00');
  });

  it('refuses bad quantities, costs and unknown lots with 400', async () => {
    const zero = await refusal(receive('L-Q', 0, '1.00'));
    expect(zero.errors).toHaveProperty(['lines.0.quantity']);
    const cost = await refusal(receive('L-Q', 1, '1.234'));
    expect(cost.errors).toHaveProperty(['lines.0.unitCost']);
    const unknown = await refusal(post([{ lineNo: 1, field: 'lines.3', direction: 'out', quantity: 1, lot: { inventoryId: 999_999 } }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.errors).toHaveProperty(['lines.3.inventoryId']);
  });

  it('refuses a draw beyond the lot with 409 naming the item, lot and quantity available, and changes nothing', async () => {
    const { moves } = await receive('L123', 3, '7.00');
    const inventoryId = moves[0]!.inventoryId;
    const before = await queryRows(database.db, sql`SELECT count(*)::int AS n FROM stock_moves`);
    const error = await refusal(post([{ lineNo: 1, field: 'lines.0', direction: 'out', quantity: 4, lot: { inventoryId } }]));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('Only 3 of CBC Reagent lot L123 are available in Lahore');
    expect(error.errors).toEqual({ 'lines.0.quantity': 'Only 3 of CBC Reagent lot L123 are available in Lahore' });
    expect(await queryRows(database.db, sql`SELECT count(*)::int AS n FROM stock_moves`)).toEqual(before);
    expect((await lot(inventoryId)).quantity).toBe(3);
    // Two lines of one posting count together.
    const twice = await refusal(
      post([
        { lineNo: 1, field: 'lines.0', direction: 'out', quantity: 2, lot: { inventoryId } },
        { lineNo: 2, field: 'lines.1', direction: 'out', quantity: 2, lot: { inventoryId } },
      ]),
    );
    expect(twice.errors).toEqual({ 'lines.1.quantity': 'Only 1 of CBC Reagent lot L123 is available in Lahore' });
    await post([{ lineNo: 1, direction: 'out', quantity: 3, lot: { inventoryId } }]);
    expect((await lot(inventoryId)).quantity).toBe(0);
  });

  it('names the line whose value (quantity x the lot cost) would not fit the ledger, and the lines together', async () => {
    await receive('BIG-1', 1, '9000000000000000.00');
    const tooMuch = await refusal(receive('BIG-1', 2, '9000000000000000.00'));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.errors).toEqual({ 'lines.0.quantity': 'The value of this line must have at most 16 digits before the decimal point' });
    const lotId = (await queryRows<{ id: number }>(database.db, sql`SELECT id FROM inventory WHERE lot_number = 'BIG-1'`))[0]!.id;
    const together = await refusal(
      post([
        { lineNo: 1, field: 'lines.0', direction: 'in', quantity: 1, lot: { inventoryId: Number(lotId) } },
        { lineNo: 2, field: 'lines.1', direction: 'in', quantity: 1, lot: { inventoryId: Number(lotId) } },
      ]),
    );
    expect(together.errors).toEqual({ lines: 'The value of the lines together must have at most 16 digits before the decimal point' });
    expect((await lot(Number(lotId))).quantity).toBe(1);
  });

  it('moves a lot by its change: two postings prepared in one transaction both count', async () => {
    const { moves } = await receive('DELTA-1', 10, '2.00');
    const inventoryId = moves[0]!.inventoryId;
    await database.db.transaction(async (tx) => {
      const document = (n: number) => ({ documentType: 'test', documentId: 9000 + n, date: '2026-03-01' });
      const first = await prepareStockMoves(tx, { document: document(1), actor: { userId: null }, moves: [{ lineNo: 1, direction: 'out', quantity: 3, lot: { inventoryId } }] });
      const second = await prepareStockMoves(tx, { document: document(2), actor: { userId: null }, moves: [{ lineNo: 1, direction: 'out', quantity: 4, lot: { inventoryId } }] });
      for (const [index, prepared] of [first, second].entries()) {
        for (const statement of prepared.statements) await tx.execute(statement(sql`${`T-DELTA-${index}`}::text`));
      }
    });
    expect((await lot(inventoryId)).quantity).toBe(3);
  });

  it('refuses to issue an expired lot, but lets an adjustment write it off', async () => {
    const { moves } = await receive('OLD-1', 4, '3.00', { dateExpiry: '2026-02-28' });
    const inventoryId = moves[0]!.inventoryId;
    const error = await refusal(post([{ lineNo: 1, field: 'lines.0', direction: 'out', quantity: 1, lot: { inventoryId } }], '2026-03-01'));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('CBC Reagent lot OLD-1 expired on 2026-02-28 and cannot be issued');
    expect(error.errors).toHaveProperty(['lines.0.inventoryId']);
    // Usable through its expiry day.
    await post([{ lineNo: 1, direction: 'out', quantity: 1, lot: { inventoryId } }], '2026-02-28');
    const written = await post([{ lineNo: 1, direction: 'out', quantity: 3, purpose: 'adjustment', lot: { inventoryId } }], '2026-03-01');
    expect(written.valueOut).toBe('9.00');
    expect((await lot(inventoryId)).quantity).toBe(0);
  });

  it('keeps per-region day totals equal to the movements', async () => {
    const [totals] = await queryRows<{ q: string; v: string }>(
      database.db,
      sql`SELECT (sum(quantity_in) - sum(quantity_out))::text AS q, (sum(value_in) - sum(value_out))::text AS v FROM stock_daily_totals`,
    );
    const [moves] = await queryRows<{ q: string; v: string }>(
      database.db,
      sql`SELECT (sum(quantity_in) - sum(quantity_out))::text AS q,
                 (sum(value) FILTER (WHERE quantity_in > 0) - coalesce(sum(value) FILTER (WHERE quantity_out > 0), 0))::text AS v FROM stock_moves`,
    );
    const [lots] = await queryRows<{ q: string; v: string }>(database.db, sql`SELECT sum(quantity)::text AS q, sum(quantity * unit_cost)::text AS v FROM inventory`);
    expect(totals).toEqual(moves);
    expect(lots).toEqual(moves);
  });
});

describe('the stock ledger is append-only', () => {
  it('refuses UPDATE and DELETE of a movement (database trigger)', async () => {
    await receive('L-IMM', 1, '1.00');
    const causeOf = (statement: ReturnType<typeof sql>) =>
      database.db.execute(statement).then(
        () => 'changed',
        (e: { cause?: { message?: string } }) => e.cause?.message ?? String(e),
      );
    expect(await causeOf(sql`UPDATE stock_moves SET quantity_in = 99 WHERE id = (SELECT max(id) FROM stock_moves)`)).toMatch(
      /Stock ledger entries cannot be changed or deleted \(UPDATE\)/,
    );
    expect(await causeOf(sql`DELETE FROM stock_moves WHERE id = (SELECT max(id) FROM stock_moves)`)).toMatch(/cannot be changed or deleted \(DELETE\)/);
  });
});

describe('reverseStockMoves', () => {
  it('writes the mirror of a document, and refuses once its received stock has been drawn', async () => {
    const receipt = await receive('L-REV', 10, '2.25');
    const receiptId = documentId;
    const inventoryId = receipt.moves[0]!.inventoryId;
    await post([{ lineNo: 1, direction: 'out', quantity: 4, lot: { inventoryId } }]);
    const error = await refusal(
      database.db.transaction((tx) =>
        reverseStockMoves(tx, { documentType: 'test', documentId: receiptId }, { documentType: 'test-reversal', documentId: receiptId, documentNumber: 'R-1', date: '2026-03-02' }, { userId: null }),
      ),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toMatch(/^This document cannot be cancelled: its stock has since been drawn\. Only 6 of CBC Reagent lot L-REV are available in Lahore$/);
    const sale = documentId;
    const reversed = await database.db.transaction((tx) =>
      reverseStockMoves(tx, { documentType: 'test', documentId: sale }, { documentType: 'test-reversal', documentId: sale, documentNumber: 'R-2', date: '2026-03-02' }, { userId: null }),
    );
    expect(reversed.moves[0]).toMatchObject({ inventoryId, quantityIn: 4, quantityOut: 0, value: '9.00' });
    expect(reversed.netValue).toBe('9.00');
    const back = await database.db.transaction((tx) =>
      reverseStockMoves(tx, { documentType: 'test', documentId: receiptId }, { documentType: 'test-reversal', documentId: receiptId, documentNumber: 'R-3', date: '2026-03-02' }, { userId: null }),
    );
    expect(back.netValue).toBe('-22.50');
    expect((await lot(inventoryId)).quantity).toBe(0);
  });
});

describe('lot cost changes: value rows (issue 33, section 3)', () => {
  function change(changes: Array<{ inventoryId: number; unitCostChange: string }>, date = '2026-03-05') {
    documentId += 1;
    const document = { documentType: 'test-value', documentId, documentNumber: `V-${documentId}`, date };
    return database.db.transaction((tx) => postLotCostChanges(tx, { document, actor: { userId: null }, changes: changes.map((c, i) => ({ lineNo: i + 1, field: `lines.${i}`, ...c })) }));
  }
  const valueRows = (id: number) =>
    queryRows<{ kind: string; quantityIn: number; quantityOut: number; unitCost: string; value: string }>(
      database.db,
      sql`SELECT kind, quantity_in AS "quantityIn", quantity_out AS "quantityOut", unit_cost::text AS "unitCost", value::text AS value
          FROM stock_moves WHERE document_type = 'test-value' AND document_id = ${id}::int ORDER BY id`,
    );

  it('raises a lot’s unit cost with one value row (quantities 0, the change per unit, the units x the change); the day totals count it as value in', async () => {
    const received = await receive('VAL-1', 60, '2800.00');
    const inventoryId = received.moves[0]!.inventoryId;
    const [before] = await queryRows<{ vin: string }>(database.db, sql`SELECT coalesce(sum(value_in), 0)::text AS vin FROM stock_daily_totals WHERE move_date = '2026-03-05'`);
    const raised = await change([{ inventoryId, unitCostChange: '700.00' }]);
    expect(raised.netValue).toBe('42000.00');
    expect(raised.moves).toEqual([expect.objectContaining({ inventoryId, quantity: 60, unitCostBefore: '2800.00', unitCostChange: '700.00', value: '42000.00' })]);
    expect(await lot(inventoryId)).toEqual({ quantity: 60, unitCost: '3500.00' });
    expect(await valueRows(documentId)).toEqual([{ kind: 'value', quantityIn: 0, quantityOut: 0, unitCost: '700.00', value: '42000.00' }]);
    const [after] = await queryRows<{ vin: string }>(database.db, sql`SELECT coalesce(sum(value_in), 0)::text AS vin FROM stock_daily_totals WHERE move_date = '2026-03-05'`);
    expect(Number(after!.vin) - Number(before!.vin)).toBe(42000);
    // A draw now goes at the new cost.
    const drawn = await post([{ lineNo: 1, direction: 'out', quantity: 2, lot: { inventoryId } }]);
    expect(drawn.valueOut).toBe('7000.00');
  });

  it('lowers it (a credit note), two changes of one lot adding up, and refuses (409) a cost going below 0', async () => {
    const inventoryId = (await receive('VAL-2', 3, '10.00')).moves[0]!.inventoryId;
    const lowered = await change([
      { inventoryId, unitCostChange: '-2.50' },
      { inventoryId, unitCostChange: '-1.50' },
    ]);
    expect(lowered.netValue).toBe('-12.00');
    expect(await lot(inventoryId)).toEqual({ quantity: 3, unitCost: '6.00' });
    const below = await refusal(change([{ inventoryId, unitCostChange: '-6.01' }]));
    expect(below.statusCode).toBe(409);
    expect(below.message).toBe('The unit cost of CBC Reagent lot VAL-2 would go below 0: 6.00 - 6.01');
    expect(await lot(inventoryId)).toEqual({ quantity: 3, unitCost: '6.00' });
  });

  it('changes an empty lot’s cost with a value row worth 0; reverseStockMoves takes a change back', async () => {
    const inventoryId = (await receive('VAL-3', 4, '5.00')).moves[0]!.inventoryId;
    await post([{ lineNo: 1, direction: 'out', quantity: 4, lot: { inventoryId } }]);
    await change([{ inventoryId, unitCostChange: '1.00' }]);
    const changed = documentId;
    expect(await valueRows(changed)).toEqual([{ kind: 'value', quantityIn: 0, quantityOut: 0, unitCost: '1.00', value: '0.00' }]);
    expect(await lot(inventoryId)).toEqual({ quantity: 0, unitCost: '6.00' });
    await database.db.transaction((tx) =>
      reverseStockMoves(tx, { documentType: 'test-value', documentId: changed }, { documentType: 'test-value', documentId: changed, documentNumber: 'V-R', date: '2026-03-06' }, { userId: null }),
    );
    expect(await lot(inventoryId)).toEqual({ quantity: 0, unitCost: '5.00' });
    expect((await valueRows(changed)).map((r) => r.unitCost)).toEqual(['1.00', '-1.00']);
  });

  it('the database refuses a value row with units, and a quantity row without', async () => {
    const inventoryId = (await receive('VAL-4', 1, '1.00')).moves[0]!.inventoryId;
    const insert = (kind: string, quantityIn: number) =>
      database.db.execute(
        sql`INSERT INTO stock_moves (kind, move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value, document_type, document_id, document_number, line_no)
            SELECT ${kind}, '2026-03-01', item_id, id, location_id, region_id, ${quantityIn}::int, 0, 1, ${quantityIn}::int, 'x', 1, 'X-1', 1 FROM inventory WHERE id = ${inventoryId}::int`,
      );
    await expect(insert('value', 1)).rejects.toThrow();
    await expect(insert('quantity', 0)).rejects.toThrow();
  });
});

describe('concurrency', () => {
  it('never deadlocks two postings drawing the same two lots in opposite line order', async () => {
    const a = (await receive('DL-A', 40, '1.00')).moves[0]!.inventoryId;
    const b = (await receive('DL-B', 40, '1.00')).moves[0]!.inventoryId;
    const draw = (first: number, second: number) =>
      post([
        { lineNo: 1, direction: 'out', quantity: 1, lot: { inventoryId: first } },
        { lineNo: 2, direction: 'out', quantity: 1, lot: { inventoryId: second } },
      ]);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? draw(a, b) : draw(b, a))));
    expect((await lot(a)).quantity).toBe(20);
    expect((await lot(b)).quantity).toBe(20);
  });

  it('draws of 1 unit racing for a lot of 20: exactly 20 posted, the rest refused with 409, quantity 0', async () => {
    const inventoryId = (await receive('RACE-20', 20, '5.00')).moves[0]!.inventoryId;
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        post([{ lineNo: 1, direction: 'out', quantity: 1, lot: { inventoryId } }]).then(
          () => 'posted',
          (e: unknown) => (e instanceof AppError ? e.statusCode : e),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'posted')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 409)).toHaveLength(30);
    expect((await lot(inventoryId)).quantity).toBe(0);
  });

  it.runIf(process.env.DATABASE_URL !== undefined)(
    '1,000 concurrent draws of 1 unit on a lot of 100 on PostgreSQL: exactly 100 posted, 900 refused with 409, quantity 0, no deadlock',
    async () => {
      expect(database.kind).toBe('postgres');
      const inventoryId = (await receive('RACE-100', 100, '0.10')).moves[0]!.inventoryId;
      const outcomes = await Promise.all(
        Array.from({ length: 1000 }, () =>
          post([{ lineNo: 1, direction: 'out', quantity: 1, lot: { inventoryId } }]).then(
            () => 'posted',
            (e: unknown) => (e instanceof AppError ? e.statusCode : String((e as { code?: string }).code ?? e)),
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'posted')).toHaveLength(100);
      expect(outcomes.filter((o) => o === 409)).toHaveLength(900);
      // A deadlock would show as 40P01 among the outcomes.
      expect(outcomes.filter((o) => o !== 'posted' && o !== 409)).toEqual([]);
      expect((await lot(inventoryId)).quantity).toBe(0);
      const [moves] = await queryRows<{ n: number; v: string }>(
        database.db,
        sql`SELECT count(*)::int AS n, sum(value)::text AS v FROM stock_moves WHERE inventory_id = ${inventoryId} AND quantity_out > 0`,
      );
      expect(moves).toEqual({ n: 100, v: '10.00' });
    },
    120_000,
  );
});
