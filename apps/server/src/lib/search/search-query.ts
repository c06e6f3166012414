import { canAccessRoute, documentNumberPattern, parseSearchInput, partyTypes, type SearchQuery, type SearchResult } from '@erp/domain';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { recordRoute, type Searchable } from './search-rows.ts';

/** Shorter text has no trigram to match: it finds codes and titles by their start only (btree). */
const minTrigramLength = 3;

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
 * GET /api/search (docs/API.md, "Search"): a whole document number by the btree on the code
 * alone; other text by code prefix, title prefix or trigram (word) similarity, ranked exact
 * code, title prefix, similarity; `limit` per type. Role and row scope are in the WHERE.
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
          WHERE upper(s.code) = ${upper} AND (${where}) ORDER BY s.entity_type LIMIT ${query.limit * types.length}`,
    );
  } else {
    const prefix = `${likeEscaped(text.toLowerCase())}%`;
    const matches =
      text.length < minTrigramLength
        ? sql`(upper(s.code) LIKE ${`${likeEscaped(upper)}%`} OR lower(s.title) LIKE ${prefix})`
        : sql`(upper(s.code) LIKE ${`${likeEscaped(upper)}%`} OR lower(s.title) LIKE ${prefix} OR s.search_text ILIKE ${`%${likeEscaped(text)}%`} OR ${text} <% s.search_text)`;
    rows = await queryRows(
      db,
      sql`SELECT entity_type, entity_id, code, title, subtitle, status FROM (
            SELECT m.*, row_number() OVER (PARTITION BY m.entity_type ORDER BY m.rank, m.similarity DESC, m.code, m.entity_id) AS n FROM (
              SELECT s.entity_type, s.entity_id, s.code, s.title, s.subtitle, s.status,
                CASE WHEN upper(s.code) = ${upper} THEN 0 WHEN lower(s.title) LIKE ${prefix} THEN 1 ELSE 2 END AS rank,
                word_similarity(${text}, s.search_text) AS similarity
              FROM search_index s WHERE ${matches} AND (${where})) m) ranked
          WHERE n <= ${query.limit} ORDER BY rank, similarity DESC, entity_type, n`,
    );
  }
  const byType = new Map(types.map((t) => [t.type, t]));
  return rows.map((row) => {
    const id = Number(row.entity_id);
    return { type: row.entity_type, id, code: row.code, title: row.title, subtitle: row.subtitle, status: row.status, route: recordRoute(byType.get(row.entity_type)!, id, row.title) };
  });
}
