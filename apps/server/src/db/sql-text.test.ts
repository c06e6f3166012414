import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, integer, pgSchema, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fastQueryText, type RenderEntity } from './sql-text.ts';
import { intArray, intList, numericArray } from './client.ts';

const dialect = new PgDialect();
const drizzleText = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describe('fastQueryText', () => {
  const statements: Record<string, SQL> = {
    'text only': sql`SELECT 1`,
    'values of every plain kind': sql`SELECT ${1}::int, ${'a"b'}::text, ${null}::int, ${true}, ${10n}::bigint, ${new Date('2026-12-03T00:00:00Z')}::timestamptz`,
    'nested statements, numbered in order': sql`WITH a AS (${sql`SELECT ${1}::int AS x`}), b AS (${sql`SELECT ${2}::int AS y, ${sql`${3}::int`} AS z`}) SELECT ${4}::int`,
    'array parameters': sql`SELECT * FROM unnest(${intArray([1, 2, null])}, ${numericArray(['1.50', null])})`,
    'lists and joins': sql`SELECT * FROM t WHERE id IN (${intList([3, 4])}) AND ${sql.join([sql`a = ${1}`, sql`b = ${2}`], sql` AND `)}`,
    'identifiers and raw text': sql`UPDATE ${sql.identifier('in"voices')} SET ${sql.raw('status')} = ${'posted'}`,
    'undefined chunks are nothing': sql`SELECT 1${undefined}`,
    empty: sql.empty(),
  };
  for (const [name, query] of Object.entries(statements)) {
    it(`builds what Drizzle builds: ${name}`, () => {
      expect(fastQueryText(query)).toEqual(drizzleText(query));
    });
  }

  const render = (entity: Parameters<RenderEntity>[0]) => dialect.sqlToQuery(sql`${entity}`);
  const things = pgTable('things', { id: integer('id'), regionId: integer('region_id') });
  const other = pgSchema('other').table('stuff', { id: integer('id') });

  it('builds tables and columns as Drizzle does, given its renderer, in a statement of other chunks', () => {
    const query = sql`SELECT ${things.id}, ${things.regionId}, ${other.id} FROM ${things}, ${other} WHERE ${things.id} = ${7}::int AND ${sql`${things.regionId} = ${8}::int`}`;
    expect(fastQueryText(query, render)).toEqual(drizzleText(query));
    // Again, from what it remembered.
    expect(fastQueryText(query, render)).toEqual(drizzleText(query));
  });

  it('renders each table and column once per renderer', () => {
    const calls: unknown[] = [];
    const counting: RenderEntity = (entity) => (calls.push(entity), render(entity));
    for (let i = 0; i < 3; i++) fastQueryText(sql`SELECT ${things.regionId} FROM ${things}`, counting);
    expect(calls).toEqual([things.regionId, things]);
  });

  it("leaves to Drizzle what only Drizzle's rules know: tables and columns without its renderer, arrays of chunks, inlined parameters, objects", () => {
    const table = pgTable('things', { id: integer('id') });
    expect(fastQueryText(sql`SELECT ${table.id} FROM ${table}`)).toBeUndefined();
    expect(fastQueryText(sql`SELECT * FROM t WHERE id IN ${[1, 2]}`)).toBeUndefined();
    expect(fastQueryText(sql`SELECT ${1}`.inlineParams())).toBeUndefined();
    expect(fastQueryText(sql`SELECT ${{ a: 1 }}::jsonb`)).toBeUndefined();
    expect(fastQueryText(sql`SELECT ${sql.placeholder('x')}`)).toBeUndefined();
  });
});
