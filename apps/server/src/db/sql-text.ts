import { Name, Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';

export interface QueryText {
  sql: string;
  params: unknown[];
}

/**
 * The text and parameters of a raw statement, as PostgreSQL's dialect in Drizzle builds them
 * (`$1`, double-quoted names), for the chunks raw statements are made of: text, nested `sql`,
 * parameters, identifiers and plain values. Anything else (tables, columns, placeholders,
 * inlined parameters) answers undefined and the caller lets Drizzle build it.
 *
 * Why: Drizzle's builder tests each chunk against a dozen entity kinds by walking its prototype
 * chain and merges an object per chunk; a posting's statement has a few hundred chunks, and
 * building them was a sixth of the server's time per invoice (bench/RESULTS.md, issue 28).
 */
export function fastQueryText(query: SQL): QueryText | undefined {
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
      } else if (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function') || chunk instanceof Date) {
        params.push(chunk);
        text.push(`$${params.length}`);
      } else {
        // Arrays (a parenthesised list in Drizzle), tables, columns, subqueries, enums: Drizzle's own rules.
        return false;
      }
    }
    return true;
  };
  return walk([query]) ? { sql: text.join(''), params } : undefined;
}
