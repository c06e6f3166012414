import { type SQL, sql } from 'drizzle-orm';
import { jsonValue, queryPrepared, type Tx } from '../../db/client.ts';
import { type PostingContext, readPostingContextWith } from '../../ledger/general-ledger.ts';
import { type LockedLot, lotsLockRead, type StockMoveInput } from '../../ledger/stock-ledger.ts';
import { type SaleStamp, saleStampRead, saleStampsOf, type VentureScopeKey } from '../../ledger/venture-stamps.ts';
import type { Actor } from '../../lib/actor.ts';

/** What every posting credits and debits; further tax's account is required only of an invoice that bears it. */
export const postingKeys = ['sales', 'taxPayable', 'costOfSales', 'inventory'] as const;
export const readKeys = [...postingKeys, 'furtherTaxPayable'] as const;

/**
 * What a save hands the posting of the same request: each stored line's line of the request
 * (a line split over lots became several), so a refusal at posting names the line the user sent;
 * and, for a save-and-post, what the posting checks, read with the draft's write.
 */
export interface SaveContext {
  inputLineOf: readonly number[];
  posting?: PostingFacts;
}

/** What a posting checks, read with its locks (postingRead). */
export interface PostingFacts {
  context: PostingContext;
  credit: { balance: string; creditLimit: string; active: boolean };
  lots: LockedLot[];
  /** Each line's rental agreement and joint venture (issue 21), read with the locks: one lookup per posting. */
  stamps: SaleStamp[];
}

/**
 * The draft's customer row locked, before the lots (one lock order), in a statement of its own:
 * a statement that waits for a lock reads every other table as it was before the wait, so a
 * balance read with the lock would miss the invoice of the posting that held it, and two
 * invoices could both pass the credit limit.
 */
const lockCustomer = (tx: Tx, customerId: number) => queryPrepared(tx, sql`SELECT id FROM customers WHERE id = ${customerId}::int FOR NO KEY UPDATE`);

/** The locked customer's balance and limit, read after the lock. */
const customerFacts = (customerId: number) =>
  sql`customer AS MATERIALIZED (
        SELECT round(account_balance(c.account_id), 2)::text AS balance, c.credit_limit::text AS "creditLimit", c.active
        FROM customers c WHERE c.id = ${customerId}::int)`;

/** The stock an invoice's lines take, each from its lot; refusals name the line of the request (`inputLineOf`). */
export const drawsOf = (lines: ReadonlyArray<{ lineNo: number; quantity: number; inventoryId: number }>, inputLineOf?: readonly number[]): StockMoveInput[] =>
  lines.map((line, index) => ({
    lineNo: line.lineNo,
    field: `lines.${inputLineOf?.[index] ?? index}`,
    direction: 'out',
    quantity: line.quantity,
    lot: { inventoryId: line.inventoryId },
  }));

/**
 * The posting's read: the customer locked (one customer's postings take turns, so two invoices
 * cannot both pass its credit limit), then in one statement its balance, the lots locked, the
 * period, the accounts and the posting keys; with `write`, the draft's own insert in the same
 * statement (a save-and-post).
 */
export async function postingRead(
  tx: Tx,
  actor: Actor,
  customer: { id: number; accountId: number },
  moves: readonly StockMoveInput[],
  scope: VentureScopeKey,
  write?: { ctes: SQL; id: SQL; reads: Record<string, SQL> },
): Promise<PostingFacts> {
  const lots = lotsLockRead('lots', moves, sql`(SELECT count(*) FROM customer) >= 0`);
  await lockCustomer(tx, customer.id);
  const context = await readPostingContextWith(tx, {
    accountIds: [customer.accountId],
    postingKeys: readKeys,
    userId: actor.userId,
    write,
    ctes: sql`${customerFacts(customer.id)}, ${lots.cte}`,
    reads: { ...write?.reads, credit: sql`(SELECT row_to_json(customer) FROM customer)`, lots: lots.read, stamps: saleStampRead(scope) },
    fixedText: true,
  });
  return { context, credit: jsonValue(context.reads.credit), lots: lots.lots(context.reads.lots), stamps: saleStampsOf(context.reads.stamps, scope.itemIds.length) };
}
