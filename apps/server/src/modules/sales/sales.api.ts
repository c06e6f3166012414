/** What other areas may use of sales (docs/ARCHITECTURE.md, Boundaries). */
export { createCustomerAccount } from './customers.service.ts';
