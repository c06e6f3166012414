import {
  type SalaryAssignmentInput,
  type SalaryAssignmentLineInput,
  salaryAssignmentInputSchema,
  salaryAssignments as salaryAssignmentsDeclaration,
  type SalaryAssignmentUpdate,
  salaryAssignmentUpdateSchema,
} from '@erp/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { salaryAssignmentLines, salaryAssignments, salaryComponents } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { planResourceQueries, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { employeeRowScope } from './hr-row-scope.ts';
import { assignmentUsedByPostedSlip } from './payroll-usage.ts';
import { writeWithLines } from './resource-with-lines.ts';

export const assignmentUsedMessage = 'A posted pay slip used this salary assignment: it cannot be changed or deleted (a raise is a new assignment)';

/** The lines of each row, in their order, amounts as decimal strings. */
const linesColumn = sql<Row[]>`(SELECT coalesce(json_agg(json_build_object('componentId', l.component_id, 'code', c.code, 'componentName', c.component_name,
      'amount', l.amount::text, 'percent', l.percent::text) ORDER BY l.line_number), '[]'::json)
    FROM salary_assignment_lines l JOIN salary_components c ON c.id = l.component_id WHERE l.salary_assignment_id = "salary_assignments".id)`;

async function refuseIfUsed(tx: Tx, before: Row | undefined): Promise<void> {
  if (before && (await assignmentUsedByPostedSlip(tx, Number(before.id)))) throw new ConflictError(assignmentUsedMessage);
}

/** Lines name existing components, each once; BASIC is paid from the basic, not a line. */
async function checkLines(tx: Tx, lines: readonly SalaryAssignmentLineInput[]): Promise<void> {
  const problems: Record<string, string> = {};
  const ids = [...new Set(lines.map((line) => line.componentId))];
  const found = ids.length === 0 ? [] : await tx.select({ id: salaryComponents.id, code: salaryComponents.code }).from(salaryComponents).where(inArray(salaryComponents.id, ids));
  const codeOf = new Map(found.map((c) => [c.id, c.code]));
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    const code = codeOf.get(line.componentId);
    if (code === undefined) problems[`lines.${index}.componentId`] = 'Component does not exist';
    else if (code === 'BASIC') problems[`lines.${index}.componentId`] = 'BASIC is paid from the basic: it needs no line';
    else if (seen.has(line.componentId)) problems[`lines.${index}.componentId`] = 'A component appears once in an assignment';
    seen.add(line.componentId);
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

function linesWriter(lines: readonly SalaryAssignmentLineInput[]) {
  return async (tx: Tx, id: number, replacing: boolean) => {
    if (replacing) await tx.delete(salaryAssignmentLines).where(eq(salaryAssignmentLines.salaryAssignmentId, id));
    if (lines.length === 0) return;
    await tx.insert(salaryAssignmentLines).values(
      lines.map((line, index) => ({ salaryAssignmentId: id, lineNumber: index + 1, componentId: line.componentId, amount: line.amount ?? null, percent: line.percent ?? null })),
    );
  };
}

let plan: ResourceQueryPlan | undefined;
const planOf = () => (plan ??= planResourceQueries(salaryAssignmentBinding));

/**
 * Salary assignments: the generic list, get and export, plus `lines` on each row; writes with
 * their lines; never changed or deleted once a posted slip used them (409).
 */
export const salaryAssignmentBinding: ResourceBinding = {
  declaration: salaryAssignmentsDeclaration,
  table: salaryAssignments,
  hooks: {
    rowScope: employeeRowScope(salaryAssignments.employeeId),
    rowColumns: { lines: linesColumn },
    create: async (actor, input, ctx) => {
      const { lines, ...header } = input as SalaryAssignmentInput;
      return writeWithLines(ctx.db, planOf(), actor, undefined, {
        header: { ...header, notes: header.notes ?? '' },
        check: (tx) => checkLines(tx, lines),
        writeLines: linesWriter(lines),
      });
    },
    update: async (actor, id, input, ctx) => {
      const { lines, ...header } = input as SalaryAssignmentUpdate;
      return writeWithLines(ctx.db, planOf(), actor, id, {
        header: Object.fromEntries(Object.entries(header).filter(([, value]) => value !== undefined)),
        check: async (tx, before) => {
          await refuseIfUsed(tx, before);
          if (lines) await checkLines(tx, lines);
        },
        ...(lines ? { writeLines: linesWriter(lines) } : {}),
      });
    },
    writes: { beforeDelete: (tx, _actor, before) => refuseIfUsed(tx as Tx, before) },
    schemas: { create: salaryAssignmentInputSchema, update: salaryAssignmentUpdateSchema },
  },
};
