import { gtin14Of, gtinMessages, itemGtinMessages, itemGtins as itemGtinsDeclaration, permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { itemGtins } from '../../db/schema/index.ts';
import { ConflictError } from '../../lib/app-error.ts';
import { registerConstraintRefusal } from '../../lib/pg-error.ts';
import type { ResourceBinding, Row, RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import type { ResourceFieldsBinding } from '../../lib/resource/resource-fields.ts';

/** An item's GTINs are kept to the caller's categories, through their item (as its tax facts are). */
export function itemGtinScope(subject: RowScopeSubject): SQL | undefined {
  const categories = permittedIds(subject.permissions, 'categories');
  return categories ? sql`${itemGtins.itemId} IN (SELECT id FROM items WHERE category_id IN (${intList(categories)}))` : undefined;
}

/** One item per GTIN: a second is refused naming the item that has it (any of its rows, active or not). */
async function assertGtinFree(tx: Executor, gtin: string, ownId: number | null): Promise<void> {
  const [taken] = await queryRows<{ itemName: string }>(
    tx,
    sql`SELECT i.item_name AS "itemName" FROM item_gtins g JOIN items i ON i.id = g.item_id
        WHERE g.gtin = ${gtin} ${ownId === null ? sql`` : sql`AND g.id <> ${ownId}::int`}`,
  );
  if (taken) {
    const message = itemGtinMessages.taken(gtin, taken.itemName);
    throw new ConflictError(message, { gtin: message });
  }
}

// Two writers racing past the check above meet the unique constraint.
registerConstraintRefusal('item_gtins_gtin_key', () => ({ status: 409, message: 'This GTIN already belongs to an item', errors: { gtin: 'This GTIN already belongs to an item' } }));

/** Item GTINs: the generic resource, with the 409 that names the item holding a GTIN. */
export const itemGtinBinding: ResourceBinding = {
  declaration: itemGtinsDeclaration,
  table: itemGtins,
  hooks: {
    rowScope: itemGtinScope,
    writes: {
      beforeInsert: async (tx, _actor, input) => {
        await assertGtinFree(tx, String(input.gtin), null);
        return {};
      },
      beforeUpdate: async (tx, _actor, before: Row, input: Row) => {
        if (input.gtin !== undefined && input.gtin !== before.gtin) await assertGtinFree(tx, String(input.gtin), Number(before.id));
      },
    },
  },
};

/**
 * An item's active GTINs, `[{gtin, packLevel, unitsPerPack}]` by GTIN: one index probe per item
 * (item_gtins_item_id_idx). The item's id is named with its table: a query of one table renders
 * its columns bare, and a bare `id` here would be the GTIN row's.
 */
const itemId = sql`${sql.identifier('items')}.${sql.identifier('id')}`;
const gtinsOfItem = sql`coalesce((SELECT json_agg(json_build_object('gtin', g.gtin, 'packLevel', g.pack_level, 'unitsPerPack', g.units_per_pack) ORDER BY g.gtin)
  FROM item_gtins g WHERE g.item_id = ${itemId} AND g.active), '[]'::json)`;

/** `?gtin=`: 8, 12, 13 or 14 digits, read as the 14 stored. */
const gtinFilterSchema = z.string({ error: gtinMessages.shape }).transform((value, ctx) => {
  const gtin = gtin14Of(value.trim());
  if (gtin === null) ctx.addIssue({ code: 'custom', message: gtinMessages.shape });
  return gtin ?? '';
});

/** What the GS1 area adds to the items (inventory's resource): their GTINs on rows and options, and the list by GTIN. */
export const itemsGtinFields: ResourceFieldsBinding = {
  columns: () => ({ gtins: gtinsOfItem }),
  optionColumns: () => ({ gtins: gtinsOfItem }),
  valueFilters: {
    gtin: {
      description: 'GTIN (8, 12, 13 or 14 digits): the item that GTIN is an active link of',
      schema: gtinFilterSchema,
      condition: (value) => sql`${itemId} IN (SELECT g.item_id FROM item_gtins g WHERE g.gtin = ${String(value)} AND g.active)`,
    },
  },
};
