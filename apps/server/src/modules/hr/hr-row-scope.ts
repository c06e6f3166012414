import { permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, intList } from '../../db/client.ts';
import type { RowScope } from '../../lib/resource/resource-binding.ts';
import { readSettingValues } from '../setup/setup.api.ts';

/**
 * The pay structure's rows belong to their employee's region (PRODUCT.md, principle 6): a user
 * limited to some regions sees and writes only the rows of those regions' employees.
 */
export function employeeRowScope(employeeId: AnyPgColumn): RowScope {
  return (subject) => {
    const ids = permittedIds(subject.permissions, 'regions');
    return ids ? sql`${employeeId} IN (SELECT e.id FROM employees e WHERE e.region_id IN (${intList(ids)}))` : undefined;
  };
}

/** The company's country (settings): chooses the national id rule. */
export async function companyCountry(executor: Executor): Promise<string> {
  const { country } = await readSettingValues(executor, ['country']);
  return country ?? 'PK';
}

