/**
 * What other areas may use of the cold chain (docs/ARCHITECTURE.md, Boundaries): a cold row's
 * placement in a unit by day and its history (inventory's `POST /api/inventory/:inventoryId/storage-unit`
 * and `GET .../storage-history`), taking a transaction, never a request.
 */
export { placeInStorageUnit, storageHistoryOf } from './storage-placements.ts';
