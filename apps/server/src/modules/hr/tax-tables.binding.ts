import { type TaxSlab, type TaxTableInput, taxSlabProblems, taxTableInputSchema, taxTables as taxTablesDeclaration, type TaxTableUpdate, taxTableUpdateSchema } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { taxTableSlabs, taxTables } from '../../db/schema/index.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { planResourceQueries, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { writeWithLines } from './resource-with-lines.ts';

const slabsColumn = sql<Row[]>`(SELECT coalesce(json_agg(json_build_object('from', s.from_amount::text, 'to', s.to_amount::text, 'fixed', s.fixed_amount::text,
      'rate', s.rate::text) ORDER BY s.line_number), '[]'::json) FROM tax_table_slabs s WHERE s.tax_table_id = "tax_tables".id)`;

function checkSlabs(slabs: readonly TaxSlab[]): void {
  const problems = taxSlabProblems(slabs);
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

function slabsWriter(slabs: readonly TaxSlab[]) {
  return async (tx: Tx, id: number, replacing: boolean) => {
    if (replacing) await tx.delete(taxTableSlabs).where(eq(taxTableSlabs.taxTableId, id));
    await tx.insert(taxTableSlabs).values(slabs.map((slab, index) => ({ taxTableId: id, lineNumber: index + 1, fromAmount: slab.from, toAmount: slab.to ?? null, fixedAmount: slab.fixed, rate: slab.rate })));
  };
}

let plan: ResourceQueryPlan | undefined;
const planOf = () => (plan ??= planResourceQueries(taxTableBinding));

/** Tax tables: the generic list and get, plus `slabs` on each row; writes with their slabs (checked contiguous from 0). */
export const taxTableBinding: ResourceBinding = {
  declaration: taxTablesDeclaration,
  table: taxTables,
  hooks: {
    rowColumns: { slabs: slabsColumn },
    create: async (actor, input, ctx) => {
      const { slabs, ...header } = input as TaxTableInput;
      checkSlabs(slabs);
      return writeWithLines(ctx.db, planOf(), actor, undefined, { header: { ...header, tableName: header.tableName ?? '' }, writeLines: slabsWriter(slabs) });
    },
    update: async (actor, id, input, ctx) => {
      const { slabs, ...header } = input as TaxTableUpdate;
      if (slabs) checkSlabs(slabs);
      return writeWithLines(ctx.db, planOf(), actor, id, {
        header: Object.fromEntries(Object.entries(header).filter(([, value]) => value !== undefined)),
        ...(slabs ? { writeLines: slabsWriter(slabs) } : {}),
      });
    },
    schemas: { create: taxTableInputSchema, update: taxTableUpdateSchema },
  },
};
