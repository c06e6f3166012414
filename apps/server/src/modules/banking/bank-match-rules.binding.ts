import { bankingMessages, bankMatchRules as declaration, permittedIds } from '@erp/domain';
import { isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankMatchRules } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ForbiddenError } from '../../lib/app-error.ts';
import type { ResourceBinding, Row, RowScope } from '../../lib/resource/resource-binding.ts';
import { bankAccountFor, bankAccountScope } from './bank-accounts.ts';

/**
 * A rule of one bank account is that account's: seen and written by whoever sees the account
 * (its statements' rule, `bankAccountScope`), outside it missing (404). A rule of every account
 * (none named) is read by everyone, as it matches their lines too.
 */
const ruleScope: RowScope = (subject) => {
  const scope = bankAccountScope(subject, bankMatchRules.bankAccountId);
  return scope && or(isNull(bankMatchRules.bankAccountId), scope);
};

/**
 * The bank account a rule names: one the writer may see (400 naming `bankAccountId` otherwise).
 * None, a rule of every account, drives auto-match on every region's accounts, so only a user of
 * every region gives none (as company-wide accounts and prices, `regionalWrites`).
 */
async function assertAccountOf(tx: Executor, actor: Actor, bankAccountId: unknown): Promise<void> {
  if (bankAccountId !== null && bankAccountId !== undefined) {
    await bankAccountFor(tx, actor, Number(bankAccountId));
    return;
  }
  if (permittedIds(actor.permissions, 'regions')) throw new BadRequestError({ bankAccountId: bankingMessages.ruleForOwnAccount }, bankingMessages.ruleForOwnAccount);
}

/** A rule of every account is changed and deleted by users of every region only (403). */
function assertMayChange(actor: Actor, before: Row): void {
  if (before.bankAccountId === null && permittedIds(actor.permissions, 'regions')) throw new ForbiddenError(bankingMessages.ruleOfEveryAccount);
}

/** Match rules: the generic resource, within the row scope of their bank accounts. */
export const bankMatchRuleBinding: ResourceBinding = {
  declaration,
  table: bankMatchRules,
  hooks: {
    rowScope: ruleScope,
    writes: {
      beforeInsert: async (tx, actor, input) => {
        await assertAccountOf(tx, actor, input.bankAccountId);
        return {};
      },
      beforeUpdate: async (tx, actor, before, input) => {
        assertMayChange(actor, before);
        // Absent: the rule keeps its account; null: the rule is to be every account's.
        if (input.bankAccountId !== undefined) await assertAccountOf(tx, actor, input.bankAccountId);
      },
      beforeDelete: async (_tx, actor, before) => assertMayChange(actor, before),
    },
  },
};
