import { permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';

/**
 * The rows of stock a caller may see (PRODUCT.md, principle 6): `permissions.regions` narrows
 * by the lot's or movement's region, `permissions.categories` by its item's category.
 * `regionColumn` and `itemColumn` are the SQL of the row's region and item ids.
 */
export function stockScope(subject: RowScopeSubject, regionColumn: SQL, itemColumn: SQL): SQL[] {
  const conditions: SQL[] = [];
  const regions = permittedIds(subject.permissions, 'regions');
  if (regions) conditions.push(sql`${regionColumn} IN (${intList(regions)})`);
  const categories = permittedIds(subject.permissions, 'categories');
  if (categories) {
    conditions.push(sql`${itemColumn} IN (SELECT id FROM items WHERE category_id IN (${intList(categories)}))`);
  }
  return conditions;
}

/** Conditions joined with AND; TRUE when there are none. */
export function allOf(conditions: readonly SQL[]): SQL {
  return conditions.length > 0 ? sql.join(conditions.map((c) => sql`(${c})`), sql` AND `) : sql`TRUE`;
}

