import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';

export interface QueryText {
  sql: string;
  params: unknown[];
}

/** Drizzle's text of one table or column (`"invoices"."region_id"`), as its dialect renders it alone. */
export type RenderEntity = (entity: Table | Column) => QueryText;

// Per renderer (one per dialect, so per casing rule), each table's and column's text: it depends on no data.
const entityTexts = new WeakMap<RenderEntity, WeakMap<object, string | null>>();

function entityText(render: RenderEntity, entity: Table | Column): string | undefined {
  let texts = entityTexts.get(render);
  if (!texts) entityTexts.set(render, (texts = new WeakMap()));
  let text = texts.get(entity);
  if (text === undefined) {
    const built = render(entity);
    text = built.params.length === 0 ? built.sql : null;
    texts.set(entity, text);
  }
  return text ?? undefined;
}

/**
 * The text and parameters of a raw statement, as PostgreSQL's dialect in Drizzle builds them
 * (`$1`, double-quoted names), for the chunks raw statements are made of: text, nested `sql`,
 * parameters, identifiers and plain values, and, given `render`, tables and columns (Drizzle's
 * text of each, built once). Anything else (placeholders, inlined parameters, arrays of chunks)
 * answers undefined and the caller lets Drizzle build it.
 *
 * Why: Drizzle's builder tests each chunk against a dozen entity kinds by walking its prototype
 * chain and merges an object per chunk; a posting's statement has a few hundred chunks, and
 * building them was a sixth of the server's time per invoice (bench/RESULTS.md, issue 28). One
 * column in a statement (the search row's region) sent the whole posting statement back to it.
 */
export function fastQueryText(query: SQL, render?: RenderEntity): QueryText | undefined {
  const text: string[] = [];
  const params: unknown[] = [];
  const walk = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) {
        const value = chunk.value;
        text.push(value.length === 1 ? value[0]! : value.join(''));
      } else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams || !walk(chunk.queryChunks)) return false;
      } else if (chunk instanceof Param) {
        if (chunk.value instanceof Placeholder) return false;
        const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value instanceof SQL) {
          if (!walk([value])) return false;
        } else {
          params.push(value);
          text.push(`$${params.length}`);
        }
      } else if (chunk instanceof Name) {
        text.push(`"${chunk.value.replace(/"/g, '""')}"`);
      } else if (chunk === undefined) {
        continue;
      } else if (render && (chunk instanceof Column || chunk instanceof Table)) {
        const entity = entityText(render, chunk);
        if (entity === undefined) return false;
        text.push(entity);
      } else if (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function') || chunk instanceof Date) {
        params.push(chunk);
        text.push(`$${params.length}`);
      } else {
        // Arrays (a parenthesised list in Drizzle), subqueries, enums: Drizzle's own rules.
        return false;
      }
    }
    return true;
  };
  return walk([query]) ? { sql: text.join(''), params } : undefined;
}
