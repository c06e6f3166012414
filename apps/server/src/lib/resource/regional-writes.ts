import { permittedIds } from '@erp/domain';
import { BadRequestError, ForbiddenError } from '../app-error.ts';
import type { ResourceWriteHooks } from './resource-binding.ts';

/** What a refusal says, in the resource's words. */
export interface RegionalWriteMessages {
  /** A user limited to regions gave no region or another one (400 naming `regionId`). */
  chooseOwnRegion: string;
  /** A user limited to regions changed or deleted a company-wide row (403). */
  companyWide: string;
}

/** A user limited to regions writes rows of one of them: `regionId` must be one (400 otherwise). */
function assertOwnRegion(regionIds: readonly number[], regionId: unknown, message: string): void {
  if (typeof regionId !== 'number' || !regionIds.includes(regionId)) throw new BadRequestError({ regionId: message });
}

/**
 * The writes of a resource whose rows have an optional `regionId` (none: company-wide). A
 * company-wide row applies in every region, so only a user of every region (no
 * `permissions.regions`) adds, changes or deletes one; a user limited to regions sees those
 * rows (the row scope) but writes only rows of their regions. Price list rows and accounts.
 */
export function regionalWrites(messages: RegionalWriteMessages): ResourceWriteHooks {
  return {
    async beforeInsert(_tx, actor, input) {
      const regionIds = permittedIds(actor.permissions, 'regions');
      if (regionIds) assertOwnRegion(regionIds, input.regionId, messages.chooseOwnRegion);
      return {};
    },
    async beforeUpdate(_tx, actor, before, input) {
      const regionIds = permittedIds(actor.permissions, 'regions');
      if (!regionIds) return;
      if (before.regionId === null) throw new ForbiddenError(messages.companyWide);
      if ('regionId' in input) assertOwnRegion(regionIds, input.regionId, messages.chooseOwnRegion);
    },
    async beforeDelete(_tx, actor, before) {
      if (permittedIds(actor.permissions, 'regions') && before.regionId === null) throw new ForbiddenError(messages.companyWide);
    },
  };
}
