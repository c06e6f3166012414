import { orderGenerationMessages, type OrderGenerationLine } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { auditActorOf } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { lineObject, runScope } from './order-generation-runs.queries.ts';

/**
 * A line's final quantity, edited while the run is a draft (the run's row locked, so creating orders
 * meanwhile waits and orders what was saved); the run's total follows. A run outside the actor's
 * regions reads as missing, as on its other routes.
 */
export async function setFinalQuantity(tx: Tx, actor: Actor, runId: number, itemId: number, finalQty: number): Promise<OrderGenerationLine> {
  const [run] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM order_generation_runs WHERE id = ${runId}::int AND ${runScope(actor) ?? sql`true`} FOR NO KEY UPDATE`);
  if (!run) throw new NotFoundError();
  if (run.status !== 'draft') throw new ConflictError(orderGenerationMessages.notDraft);
  const [before] = await queryRows<{ finalQty: number }>(
    tx,
    sql`SELECT final_qty AS "finalQty" FROM order_generation_run_lines WHERE order_generation_run_id = ${runId}::int AND item_id = ${itemId}::int`,
  );
  if (!before) throw new NotFoundError(orderGenerationMessages.noSuchLine);
  const [row] = await queryRows<{ line: OrderGenerationLine }>(
    tx,
    sql`WITH changed AS (
          UPDATE order_generation_run_lines SET final_qty = ${finalQty}::int
          WHERE order_generation_run_id = ${runId}::int AND item_id = ${itemId}::int
          RETURNING order_generation_run_id, item_id, final_qty, unit_cost
        ),
        total AS (
          UPDATE order_generation_runs r SET updated_at = now(),
                 total_value = (SELECT coalesce(sum((CASE WHEN l.item_id = c.item_id THEN c.final_qty ELSE l.final_qty END) * l.unit_cost), 0)
                                FROM order_generation_run_lines l CROSS JOIN changed c WHERE l.order_generation_run_id = r.id)
          WHERE r.id = ${runId}::int
        )
        SELECT ${lineObject} AS line
        FROM order_generation_run_lines l JOIN changed c ON c.item_id = l.item_id AND c.order_generation_run_id = l.order_generation_run_id
        JOIN items it ON it.id = l.item_id LEFT JOIN vendors v ON v.id = l.vendor_id`,
  );
  await audit(tx, auditActorOf(actor), { action: 'update-line', resource: 'order-generation-runs', recordId: runId, before: { itemId, finalQty: before.finalQty }, after: { itemId, finalQty } });
  // The CTE's UPDATE is not seen by the outer SELECT's snapshot: answer the new final.
  const line = typeof row!.line === 'string' ? (JSON.parse(row!.line) as OrderGenerationLine) : row!.line;
  return { ...line, finalQty, value: (BigInt(finalQty) * BigInt(line.unitCost.replace('.', ''))).toString().padStart(3, '0').replace(/(\d{2})$/, '.$1') };
}
