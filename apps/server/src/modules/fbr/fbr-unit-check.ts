import { fbrMessages } from '@erp/domain';
import type { ResourceCheckDeclarations } from '../../lib/resource/resource-checks.ts';
import { knownUnits } from './fbr-reference.ts';

/**
 * Issue 30, section 2: an item's tax facts name an FBR unit FBR's list knows (400 `fbrUom`), once
 * the list is loaded; inventory's rows, checked through the resources' checks, not by editing
 * inventory. The unit a line's HS code allows is checked again at posting (fbr-outbox.ts).
 */
export const fbrResourceChecks: ResourceCheckDeclarations = {
  resourceChecks: {
    'item-tax-facts': async (executor, row, changed) => {
      const unit = typeof row.fbrUom === 'string' ? row.fbrUom.trim() : '';
      // A row saved before FBR's list was loaded is not refused for an edit of its other facts.
      if (unit === '' || (changed !== null && !changed.has('fbrUom'))) return {};
      const known = await knownUnits(executor);
      return known === null || known.has(unit) ? {} : { fbrUom: fbrMessages.unitUnknown(unit) };
    },
  },
};
