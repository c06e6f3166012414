import { defaultSalaryComponents } from '@erp/domain';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, salaryComponents } from '../../db/schema/index.ts';

/**
 * Adds the default component set's codes that are missing (issue 20: BASIC and the others of
 * `defaultSalaryComponents`), with the default chart's accounts; a code already there is left
 * as the company set it. Answers the codes added.
 */
export async function ensureDefaultSalaryComponents(tx: Executor): Promise<string[]> {
  const existing = new Set((await tx.select({ code: salaryComponents.code }).from(salaryComponents)).map((row) => row.code));
  const missing = defaultSalaryComponents.filter((component) => !existing.has(component.code));
  if (missing.length === 0) return [];
  const codes = [...new Set(missing.flatMap((c) => [c.accountCode, ...(c.liabilityAccountCode ? [c.liabilityAccountCode] : [])]))];
  const accountIds = new Map((await tx.select({ id: accounts.id, code: accounts.accountCode }).from(accounts).where(inArray(accounts.accountCode, codes))).map((a) => [a.code, a.id]));
  const rows = missing.flatMap((component) => {
    const accountId = accountIds.get(component.accountCode);
    const liabilityAccountId = component.liabilityAccountCode ? accountIds.get(component.liabilityAccountCode) : null;
    // A chart without the account (renumbered by the company): that component is left for them to add.
    if (accountId === undefined || liabilityAccountId === undefined) return [];
    return [
      {
        code: component.code,
        componentName: component.componentName,
        kind: component.kind,
        calculation: component.calculation,
        formula: component.formula ?? null,
        amount: component.amount ?? null,
        percent: component.percent ?? null,
        prorated: component.prorated,
        taxable: component.taxable,
        accountId,
        liabilityAccountId,
        rounding: component.rounding,
        printOrder: component.printOrder,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(salaryComponents).values(rows);
  return rows.map((row) => row.code);
}
