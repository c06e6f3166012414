import { canAccessRoute, documentNumberPattern, parseSearchInput, partyTypes, type SearchQuery, type SearchResult } from '@erp/domain';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { recordRoute, type Searchable } from './search-rows.ts';

/** A word shorter than this has no trigram to look up: it matches codes and titles by their start only. */
const minTrigramLength = 3;
/** The rows of one type the word match reads before ranking them by similarity: its work stays bounded however common the words. */
const wordCandidates = 50;
/** The start of a document number or code (`INV-2026-00`): its trigrams are in every document's row, so only the code's btree answers it. */
const codeStart = /^[A-Za-z]{1,6}-[\d-]*$/;

// As the per-type btrees index them (0021_search_index.sql): byte order serves LIKE 'x%' and ORDER BY alike.
const code = sql`(upper(s.code) COLLATE "C")`;
const title = sql`(lower(s.title) COLLATE "C")`;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Which types the actor may search, each with its row scope: the role's route table (the
 * menu's) and the query's types and prefix. A type whose scope narrows this actor keeps only
 * rows its own row scope lets through, read from its table in the same WHERE.
 */
function allowedTypes(actor: Actor, searchables: readonly Searchable[], query: SearchQuery): Searchable[] {
  const { scope } = parseSearchInput(query.q);
  const asked = query.types?.split(',');
  return searchables.filter(
    (s) =>
      canAccessRoute(actor.role, s.route) &&
      (!asked || asked.includes(s.type)) &&
      (scope === 'all' || (scope === 'documents' ? s.kind === 'document' : (partyTypes as readonly string[]).includes(s.type))),
  );
}

function typeCondition(actor: Actor, searchable: Searchable): SQL {
  const scope = searchable.rowScope?.(actor);
  const type = sql`s.entity_type = ${searchable.type}::text`;
  if (!scope) return type;
  const table = sql.identifier(getTableName(searchable.table));
  return sql`(${type} AND EXISTS (SELECT 1 FROM ${table} WHERE ${table}.id = s.entity_id AND ${scope}))`;
}

/**
 * Per allowed type, the exact code, then the code's start, then the title's start, until
 * `limit` are found (a LIMIT over UNION ALL stops once it has them; ordered scans of the
 * per-type btrees). Across the types at once, rows holding every word (3+ characters) anywhere
 * (trigram GIN, or a scan that stops early when the words are common): at most
 * `wordCandidates` per allowed type, ranked by similarity. Then, per type: exact code, prefix,
 * similarity. Every part reads a bounded number of rows, however common the words.
 */
function textSearch(types: readonly Searchable[], where: SQL, text: string, limit: number): SQL {
  const upper = text.toUpperCase();
  const codePrefix = `${likeEscaped(upper)}%`;
  const titlePrefix = `${likeEscaped(text.toLowerCase())}%`;
  const words = codeStart.test(text) ? [] : text.split(/\s+/).filter((w) => w.length >= minTrigramLength);
  const columns = sql`s.entity_type, s.entity_id, s.code, s.title, s.subtitle, s.status`;
  const inType = sql`s.entity_type = t.type AND (${where})`;
  const prefixes = sql`SELECT found.* FROM unnest(${`{${types.map((t) => t.type).join(',')}}`}::text[]) AS t(type) CROSS JOIN LATERAL (SELECT * FROM (
      (SELECT ${columns}, 0 AS rank, 1::real AS similarity FROM search_index s WHERE ${inType} AND ${code} = ${upper} LIMIT ${limit})
      UNION ALL (SELECT ${columns}, 1, 1::real FROM search_index s WHERE ${inType} AND ${code} LIKE ${codePrefix} ORDER BY ${code} LIMIT ${limit})
      UNION ALL (SELECT ${columns}, 1, 1::real FROM search_index s WHERE ${inType} AND ${title} LIKE ${titlePrefix} ORDER BY ${title} LIMIT ${limit})
    ) tiers LIMIT ${limit}) found`;
  const anywhere =
    words.length === 0
      ? sql``
      : sql`UNION ALL SELECT w.*, 2, similarity(${text}, concat_ws(' ', w.code, w.title)) FROM (SELECT ${columns} FROM search_index s
          WHERE (${where}) AND ${sql.join(words.map((w) => sql`s.search_text ILIKE ${`%${likeEscaped(w)}%`}`), sql` AND `)} LIMIT ${wordCandidates * types.length}) w`;
  return sql`SELECT entity_type, entity_id, code, title, subtitle, status FROM (
      SELECT f.*, row_number() OVER (PARTITION BY f.entity_type ORDER BY f.rank, f.similarity DESC, f.code, f.entity_id) AS n FROM (
        SELECT DISTINCT ON (c.entity_type, c.entity_id) c.* FROM (${prefixes} ${anywhere}) c ORDER BY c.entity_type, c.entity_id, c.rank) f) ranked
    WHERE n <= ${limit} ORDER BY rank, similarity DESC, entity_type, n`;
}

/**
 * GET /api/search (docs/api/dashboard.md, "Search"): a whole document number by the btree on the code
 * alone; other text by textSearch; `limit` per type. Role and row scope are in the WHERE.
 */
export async function search(db: Executor, actor: Actor, searchables: readonly Searchable[], query: SearchQuery): Promise<SearchResult[]> {
  const types = allowedTypes(actor, searchables, query);
  const { text } = parseSearchInput(query.q);
  if (types.length === 0 || text === '') return [];
  const where = sql.join(types.map((t) => typeCondition(actor, t)), sql` OR `);
  const upper = text.toUpperCase();
  let rows: { entity_type: string; entity_id: number; code: string | null; title: string; subtitle: string; status: string | null }[];
  if (documentNumberPattern.test(text)) {
    rows = await queryRows(
      db,
      sql`SELECT s.entity_type, s.entity_id, s.code, s.title, s.subtitle, s.status FROM search_index s
          WHERE ${code} = ${upper} AND (${where}) ORDER BY s.entity_type LIMIT ${query.limit * types.length}`,
    );
  } else {
    rows = await queryRows(db, textSearch(types, where, text, query.limit));
  }
  const byType = new Map(types.map((t) => [t.type, t]));
  return rows.map((row) => {
    const id = Number(row.entity_id);
    return { type: row.entity_type, id, code: row.code, title: row.title, subtitle: row.subtitle, status: row.status, route: recordRoute(byType.get(row.entity_type)!, id, row.title) };
  });
}
