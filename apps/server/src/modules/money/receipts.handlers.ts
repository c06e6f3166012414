import { chequeDocument, moneyMessages, type ReceiptDetail, type ReceiptInput, salesMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { DocumentHandlers } from '../../lib/document/document-binding.ts';
import { invoiceScope } from '../sales/sales.api.ts';
import { checkCheque, moneyAccountOf } from './money-accounts.ts';
import { type MoneyKind, moneyHandlers } from './money-document.ts';

/** What receipts write and post; the machinery (lib/document) does the rest. */
export const receiptDocumentType = 'receipts';
export const receiptNumberPrefix = 'RV';

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
 * receivable account, both stamped with the customer's region and the customer as party. By
 * cheque, the cheque enters the register in hand.
 */
export function receiptKind(read: (tx: Tx, id: number) => Promise<ReceiptDetail>): MoneyKind<ReceiptInput, ReceiptDetail> {
  return {
    source: 'receipts',
    documentType: receiptDocumentType,
    numberPrefix: receiptNumberPrefix,
    dateField: 'receiptDate',
    label: 'Receipt',
    async header(tx, actor, input) {
      checkCheque(input.method, input.cheque);
      const customer = await customerOf(tx, actor, input.customerId);
      if (!customer) throw new BadRequestError({ customerId: salesMessages.customerMissing });
      const accountId = await moneyAccountOf(tx, actor, 'in', input.method, input.accountId);
      const cheque = input.cheque ?? null;
      return {
        partyId: customer.id,
        amount: input.amount,
        date: input.receiptDate,
        requested: input.allocations?.map((a) => ({ targetId: a.invoiceId, amount: a.amount })),
        columns: {
          document_date: sql`${input.receiptDate}::date`,
          customer_id: sql`${customer.id}::int`,
          region_id: sql`${customer.regionId}::int`,
          method: sql`${input.method}::text`,
          account_id: sql`${accountId}::int`,
          amount: sql`${input.amount}::numeric`,
          reference: sql`${input.reference ?? ''}::text`,
          cheque_number: sql`${cheque?.chequeNumber ?? null}::text`,
          cheque_bank: sql`${cheque?.bank ?? null}::text`,
          cheque_date: sql`${cheque?.chequeDate ?? null}::date`,
        },
      };
    },
    partyOf: (receipt) => receipt.customerId,
    requestedOf: (receipt) => receipt.allocations.filter((a) => !a.released).map((a) => ({ targetId: a.invoiceId, amount: a.amount })),
    async posting(tx, actor, receipt) {
      const customer = (await customerOf(tx, null, receipt.customerId))!;
      const narration = `Receipt from ${customer.customerName}`.slice(0, 500);
      const memo = narration.slice(0, 200);
      const party = { regionId: receipt.regionId, partyType: 'customer' as const, partyId: customer.id };
      return {
        narration,
        lines: [
          { accountId: receipt.accountId, debit: receipt.amount, credit: '0', memo, ...party },
          { accountId: customer.accountId, debit: '0', credit: receipt.amount, memo, ...party },
        ],
        cheque: receipt.cheque
          ? {
              direction: 'received',
              status: 'inHand',
              cheque: receipt.cheque,
              amount: receipt.amount,
              partyType: 'customer',
              partyId: customer.id,
              payeeName: null,
              regionId: receipt.regionId,
              receiptId: receipt.id,
              paymentId: null,
              bankAccountId: null,
              createdBy: actor.userId,
            }
          : undefined,
      };
    },
    // Once deposited the bank holds it: a bounce, not a cancel, undoes it.
    cancelRefusal: (status) => (status === 'inHand' || status === 'cancelled' ? undefined : moneyMessages.chequeLeftDrawer(chequeDocument.stateLabels[status as 'inHand'].toLowerCase())),
    read,
  };
}

export const receiptHandlers = (read: (tx: Tx, id: number) => Promise<ReceiptDetail>): DocumentHandlers<ReceiptInput, ReceiptDetail, 'post' | 'allocate' | 'cancel'> =>
  moneyHandlers(receiptKind(read));
