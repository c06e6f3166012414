import { type ChequeInput, moneyMessages, type PaymentMethod } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { accountInScope } from '../../ledger/account-in-scope.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';

/**
 * The account money comes into (a receipt) or goes out of (a payment), by method: cash, the
 * chosen cash-kind account or the settings' Cash; bank, a bank-kind account, required; a
 * cheque received, Cheques in hand (settings), and a cheque issued, the bank account it is
 * drawn on. Refusals name `accountId`; an account of another region reads as missing.
 */
export async function moneyAccountOf(tx: Tx, actor: Actor, direction: 'in' | 'out', method: PaymentMethod, accountId: number | null | undefined): Promise<number> {
  let chosen = accountId ?? undefined;
  if (method === 'cash' && chosen === undefined) chosen = (await requirePostingAccounts(tx, ['cash'])).cash;
  if (method === 'cheque' && direction === 'in') {
    const inHand = (await requirePostingAccounts(tx, ['chequesInHand'])).chequesInHand;
    if (chosen !== undefined && chosen !== inHand) throw new BadRequestError({ accountId: moneyMessages.chequesInHandOnly });
    return inHand;
  }
  if (chosen === undefined) throw new BadRequestError({ accountId: moneyMessages.bankAccountRequired });
  const account = await accountInScope(tx, actor, chosen);
  const wanted = method === 'cash' ? 'cash' : 'bank';
  if (account.kind !== wanted) throw new BadRequestError({ accountId: method === 'cash' ? moneyMessages.cashAccountRequired : moneyMessages.bankAccountKind });
  // Money received is in the company currency (issue 33): a foreign account's balance would move in it, not in its own.
  if (direction === 'in' && account.foreign) throw new BadRequestError({ accountId: moneyMessages.foreignAccountIn(account.currency) });
  return chosen;
}

/** A cheque is carried by a payment by cheque, and only by one (400 `cheque`). */
export function checkCheque(method: PaymentMethod, cheque: ChequeInput | null | undefined): void {
  if (method === 'cheque' && !cheque) throw new BadRequestError({ cheque: moneyMessages.chequeRequired });
  if (method !== 'cheque' && cheque) throw new BadRequestError({ cheque: moneyMessages.chequeOnlyForCheques });
}

/** The register's row of a receipt's or payment's cheque, numbered CHQ-YYYY-NNNNNN by the cheque's date. */
export interface NewCheque {
  documentNumber: string;
  direction: 'received' | 'issued';
  status: 'inHand' | 'issued';
  cheque: ChequeInput;
  amount: string;
  partyType: 'customer' | 'vendor' | 'employee' | null;
  partyId: number | null;
  payeeName: string | null;
  regionId: number | null;
  receiptId: number | null;
  paymentId: number | null;
  bankAccountId: number | null;
  createdBy: number | null;
}

export function insertCheque(c: NewCheque) {
  return sql`INSERT INTO cheques (document_number, document_date, status, direction, cheque_number, bank, amount, party_type, party_id, payee_name, region_id,
                                  receipt_id, payment_id, bank_account_id, created_by, posted_at, posted_by)
    VALUES (${c.documentNumber}, ${c.cheque.chequeDate}::date, ${c.status}, ${c.direction}, ${c.cheque.chequeNumber}, ${c.cheque.bank}, ${c.amount}::numeric,
            ${c.partyType}::text, ${c.partyId}::int, ${c.payeeName}::text, ${c.regionId}::int, ${c.receiptId}::int, ${c.paymentId}::int, ${c.bankAccountId}::int,
            ${c.createdBy}::int, now(), ${c.createdBy}::int)`;
}

/** The cheque of a receipt or payment, locked (its actions and the document's cancel take turns). */
export async function lockChequeOf(tx: Tx, column: 'receipt_id' | 'payment_id', id: number): Promise<{ id: number; status: string } | undefined> {
  const [row] = await queryRows<{ id: number; status: string }>(tx, sql`SELECT id, status FROM cheques WHERE ${sql.identifier(column)} = ${id}::int FOR UPDATE`);
  return row && { id: Number(row.id), status: row.status };
}

/**
 * A receipt's or payment's `lockFirst` (lib/document): its cancel locks the document's cheque
 * first, as the cheque's own transitions do (the cheque before its receipt or payment, the one
 * lock order of documents), so a cancel and a bounce at once take turns instead of deadlocking.
 */
export function chequeFirst(column: 'receipt_id' | 'payment_id') {
  return async (tx: Tx, id: number, action: string): Promise<void> => {
    if (action === 'cancel') await lockChequeOf(tx, column, id);
  };
}

/** Gives back a cheque still in the drawer (received, in hand) or not yet presented (issued): its document was cancelled. */
export function cancelChequeStatement(chequeId: number, userId: number | null) {
  return sql`UPDATE cheques SET status = 'cancelled', cancel_date = current_date, cancelled_at = now(), cancelled_by = ${userId}::int, updated_at = now() WHERE id = ${chequeId}::int`;
}
