import { addDecimals, fromMinorUnits, paymentDocument, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, numericArray, queryRows, type Tx } from '../../db/client.ts';
import { accountProblems, assertOpenIn, bankFileEntriesStatement, readPostingContextWith } from '../../ledger/general-ledger.ts';
import { chosenAccounts } from '../../ledger/posting-accounts.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { type AlongsideStatement, reserveNumbersSql } from '../../lib/document/document-number.ts';
import { paymentTargetOf } from '../../lib/payment-targets.ts';
import { assertMayRun } from '../../lib/document/run-transition.ts';
import { documentSearchable, searchRowUpsert } from '../../lib/search/search-rows.ts';
import { auditRowsStatement } from '../../plugins/audit.ts';
import { moneyAccountOf } from './money-accounts.ts';
import { paymentBinding } from './payments.binding.ts';

/** A slip to pay in full: its employee and region, and what is still open on it, read under its row lock by its owner. */
export interface SlipToPay {
  id: number;
  employeeId: number;
  regionId: number | null;
  amount: string;
}

export interface SlipPaymentsInput {
  paymentDate: string;
  /** The bank account paid from. */
  accountId: number;
  reference: string;
  /** Locked by the caller, in id order (the allocations' lock order), each with something open. */
  slips: readonly SlipToPay[];
  /** The caller's statements to run in the same statement (a pay run's status and audit row). */
  alongside?: readonly AlongsideStatement[];
  /** The document the file's one bank line belongs to (the pay run), and its narration. */
  file: { documentType: string; documentId: number; documentNumber: string; narration: string };
}

export interface SlipPaymentsResult {
  /** The payments' ids, one per employee and region. */
  paymentIds: number[];
  total: string;
  /** The bank account's balance on the payment date once the file is paid (issue 27: a warning below zero, never a refusal). */
  bankBalanceAfter: string;
}

/**
 * Pays pay slips in full by bank transfer (a pay run paid from its bank file), set-based: one
 * payment per employee (and region), payee type employee, posted, numbered PV-YYYY-NNNNNN,
 * each allocated in full to the employee's slips, as a payment saved and posted with
 * `allocations: [{paySlipId, amount}]` would be. The same checks (the actor may post payments;
 * a bank account in scope; Salaries payable chosen; an open period), then ONE statement for all
 * of it: the numbers, the payments, their allocation rows, the slips' paid amounts, the ledger
 * rows (each payment Dr Salaries payable, party the employee, Cr Salaries payable; the file's one
 * Cr to the bank on `file`: bankFileEntriesStatement), the audit rows and the caller's own; then
 * the command palette's rows and the bank's balance after. Eight statements whatever the headcount.
 */
