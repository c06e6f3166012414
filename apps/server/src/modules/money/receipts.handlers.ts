import { chequeDocument, moneyMessages, receiptDocument, type ReceiptDetail, type ReceiptInput, salesMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf } from '../../lib/document/document-binding.ts';
import { invoiceScope } from '../sales/sales.api.ts';
import { checkCheque, moneyAccountOf } from './money-accounts.ts';
import { checkWithholding, withheldTotals, withholdingLines } from './receipt-withholding.ts';
import { moneyValues, type MoneyKind, moneyHandlers } from './money-document.ts';

/** The customer's row (within the actor's regions, else missing), its region and receivable account. */
async function customerOf(tx: Tx, actor: Parameters<typeof invoiceScope>[0] | null, customerId: number) {
  const scope = actor ? invoiceScope(actor, sql`c.region_id`) : undefined;
  const [row] = await queryRows<{ id: number; regionId: number; accountId: number; customerName: string }>(
    tx,
    sql`SELECT c.id, c.region_id AS "regionId", c.account_id AS "accountId", c.customer_name AS "customerName"
        FROM customers c WHERE c.id = ${customerId}::int ${scope ? sql`AND ${scope}` : sql``}`,
  );
  return row && { ...row, id: Number(row.id), regionId: Number(row.regionId), accountId: Number(row.accountId) };
}

/**
 * Posting a receipt (RV): Dr the cash, bank or Cheques in hand account, Cr the customer's own
 * receivable account, both stamped with the customer's region and the customer as party; what
 * the customer withheld (issue 29, section 6) Dr Sales tax withheld and Advance income tax, Cr
 * the receivable. By cheque, the cheque enters the register in hand.
 */
export function receiptKind(read: (tx: Tx, id: number) => Promise<ReceiptDetail>): MoneyKind<ReceiptInput, ReceiptDetail> {
  return {
    source: 'receipts',
    definition: receiptDocument,
    dateField: 'receiptDate',
    label: 'Receipt',
    async header(tx, actor, input) {
      checkCheque(input.method, input.cheque);
      const customer = await customerOf(tx, actor, input.customerId);
      if (!customer) throw new BadRequestError({ customerId: salesMessages.customerMissing });
      const accountId = await moneyAccountOf(tx, actor, 'in', input.method, input.accountId);
      return {
        partyId: customer.id,
        amount: input.amount,
        date: input.receiptDate,
        field: 'invoiceId',
        requested: input.allocations?.map((a) => ({ targetId: a.invoiceId, amount: a.amount, taxWithheld: a.taxWithheld ?? '0.00', incomeTaxWithheld: a.incomeTaxWithheld ?? '0.00' })),
        values: { regionId: customer.regionId, ...moneyValues(input, accountId) },
      };
    },
    partyOf: (receipt) => receipt.customerId,
    targetFieldOf: () => 'invoiceId',
    requestedOf: (receipt) =>
      receipt.allocations.filter((a) => !a.released).map((a) => ({ targetId: a.invoiceId, amount: a.amount, taxWithheld: a.taxWithheld, incomeTaxWithheld: a.incomeTaxWithheld })),
    async posting(tx, receipt) {
      const customer = (await customerOf(tx, null, receipt.customerId))!;
      return {
        narration: `Receipt from ${customer.customerName}`,
        debitAccountId: receipt.accountId,
        creditAccountId: customer.accountId,
        party: { regionId: receipt.regionId, partyType: 'customer', partyId: customer.id },
        cheque: { direction: 'received', status: 'inHand', payeeName: null, receiptId: receipt.id, paymentId: null, bankAccountId: null },
      };
    },
    // Once deposited the bank holds it: a bounce, not a cancel, undoes it.
    cancelRefusal: (status) => (status === 'inHand' || status === 'cancelled' ? undefined : moneyMessages.chequeLeftDrawer(chequeDocument.stateLabels[status as 'inHand'].toLowerCase())),
    read,
    // Issue 29, section 6: Dr Sales tax withheld, Dr Advance income tax, Cr the customer's receivable.
    withholding: {
      check: checkWithholding,
      async lines(tx, receipt, lines, memo) {
        const customer = (await customerOf(tx, null, receipt.customerId))!;
        return withholdingLines(tx, withheldTotals(lines), customer.accountId, memo, { regionId: receipt.regionId, partyType: 'customer', partyId: customer.id });
      },
    },
  };
}

export const receiptHandlers = (read: (tx: Tx, id: number) => Promise<ReceiptDetail>): DocumentHandlers<ReceiptInput, ReceiptDetail, ActionOf<typeof receiptDocument>> =>
  moneyHandlers(receiptKind(read));
