import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, queryRows } from '../../db/client.ts';

/**
 * What the bank reconciliation (modules/banking) reads of money's documents, through money.api:
 * the cheques a bank account waits on, and the reference a receipt's, payment's or cheque's
 * ledger row carries. Money's tables stay named only here.
 */

/** A cheque deposited into the account or drawn on it, not cleared yet: money the bank will move. */
export interface OpenBankCheque {
  chequeId: number;
  documentNumber: string;
  chequeNumber: string;
  direction: 'received' | 'issued';
  /** Signed: a deposited cheque is money in (+), an issued one money out (-). */
  amount: string;
  /** The deposit date of a received cheque, the cheque's date of an issued one. */
  date: string;
  reference: string;
  partyName: string;
}

/** The account's open cheques (deposited or issued, not cleared), all or the ones named, oldest first. */
export async function openBankCheques(executor: Executor, accountId: number, ids?: readonly number[]): Promise<OpenBankCheque[]> {
  const rows = await queryRows<OpenBankCheque>(
    executor,
    sql`SELECT c.id AS "chequeId", c.document_number AS "documentNumber", c.cheque_number AS "chequeNumber", c.direction,
               (CASE WHEN c.direction = 'received' THEN c.amount ELSE -c.amount END)::text AS amount,
               (CASE WHEN c.direction = 'received' THEN c.deposit_date ELSE c.document_date END)::text AS date,
               coalesce(r.reference, p.reference, '') AS reference,
               coalesce(cu.customer_name, v.vendor_name, c.payee_name, '') AS "partyName"
        FROM cheques c
        LEFT JOIN receipts r ON r.id = c.receipt_id
        LEFT JOIN payments p ON p.id = c.payment_id
        LEFT JOIN customers cu ON c.party_type = 'customer' AND cu.id = c.party_id
        LEFT JOIN vendors v ON c.party_type = 'vendor' AND v.id = c.party_id
        WHERE c.bank_account_id = ${accountId}::int AND c.status IN ('deposited', 'issued')
          ${ids ? sql`AND c.id = ANY(${intArray(ids)})` : sql``}
        ORDER BY 6, c.id`,
  );
  return rows.map((row) => ({ ...row, chequeId: Number(row.chequeId) }));
}

/**
 * The reference and cheque number behind ledger rows, for the caller's FROM: LEFT JOINs on each
 * row's document (a receipt's or payment's `reference`, a cheque's number; the cheque of a receipt
 * or payment by cheque), each of one row at most, so a whole account's ledger is read with hash
 * joins rather than a lookup per row. Both are '' for other documents.
 */
export function moneyReferenceJoins(documentType: SQL, documentId: SQL): { joins: SQL; reference: SQL<string>; chequeNumber: SQL<string> } {
  return {
    joins: sql`LEFT JOIN receipts money_r ON ${documentType} = 'receipts' AND money_r.id = ${documentId}
      LEFT JOIN payments money_p ON ${documentType} = 'payments' AND money_p.id = ${documentId}
      LEFT JOIN cheques money_c ON ${documentType} = 'cheques' AND money_c.id = ${documentId}
      LEFT JOIN cheques money_rc ON ${documentType} = 'receipts' AND money_rc.receipt_id = ${documentId}
      LEFT JOIN cheques money_pc ON ${documentType} = 'payments' AND money_pc.payment_id = ${documentId}`,
    reference: sql<string>`coalesce(money_r.reference, money_p.reference, money_c.cheque_number, '')`,
    chequeNumber: sql<string>`coalesce(money_c.cheque_number, money_rc.cheque_number, money_pc.cheque_number, '')`,
  };
}
