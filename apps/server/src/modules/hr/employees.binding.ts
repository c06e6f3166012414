import { employeeRecordProblems, employees as employeesDeclaration, nationalIdProblem } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { companyCountry } from './hr-row-scope.ts';

/** The rules the declaration cannot say: the national id by the company's country, and the fields that go together. */
async function checkEmployee(tx: Executor, record: Row, checkNationalId: boolean): Promise<void> {
  const problems: Record<string, string> = employeeRecordProblems(record);
  if (checkNationalId) {
    const problem = nationalIdProblem(await companyCountry(tx), String(record.nationalId ?? ''));
    if (problem) problems.nationalId = problem;
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

/**
 * Employees: the generic resource with their checks. Rows of issue 9 kept an empty national id;
 * an edit that leaves it alone is not refused for it, one that sets it is checked.
 */
export const employeeBinding: ResourceBinding = {
  declaration: employeesDeclaration,
  table: employees,
  // Found by the command palette by code or name (0025 fills the rows of employees already there).
  search: { code: 'employeeCode' },
  hooks: {
    writes: {
      beforeInsert: async (tx, _actor, input) => {
        await checkEmployee(tx, input, true);
        return {};
      },
      beforeUpdate: (tx, _actor, before, input) => checkEmployee(tx, { ...before, ...input }, input.nationalId !== undefined),
    },
  },
};
