import { bankMatchRules as declaration } from '@erp/domain';
import { bankMatchRules } from '../../db/schema/index.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { bankAccountFor } from './bank-accounts.ts';

/** Match rules: the generic resource; a rule for one account names a bank account the writer may see. */
export const bankMatchRuleBinding: ResourceBinding = {
  declaration,
  table: bankMatchRules,
  hooks: {
    writes: {
      beforeInsert: async (tx, actor, input) => {
        if (input.bankAccountId) await bankAccountFor(tx, actor, Number(input.bankAccountId));
        return {};
      },
      beforeUpdate: async (tx, actor, _before: Row, input: Row) => {
        if (input.bankAccountId) await bankAccountFor(tx, actor, Number(input.bankAccountId));
        return {};
      },
    },
  },
};