export async function paySlipsByBank(tx: Tx, actor: Actor, input: SlipPaymentsInput): Promise<SlipPaymentsResult> {
  assertMayRun(actor, paymentBinding, 'edit');
  assertMayRun(actor, paymentBinding, 'post');
  const accountId = await moneyAccountOf(tx, actor, 'out', 'bank', input.accountId);
  const context = await readPostingContextWith(tx, { accountIds: [accountId], postingKeys: ['salariesPayable'], userId: actor.userId });
  const { salariesPayable } = chosenAccounts(context.postingAccounts, ['salariesPayable']);
  const problems = accountProblems(context, [{ accountId }, { accountId: salariesPayable }], { active: true });
  if (problems['lines.0.accountId']) throw new BadRequestError({ accountId: problems['lines.0.accountId'] });
  if (problems['lines.1.accountId']) throw new BadRequestError({ accountId: problems['lines.1.accountId'] });
  assertOpenIn(context, input.paymentDate, 'paymentDate');

  // One payment per employee and region; its allocations the slips in id order.
  const payments = new Map<string, { employeeId: number; regionId: number | null; amount: bigint }>();
  const lineOf = new Map<string, number>();
  const allocations = input.slips.map((slip) => {
    const key = `${slip.employeeId}:${slip.regionId ?? ''}`;
    const payment = payments.get(key) ?? { employeeId: slip.employeeId, regionId: slip.regionId, amount: 0n };
    payment.amount += toMinorUnits(slip.amount);
    payments.set(key, payment);
    const lineNo = (lineOf.get(key) ?? 0) + 1;
    lineOf.set(key, lineNo);
    return { key, slipId: slip.id, amount: fromMinorUnits(toMinorUnits(slip.amount)), lineNo };
  });
  const keys = [...payments.keys()];
  const ordinalOf = new Map(keys.map((key, index) => [key, index + 1]));
  const list = [...payments.values()];
  const total = addDecimals(list.map((p) => fromMinorUnits(p.amount)));
  const numbers = reserveNumbersSql(paymentDocument.numberPrefix, input.paymentDate, list.length);
  const userId = actor.userId;
  const auditActor = auditActorOf(actor);
  const slips = paymentTargetOf('paySlipId');
  const also = (input.alongside ?? []).map((statement, index) => sql`, ${sql.raw(`also_${index}`)} AS (${statement(sql`NULL::text`)})`);

  const rows = await queryRows<{ id: number }>(
    tx,
    sql`WITH seq AS (${numbers.reserve}),
        p AS (
          SELECT v.ord, v.employee_id, v.region_id, v.amount, ${numbers.numberOf(sql`seq.last_number`, sql`v.ord::int`)} AS document_number,
                 'Payment to ' || e.employee_name AS narration
          FROM unnest(${intArray(list.map((p) => p.employeeId))}, ${intArray(list.map((p) => p.regionId))}, ${numericArray(list.map((p) => fromMinorUnits(p.amount)))})
                 WITH ORDINALITY AS v(employee_id, region_id, amount, ord)
               CROSS JOIN seq JOIN employees e ON e.id = v.employee_id),
        ins AS (
          INSERT INTO payments (document_number, document_date, status, payee_type, employee_id, region_id, method, account_id, amount, allocated_amount, company_amount,
                                reference, created_by, posted_at, posted_by)
          SELECT p.document_number, ${input.paymentDate}::date, 'posted', 'employee', p.employee_id, p.region_id, 'bank', ${accountId}::int, p.amount, p.amount, p.amount,
                 ${input.reference}::text, ${userId}::int, now(), ${userId}::int
          FROM p ORDER BY p.ord
          RETURNING id, document_number, employee_id, region_id, amount),
        d AS (SELECT ins.id, ins.document_number, ins.amount, ins.region_id, ins.employee_id AS party_id, p.narration, p.ord
              FROM ins JOIN p ON p.document_number = ins.document_number),
        a AS (SELECT * FROM unnest(${intArray(allocations.map((a) => ordinalOf.get(a.key)!))}, ${intArray(allocations.map((a) => a.slipId))},
                                   ${numericArray(allocations.map((a) => a.amount))}, ${intArray(allocations.map((a) => a.lineNo))}) AS a(ord, slip_id, amount, line_no)),
        a_json AS (SELECT ord, jsonb_agg(jsonb_build_object('paySlipId', slip_id, 'amount', amount::text) ORDER BY line_no) AS allocations FROM a GROUP BY ord),
        allocation_rows AS (
          INSERT INTO payment_allocations (payment_id, line_no, ${sql.identifier(slips.column)}, amount, allocation_date)
          SELECT d.id, a.line_no, a.slip_id, a.amount, ${input.paymentDate}::date FROM a JOIN d ON d.ord = a.ord),
        paid AS (${slips.onAllocated(sql`SELECT slip_id, amount FROM a`)}),
        ledger AS (${bankFileEntriesStatement({
          documentType: paymentDocument.documentType,
          date: input.paymentDate,
          payableAccountId: salariesPayable,
          bankAccountId: accountId,
          partyType: 'employee',
          userId,
          documents: sql`d`,
          file: { ...input.file, total },
        })}),
        audited AS (${auditRowsStatement(
          auditActor,
          'post',
          paymentDocument.name,
          sql`SELECT d.id::text, NULL::jsonb,
                     jsonb_build_object('status', 'posted', 'documentNumber', d.document_number, 'payeeType', 'employee', 'employeeId', d.party_id,
                                        'paymentDate', ${input.paymentDate}::text, 'method', 'bank', 'accountId', ${accountId}::int, 'amount', d.amount::text,
                                        'reference', ${input.reference}::text, 'allocations', j.allocations)
              FROM d JOIN a_json j ON j.ord = d.ord`,
        )})${sql.join(also, sql``)}
        SELECT id FROM ins ORDER BY id`,
  );
  const paymentIds = rows.map((r) => Number(r.id));
  await tx.execute(searchRowUpsert(documentSearchable(paymentBinding), paymentIds));
  const [balance] = await queryRows<{ amount: string }>(
    tx,
    sql`SELECT ((SELECT opening_balance FROM accounts WHERE id = ${accountId}::int)
               + coalesce((SELECT sum(debit - credit) FROM account_daily_totals WHERE account_id = ${accountId}::int AND entry_date <= ${input.paymentDate}::date), 0))::numeric(18, 2)::text AS amount`,
  );
  return { paymentIds, total, bankBalanceAfter: balance!.amount };
}
