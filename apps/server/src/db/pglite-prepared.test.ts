import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmptyPglite } from '../test/template-database.ts';
import { withPreparedStatements } from './pglite-prepared.ts';

let plain: PGlite;
let prepared: PGlite;

beforeAll(async () => {
  // Each starts from a copy of initdb's cached result (test/template-database.ts), not initdb itself.
  [plain, prepared] = await Promise.all([startEmptyPglite(), startEmptyPglite().then(withPreparedStatements)]);
  for (const client of [plain, prepared]) await client.exec('CREATE TABLE t (id int PRIMARY KEY, amount numeric(18, 2), day date, at timestamptz, doc jsonb, tags text[])');
});
afterAll(async () => Promise.all([plain.close(), prepared.close()]));

const preparedCount = async (client: PGlite) => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;

describe("PGlite's statements prepared once per session", () => {
  it('answers what the unnamed statement answers, values and types alike, and prepares each text once', async () => {
    const insert = 'INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6) RETURNING *';
    const select = 'SELECT id, amount, day, at, doc, tags FROM t WHERE id = ANY($1::int[]) ORDER BY id';
    for (const client of [plain, prepared]) {
      await client.query(insert, [1, '12.50', '2026-12-05', new Date('2026-12-05T09:00:00Z'), { a: [1, 'x'] }, ['p', 'q']]);
      await client.query(insert, [2, null, null, null, null, null]);
    }
    const rows = async (client: PGlite) => (await client.query(select, [[1, 2]], { rowMode: 'array' })).rows;
    expect(await rows(prepared)).toEqual(await rows(plain));
    expect((await prepared.query(select, [[2]])).fields).toEqual((await plain.query(select, [[2]])).fields);
    const before = await preparedCount(prepared);
    await rows(prepared);
    await prepared.query(insert, [3, '1.00', null, null, null, null]);
    expect(await preparedCount(prepared)).toBe(before);
    expect(before).toBeGreaterThanOrEqual(2);
  });

  it("reads a value with the call's own parser where it has one, and the client's elsewhere, as Drizzle passes them", async () => {
    const select = 'SELECT day, at, amount, tags FROM t WHERE id = 1';
    // Drizzle keeps dates as text (its own parsers for date and timestamptz); numeric and text[] keep the client's.
    const own = { 1082: (value: string) => `day ${value}`, 1184: (value: string) => `at ${value}` };
    const answer = async (client: PGlite) => (await client.query(select, [], { rowMode: 'array', parsers: own })).rows;
    expect(await answer(prepared)).toEqual(await answer(plain));
    expect(await answer(prepared)).toEqual([['day 2026-12-05', expect.stringMatching(/^at 2026-12-05 /), '12.50', ['p', 'q']]]);
    // The call's parsers are its own: the next call without them reads the client's.
    expect((await prepared.query<{ day: unknown }>(select)).rows[0]!.day).toBeInstanceOf(Date);
  });

  it("refuses as PostgreSQL does inside a transaction, rolls it back whole, and the session's next statement runs", async () => {
    const insert = 'INSERT INTO t (id, amount) VALUES ($1, $2)';
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(insert, [10, '5.00']);
        await tx.query(insert, [10, '6.00']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await prepared.query('SELECT count(*)::int AS n FROM t WHERE id = $1', [10])).rows).toEqual([{ n: 0 }]);
    await prepared.transaction(async (tx) => {
      await tx.query(insert, [10, '7.00']);
    });
    expect((await prepared.query<{ amount: string }>('SELECT amount FROM t WHERE id = $1', [10])).rows).toEqual([{ amount: '7.00' }]);
  });

  it('runs a statement from outside the open transaction after it, never inside it', async () => {
    let outside: Promise<unknown> | undefined;
    await prepared.transaction(async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY');
      outside = prepared.query('INSERT INTO t (id) VALUES ($1)', [20]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await tx.query('SELECT count(*)::int AS n FROM t WHERE id = $1', [20])).rows).toEqual([{ n: 0 }]);
    });
    await outside;
    expect((await prepared.query('SELECT count(*)::int AS n FROM t WHERE id = $1', [20])).rows).toEqual([{ n: 1 }]);
  });

  it('answers a statement without parameters and a syntax error as the unnamed one does', async () => {
    expect((await prepared.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    const refusal = (client: PGlite) => client.query('SELEC 1').catch((error: { code?: string }) => error.code);
    expect(await refusal(prepared)).toBe(await refusal(plain));
    expect((await prepared.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });

  it('parses a text again once DDL changed its columns or the session let it go, and keeps each parameter typing apart', async () => {
    const client = withPreparedStatements(await startEmptyPglite());
    try {
      await client.exec('CREATE TABLE u (id int)');
      await client.query('INSERT INTO u VALUES ($1)', [1]);
      expect((await client.query('SELECT * FROM u WHERE id = $1', [1])).rows).toEqual([{ id: 1 }]);
      await client.exec('ALTER TABLE u ADD COLUMN w int');
      expect((await client.query('SELECT * FROM u WHERE id = $1', [1])).rows).toEqual([{ id: 1, w: null }]);
      await client.exec('DEALLOCATE ALL');
      expect((await client.query('SELECT * FROM u WHERE id = $1', [1])).rows).toEqual([{ id: 1, w: null }]);
      expect((await client.query('SELECT $1 AS p', ['5'], { paramTypes: [23] })).rows).toEqual([{ p: 5 }]);
      expect((await client.query('SELECT $1 AS p', ['abc'], { paramTypes: [25] })).rows).toEqual([{ p: 'abc' }]);
    } finally {
      await client.close();
    }
  });

  it("answers the 2,001st text's own rows when the session lets the first 2,000 go", async () => {
    const client = withPreparedStatements(await startEmptyPglite());
    try {
      for (let i = 0; i < 2000; i++) await client.query(`SELECT $1::int + ${i} AS n`, [1]);
      expect((await client.query('SELECT 42 AS a WHERE $1::int = 1', [1])).rows).toEqual([{ a: 42 }]);
      expect((await client.query('SELECT $1::int + 0 AS n', [1])).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
