import { fromMinorUnits, moneyMessages, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import type { LedgerDimensions, LedgerLineInput } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { paymentTargetOf } from '../../lib/payment-targets.ts';
import { type PlannedAllocation, targetsNamed } from './allocations.ts';

/**
 * Tax withheld by the buyer (issue 29, section 6). A receipt's allocation may say what the
 * customer kept back from the invoice: sales tax (`taxWithheld`, only a withholding agent; at
 * most the invoice's sales tax less what earlier live allocations withheld from it) and income
 * tax (`incomeTaxWithheld`, s.153). Both settle the invoice with the money; the receipt posts
 * them Dr Sales tax withheld (1160) and Dr Advance income tax (1170), Cr the receivable, party
 * the customer. What an invoice charged, and what was withheld of it, come from its payment
 * target's facts, as its paid column is written through it.
 */

const withheld = (p: PlannedAllocation, part: 'taxWithheld' | 'incomeTaxWithheld') => toMinorUnits(p[part] ?? '0');

/**
 * Refuses what the lines withheld (400 `allocations.N.taxWithheld`): sales tax from a customer
 * that is not a withholding agent, or above what the invoice's sales tax has left to withhold
 * (lines for one invoice added together). Run after the invoices are locked when posting.
 */
export async function checkWithholding(executor: Executor, customerId: number, lines: readonly PlannedAllocation[]): Promise<void> {
  const taxed = lines.flatMap((line, index) => (withheld(line, 'taxWithheld') > 0n ? [{ line, index }] : []));
  if (taxed.length === 0) return;
  const [customer] = await queryRows<{ agent: boolean }>(executor, sql`SELECT withholding_agent AS agent FROM customers WHERE id = ${customerId}::int`);
  if (!customer?.agent) throw new BadRequestError(Object.fromEntries(taxed.map(({ index }) => [`allocations.${index}.taxWithheld`, moneyMessages.withholdingAgentOnly])));
  // What each invoice's sales tax has left: its target answers what it charged and what posted receipts withheld of it.
  const targets = await targetsNamed(executor, paymentTargetOf('invoiceId'), [...new Set(taxed.map(({ line }) => line.targetId))]);
  const left = new Map(targets.map((t) => [t.id, { documentNumber: t.documentNumber, left: toMinorUnits(t.taxAmount ?? '0') - toMinorUnits(t.taxWithheldAmount ?? '0') }]));
  const taken = new Map<number, bigint>();
  const problems: Record<string, string> = {};
  for (const { line, index } of taxed) {
    const invoice = left.get(line.targetId);
    const total = (taken.get(line.targetId) ?? 0n) + withheld(line, 'taxWithheld');
    taken.set(line.targetId, total);
    const available = invoice?.left ?? 0n;
    if (total > available) problems[`allocations.${index}.taxWithheld`] = moneyMessages.withheldAboveTax(invoice?.documentNumber ?? '', fromMinorUnits(available > 0n ? available : 0n));
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

/** The totals the lines withheld, as two-decimal strings. */
export function withheldTotals(lines: readonly PlannedAllocation[]): { tax: string; incomeTax: string } {
  const sum = (part: 'taxWithheld' | 'incomeTaxWithheld') => fromMinorUnits(lines.reduce((total, line) => total + withheld(line, part), 0n));
  return { tax: sum('taxWithheld'), incomeTax: sum('incomeTaxWithheld') };
}

/**
 * The ledger lines of what was withheld: Dr Sales tax withheld and Dr Advance income tax (their
 * totals), Cr the customer's receivable with both; none when nothing was. `reverse` swaps the
 * sides (a bounced cheque gives the withholding back with the invoices it settled).
 */
export async function withholdingLines(
  tx: Tx,
  totals: { tax: string; incomeTax: string },
  receivableAccountId: number,
  memo: string,
  party: LedgerDimensions,
  reverse = false,
): Promise<LedgerLineInput[]> {
  const tax = toMinorUnits(totals.tax);
  const incomeTax = toMinorUnits(totals.incomeTax);
  if (tax + incomeTax === 0n) return [];
  const keys = [...(tax > 0n ? (['salesTaxWithheld'] as const) : []), ...(incomeTax > 0n ? (['advanceIncomeTax'] as const) : [])];
  const accounts = await requirePostingAccounts(tx, keys);
  const line = (accountId: number, debit: bigint, credit: bigint): LedgerLineInput => {
    const [dr, cr] = reverse ? [credit, debit] : [debit, credit];
    return { accountId, debit: fromMinorUnits(dr), credit: fromMinorUnits(cr), memo, ...party };
  };
  return [
    ...(tax > 0n ? [line((accounts as Record<string, number>).salesTaxWithheld!, tax, 0n)] : []),
    ...(incomeTax > 0n ? [line((accounts as Record<string, number>).advanceIncomeTax!, incomeTax, 0n)] : []),
    line(receivableAccountId, 0n, tax + incomeTax),
  ];
}

/** What a receipt's live allocations withheld (a bounce gives it back). */
export async function liveWithheld(executor: Executor, receiptId: number): Promise<{ tax: string; incomeTax: string }> {
  const [row] = await queryRows<{ tax: string; incomeTax: string }>(
    executor,
    sql`SELECT coalesce(sum(tax_withheld), 0)::text AS tax, coalesce(sum(income_tax_withheld), 0)::text AS "incomeTax"
        FROM receipt_allocations WHERE receipt_id = ${receiptId}::int AND released_at IS NULL`,
  );
  return { tax: row!.tax, incomeTax: row!.incomeTax };
}
