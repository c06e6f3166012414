import { chequeDocument, type ChequeSummary, fromMinorUnits, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { cheques } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { chequeBinding } from './cheques.binding.ts';

/** The register's tiles: count and total per status for the list's filters, every status present (zeros too) in the workflow's order. */
export async function chequeSummary(executor: Executor, actor: Actor, query: DocumentListQuery): Promise<ChequeSummary> {
  const where = documentListWhere(chequeBinding, query, actor);
  const rows = await queryRows<{ status: string; count: number; total: string }>(
    executor,
    sql`SELECT ${cheques.status} AS status, count(*)::int AS count, sum(${cheques.amount})::text AS total
        FROM ${cheques} ${where ? sql`WHERE ${where}` : sql``} GROUP BY ${cheques.status}`,
  );
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  const data = chequeDocument.states.map((status) => ({ status, count: Number(byStatus.get(status)?.count ?? 0), total: byStatus.get(status)?.total ?? '0.00' }));
  const count = data.reduce((n, row) => n + row.count, 0);
  const total = fromMinorUnits(data.reduce((sum, row) => sum + toMinorUnits(row.total), 0n));
  return { data, totals: { count, total } };
}
