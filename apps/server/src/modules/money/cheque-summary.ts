import { chequeDirections, chequeDocument, type ChequeStatusTotal, type ChequeSummary, fromMinorUnits, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { cheques } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { chequeBinding } from './cheques.binding.ts';

const sumOf = (rows: readonly { total: string }[]) => fromMinorUnits(rows.reduce((sum, row) => sum + toMinorUnits(row.total), 0n));

/** Count and total per status of `rows` (one row per status and direction), every status in the workflow's order. */
function byStatus(rows: readonly { status: string; count: number; total: string }[]): ChequeStatusTotal[] {
  return chequeDocument.states.map((status) => {
    const of = rows.filter((row) => row.status === status);
    return { status, count: of.reduce((n, row) => n + row.count, 0), total: of.length ? sumOf(of) : '0.00' };
  });
}

/**
 * The register's tiles for the list's filters: per status (every status, zeros too), and per
 * direction (received and issued apart: adding money in to money out says nothing).
 */
export async function chequeSummary(executor: Executor, actor: Actor, query: DocumentListQuery): Promise<ChequeSummary> {
  const where = documentListWhere(chequeBinding, query, actor);
  const rows = await queryRows<{ direction: string; status: string; count: number; total: string }>(
    executor,
    sql`SELECT ${cheques.direction} AS direction, ${cheques.status} AS status, count(*)::int AS count, sum(${cheques.amount})::text AS total
        FROM ${cheques} ${where ? sql`WHERE ${where}` : sql``} GROUP BY ${cheques.direction}, ${cheques.status}`,
  );
  const data = byStatus(rows);
  const directions = chequeDirections.map(({ value: direction }) => {
    const of = rows.filter((row) => row.direction === direction);
    return { direction, count: of.reduce((n, row) => n + row.count, 0), total: of.length ? sumOf(of) : '0.00', statuses: byStatus(of).filter((row) => row.count > 0) };
  });
  return { data, totals: { count: data.reduce((n, row) => n + row.count, 0), total: sumOf(data) }, directions };
}
