import { PayFormulaError, payFormulaNames, payFormulaOrder, payrollMessages, salaryComponentProblems, salaryComponents as salaryComponentsDeclaration } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { salaryComponents } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';

interface ComponentCode {
  id: number;
  code: string;
  formula: string | null;
  active: boolean;
}

async function componentCodes(tx: Executor): Promise<ComponentCode[]> {
  // Locked: two writers of formulas take turns, so they cannot make a cycle between them.
  return tx.select({ id: salaryComponents.id, code: salaryComponents.code, formula: salaryComponents.formula, active: salaryComponents.active }).from(salaryComponents).for('update');
}

/**
 * A component's own rules (salaryComponentProblems) over the codes there will be, and no cycle
 * among the formulas once it is written.
 */
async function checkComponent(tx: Executor, record: Row, id?: number): Promise<void> {
  const others = (await componentCodes(tx)).filter((c) => c.id !== id);
  const code = String(record.code);
  const problems = salaryComponentProblems(record, [...others.map((c) => c.code), code]);
  if (!problems.formula) {
    try {
      // The component first: a cycle is named from it.
      payFormulaOrder([{ code, formula: (record.formula as string | null) ?? null }, ...others]);
    } catch (error) {
      if (!(error instanceof PayFormulaError)) throw error;
      problems.formula = error.message;
    }
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

/** The components whose formulas name `code`. */
function formulasNaming(components: readonly ComponentCode[], code: string): string[] {
  return components.filter((c) => c.formula && c.code !== code && payFormulaNames(c.formula).includes(code)).map((c) => c.code);
}

export const salaryComponentBinding: ResourceBinding = {
  declaration: salaryComponentsDeclaration,
  table: salaryComponents,
  hooks: {
    writes: {
      beforeInsert: async (tx, _actor, input) => {
        await checkComponent(tx, input);
        return {};
      },
      beforeUpdate: async (tx, _actor, before, input) => {
        if (input.code !== undefined && input.code !== before.code) {
          const naming = formulasNaming(await componentCodes(tx), String(before.code));
          if (naming.length > 0) throw new ConflictError(`The formulas of ${naming.join(', ')} name ${String(before.code)}: change them first`, { code: 'Code is used by other formulas' });
        }
        // A run computes the active components only: an active formula naming an inactive code fails every run.
        if (input.active === false && before.active !== false) {
          const naming = formulasNaming((await componentCodes(tx)).filter((c) => c.active), String(before.code));
          if (naming.length > 0) throw new ConflictError(payrollMessages.componentUsedByFormulas(naming.join(', '), String(before.code)), { active: 'Component is used by active formulas' });
        }
        await checkComponent(tx, { ...before, ...input }, Number(before.id));
      },
      beforeDelete: async (tx, _actor, before) => {
        const naming = formulasNaming(await componentCodes(tx), String(before.code));
        if (naming.length > 0) throw new ConflictError(`The formulas of ${naming.join(', ')} name ${String(before.code)}: change them first`);
      },
    },
  },
};
