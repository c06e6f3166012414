import { payAdjustmentProblems, payAdjustments as payAdjustmentsDeclaration } from '@erp/domain';
import { payAdjustments } from '../../db/schema/index.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { employeeRowScope } from './hr-row-scope.ts';

function check(record: Row): void {
  const problems = payAdjustmentProblems(record as Parameters<typeof payAdjustmentProblems>[0]);
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

/** Pay adjustments: the generic resource, kept to the caller's employees, with the rules joining its months. */
export const payAdjustmentBinding: ResourceBinding = {
  declaration: payAdjustmentsDeclaration,
  table: payAdjustments,
  hooks: {
    rowScope: employeeRowScope(payAdjustments.employeeId),
    writes: {
      beforeInsert: async (_tx, _actor, input) => {
        check(input);
        return {};
      },
      beforeUpdate: async (_tx, _actor, before, input) => check({ ...before, ...input }),
    },
  },
};
