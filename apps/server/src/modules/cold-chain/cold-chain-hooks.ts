import type { DocumentHookDeclarations, GuardHook, PostedHook } from '../../lib/document/document-hooks.ts';
import { receiptPlacementHooks } from './receipt-placements.ts';
import { holdShipmentExcursions, keepWriteOffAdjustments, requireLoggerResult } from './shipment-loggers.ts';

const guards = (...hooks: GuardHook[]): GuardHook => async (tx, actor, documents) => {
  for (const hook of hooks) await hook(tx, actor, documents);
};
const posted = (...hooks: PostedHook[]): PostedHook => async (tx, actor, ids) => {
  for (const hook of hooks) await hook(tx, actor, ids);
};

/**
 * Purchasing's receipts and inventory's adjustments, as the cold chain's manifest hooks them: a
 * receipt line's storage unit checked on save and at the post, goods kept cold posted only with
 * the logger's result; once posted, the lots placed in their units and an excursion in transit
 * holding them; an excursion's write-off never cancelled on its own.
 */
export const coldChainDocumentHooks: DocumentHookDeclarations = {
  beforeSave: { 'goods-receipts': receiptPlacementHooks.check },
  beforePost: { 'goods-receipts': guards(requireLoggerResult, receiptPlacementHooks.check) },
  onPosted: { 'goods-receipts': posted(receiptPlacementHooks.place, holdShipmentExcursions) },
  beforeCancel: { 'stock-adjustments': keepWriteOffAdjustments },
};
