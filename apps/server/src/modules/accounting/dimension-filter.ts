import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/**
 * Issue 20: the P&L and the ledger narrowed to the entries stamped with a department and/or a
 * region. Day totals carry neither, so a narrowed statement reads the entries themselves
 * (`gl_entries_department_idx`, `gl_entries_region_idx`), within the reader's own row scope.
 */
export interface DimensionFilter {
  departmentId?: number | undefined;
  regionId?: number | undefined;
}

export const dimensionQuery = z.object({
  departmentId: z.coerce.number({ error: 'Department must be a number' }).int().positive().optional(),
  regionId: z.coerce.number({ error: 'Region must be a number' }).int().positive().optional(),
});

/** The filter's condition on `gl_entries` (alias `g`), or undefined when it narrows nothing. */
export function dimensionCondition(filter: DimensionFilter | undefined): SQL | undefined {
  const parts = [
    ...(filter?.departmentId !== undefined ? [sql`g.department_id = ${filter.departmentId}::int`] : []),
    ...(filter?.regionId !== undefined ? [sql`g.region_id = ${filter.regionId}::int`] : []),
  ];
  return parts.length ? sql.join(parts, sql` AND `) : undefined;
}
