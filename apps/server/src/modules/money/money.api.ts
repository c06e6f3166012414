/** What other areas (and the cheques of this one) may use of receipts and payments (docs/ARCHITECTURE.md, Boundaries). */
export { type AllocationSource, releaseAllocations } from './allocations.ts';
export { paymentBinding } from './payments.binding.ts';
export { receiptBinding } from './receipts.binding.ts';
