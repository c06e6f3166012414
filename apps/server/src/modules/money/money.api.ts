/** What other areas (and the cheques of this one) may use of receipts and payments (docs/ARCHITECTURE.md, Boundaries): document services taking (tx, actor, input). */
import { documentServices } from '../../lib/document/document-services.ts';
import { chequeBinding } from './cheques.binding.ts';
import { paymentBinding } from './payments.binding.ts';
import { receiptBinding } from './receipts.binding.ts';

export const receiptServices = documentServices(receiptBinding);
export const paymentServices = documentServices(paymentBinding);
export const chequeServices = documentServices(chequeBinding);
export { type MoneySource, releaseAllocations } from './allocations.ts';
export { paymentBinding, receiptBinding };
export { paySlipsByBank, type SlipToPay } from './slip-payments.ts';
// What an exchange revaluation finds open (issue 33, section 2): advances, and every vendor target's foreign bills (its `revaluation`).
export { foreignAdvancesAsOf, type ForeignAdvance } from './foreign-advances.ts';
export { foreignBillsAsOf, type ForeignBill } from './foreign-bills.ts';
// A payment made from a bank statement's line is in its vendor's currency (issue 33, sections 2 and 4).
export { vendorPaidIn } from './payment-exchange.ts';
// The bank reconciliation's reads (issue 33, section 4): cheques a bank account waits on, the references of money's ledger rows.
export { moneyReferenceJoins, type OpenBankCheque, openBankCheques } from './bank-cheques.ts';
// Cheques cleared by the statement lines matched to them, many at once.
export { type ChequeClearing, clearCheques } from './cheque-clearing.ts';
