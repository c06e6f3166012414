/** What other areas may use of purchasing (docs/ARCHITECTURE.md, Boundaries). */
export { createVendorAccount } from './vendors.service.ts';
