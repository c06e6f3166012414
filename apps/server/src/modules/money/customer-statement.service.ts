import { type CustomerStatement, type CustomerStatementRow, dateSchema, fromMinorUnits, permittedIds, type StatementRowKind, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, NotFoundError } from '../../lib/app-error.ts';
import { periodOf } from '../accounting/accounting.api.ts';

/**
 * A customer's statement for a period (issue 9, section 4): read from the customer's own
 * receivable account in the general ledger, so it agrees with the ledger to the cent. Opening:
 * the account's opening balance plus the per-day totals before `from` (account_daily_totals:
 * one row per day, not per entry); then every entry of the period with a running balance, the
 * period's debits and credits, and the closing balance. Each row is labelled by what it came
 * from: invoice, receipt, return, cheque bounced, journal.
 */

export const statementQuerySchema = z.object({ from: dateSchema('From').optional(), to: dateSchema('To').optional() });

/** What a ledger row came from, by its document type (the postings' own names). */
const kindOf: Record<string, StatementRowKind> = {
  invoice: 'invoice',
  receipts: 'receipt',
  'sales-return': 'return',
  cheques: 'chequeBounced',
  journal: 'journal',
};
/** The customer within the actor's regions (outside them: 404, as the customers list). */
async function customerOf(executor: Executor, actor: Actor, customerId: number): Promise<CustomerStatement['customer'] & { openingBalance: string }> {
  const [customer] = await queryRows<CustomerStatement['customer'] & { openingBalance: string }>(
    executor,
    sql`SELECT c.id, c.customer_name AS "customerName", c.account_id AS "accountId", a.account_code AS "accountCode", c.region_id AS "regionId",
               c.address, c.phone, c.tax_number AS "taxNumber", a.opening_balance::text AS "openingBalance"
        FROM customers c JOIN accounts a ON a.id = c.account_id WHERE c.id = ${customerId}::int`,
  );
  const regions = permittedIds(actor.permissions, 'regions');
  if (!customer || (regions && !regions.includes(Number(customer.regionId)))) throw new NotFoundError();
  return { ...customer, id: Number(customer.id), accountId: Number(customer.accountId), regionId: Number(customer.regionId) };
}

export async function customerStatement(executor: Executor, actor: Actor, customerId: number, query: z.infer<typeof statementQuerySchema>): Promise<CustomerStatement> {
  if (query.from && query.to && query.from > query.to) throw new BadRequestError({ to: 'To must be on or after From' });
  const { from, to } = await periodOf(executor, query.from, query.to);
  const { openingBalance, ...customer } = await customerOf(executor, actor, customerId);
  const [before] = await queryRows<{ amount: string }>(
    executor,
    sql`SELECT coalesce(sum(debit - credit), 0)::text AS amount FROM account_daily_totals WHERE account_id = ${customer.accountId}::int AND entry_date < ${from}::date`,
  );
  const opening = toMinorUnits(openingBalance) + toMinorUnits(before!.amount);
  const entries = await queryRows<Omit<CustomerStatementRow, 'kind' | 'balance'>>(
    executor,
    sql`SELECT entry_date::text AS date, document_type AS "documentType", document_id AS "documentId", document_number AS "documentNumber",
               CASE WHEN memo <> '' AND memo <> narration THEN narration || ' - ' || memo ELSE narration END AS description,
               debit::text AS debit, credit::text AS credit
        FROM gl_entries WHERE account_id = ${customer.accountId}::int AND entry_date BETWEEN ${from}::date AND ${to}::date
        ORDER BY entry_date, id`,
  );
  let balance = opening;
  let debit = 0n;
  let credit = 0n;
  const rows = entries.map((entry) => {
    debit += toMinorUnits(entry.debit);
    credit += toMinorUnits(entry.credit);
    balance += toMinorUnits(entry.debit) - toMinorUnits(entry.credit);
    return { ...entry, documentId: Number(entry.documentId), kind: kindOf[entry.documentType] ?? 'other', balance: fromMinorUnits(balance) };
  });
  return {
    customer,
    from,
    to,
    opening: fromMinorUnits(opening),
    rows,
    totals: { debit: fromMinorUnits(debit), credit: fromMinorUnits(credit) },
    closing: fromMinorUnits(balance),
  };
}
