import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { chequeQueries } from './cheques.queries.ts';

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

/**
 * The account's open cheques (deposited or issued, not cleared) in the actor's row scope, all or
 * the ones named, oldest first. A cheque of another region deposited into the account is not the
 * actor's to clear (money would refuse it), so it is no entry of their book either.
 */
export async function openBankCheques(executor: Executor, actor: Actor, accountId: number, ids?: readonly number[]): Promise<OpenBankCheque[]> {
  const scope = chequeQueries.rowScope?.(actor);
  const rows = await queryRows<OpenBankCheque>(
    executor,
    sql`SELECT cheques.id AS "chequeId", cheques.document_number AS "documentNumber", cheques.cheque_number AS "chequeNumber", cheques.direction,
               (CASE WHEN cheques.direction = 'received' THEN cheques.amount ELSE -cheques.amount END)::text AS amount,
               (CASE WHEN cheques.direction = 'received' THEN cheques.deposit_date ELSE cheques.document_date END)::text AS date,
               coalesce(r.reference, p.reference, '') AS reference,
               coalesce(cu.customer_name, v.vendor_name, cheques.payee_name, '') AS "partyName"
        FROM cheques
        LEFT JOIN receipts r ON r.id = cheques.receipt_id
        LEFT JOIN payments p ON p.id = cheques.payment_id
        LEFT JOIN customers cu ON cheques.party_type = 'customer' AND cu.id = cheques.party_id
        LEFT JOIN vendors v ON cheques.party_type = 'vendor' AND v.id = cheques.party_id
        WHERE cheques.bank_account_id = ${accountId}::int AND cheques.status IN ('deposited', 'issued')
          ${ids ? sql`AND cheques.id = ANY(${intArray(ids)})` : sql``}
          ${scope ? sql`AND ${scope}` : sql``}
        ORDER BY 6, cheques.id`,
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
