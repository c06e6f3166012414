/**
 * What other areas may use of inventory (docs/ARCHITECTURE.md, Boundaries): its document
 * services, taking (tx, actor, input), and the customers' sites (stock locations, which inventory
 * alone writes).
 */
import { documentServices } from '../../lib/document/document-services.ts';
import { stockAdjustmentBinding } from './stock-adjustments.binding.ts';
import { transferBinding } from './transfers.binding.ts';

export const stockAdjustmentServices = documentServices(stockAdjustmentBinding);
export const transferServices = documentServices(transferBinding);
export { customerSite } from './customer-sites.ts';
// A lot as /inventory shows it, kept to the caller's regions and categories (GS1's labels of a lot).
export { inventoryRow } from './inventory.service.ts';
// The rows of stock a caller may see (regions and categories), for areas that read stock rows by id.
export { allOf, stockScope } from './stock-scope.ts';
export { taxFactsInForceSql } from './item-tax-facts.service.ts';
// A hold travels with the units a rental return or a consignment moves back from the customer's site.
export { carryHolds, holdLotsForExcursion, lotStatusIs, lotStatusSql, markLotsDestroyed, movedRows, recallLots, releaseExcursionLots, type ChangedLot } from './lot-status.ts';
