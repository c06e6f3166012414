import { bankingMessages, bankStatementImportQuery, balanceSchema, canonicalDecimal, dateSchema, signedAmountSchema } from '@erp/domain';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { CheckedRow, ImportJobRef, ImportKind, ImportProgress, ImportRow, ImportWritten } from '../../lib/import/import-kind.ts';
import { bankAccountFor } from './bank-accounts.ts';
import { heldHashes, lineHashes, lockedThrough, type StatementLineInput, storeStatement } from './bank-statements.service.ts';
import { statementAmountOf, statementDateOf } from './statement-cells.ts';
import { readStatementFormat, saveStatementFormat } from './statement-formats.ts';

interface StatementRow extends StatementLineInput {
  skip: boolean;
}

const rules = {
  lineDate: dateSchema('Date'),
  valueDate: dateSchema('Value date'),
  amount: signedAmountSchema('Amount'),
  balance: balanceSchema('Balance'),
  description: z.string().trim().min(1, { error: 'Description is required' }).max(500, { error: 'Description must be at most 500 characters' }),
  reference: z.string().trim().max(100, { error: 'Reference must be at most 100 characters' }),
  chequeNumber: z.string().trim().max(40, { error: 'Cheque number must be at most 40 characters' }),
};

const firstError = (result: { error?: { issues: readonly { message: string }[] } }, fallback: string) => result.error?.issues[0]?.message ?? fallback;

const accountIdOf = (params: Record<string, unknown>) => Number(params.bankAccountId);

/** The signed amount of a row: its `amount`, else credit (in) less debit (out), as the bank's own columns say. */
function amountCell(v: Record<string, string>): string | undefined {
  if (v.amount) return statementAmountOf(v.amount);
  const debit = v.debit ? statementAmountOf(v.debit) : '';
  const credit = v.credit ? statementAmountOf(v.credit) : '';
  const has = (text: string) => text !== '' && /[1-9]/.test(text);
  if (has(debit) && has(credit)) return 'both';
  if (has(credit)) return credit.replace(/^-/, '');
  if (has(debit)) return `-${debit.replace(/^-/, '')}`;
  return undefined;
}

function readRow(row: ImportRow, dateOrder: 'dmy' | 'mdy' | 'ymd'): CheckedRow<StatementRow> {
  const v = row.values;
  const errors: Record<string, string> = {};
  const lineDate = rules.lineDate.safeParse(v.date ? statementDateOf(v.date, dateOrder) : undefined);
  if (!lineDate.success) errors.date = firstError(lineDate, 'Date is required');
  const valueDate = v.valueDate ? rules.valueDate.safeParse(statementDateOf(v.valueDate, dateOrder)) : undefined;
  if (valueDate && !valueDate.success) errors.valueDate = firstError(valueDate, 'Value date must be a date');
  const cell = amountCell(v);
  const amount = cell === 'both' ? undefined : rules.amount.safeParse(cell);
  if (cell === 'both') errors.amount = 'Give a debit or a credit, not both';
  else if (!amount!.success) errors.amount = cell === undefined ? 'Give an amount, or a debit or a credit' : firstError(amount!, 'Amount is required');
  const balance = v.balance ? rules.balance.safeParse(statementAmountOf(v.balance)) : undefined;
  if (balance && !balance.success) errors.balance = firstError(balance, 'Balance must be a number');
  const description = rules.description.safeParse(v.description ?? '');
  if (!description.success) errors.description = firstError(description, 'Description is required');
  const reference = rules.reference.safeParse(v.reference ?? '');
  if (!reference.success) errors.reference = firstError(reference, 'Reference is too long');
  const chequeNumber = rules.chequeNumber.safeParse(v.chequeNumber ?? '');
  if (!chequeNumber.success) errors.chequeNumber = firstError(chequeNumber, 'Cheque number is too long');
  if (Object.keys(errors).length > 0) return { rowNumber: row.rowNumber, errors };
  return {
    rowNumber: row.rowNumber,
    input: {
      lineDate: lineDate.data!,
      valueDate: valueDate?.data ?? null,
      description: description.data!,
      reference: reference.data!,
      chequeNumber: chequeNumber.data!,
      amount: canonicalDecimal(String(amount!.data)),
      balance: balance?.data === undefined ? null : canonicalDecimal(String(balance.data)),
      skip: false,
    },
  };
}

/**
 * Every row read by the account's date order (day first unless its format says otherwise) and
 * the API's rules; a line dated into a locked reconciliation is refused; a line the account
 * already holds (its hash) is valid and skipped.
 */
async function check(tx: Executor, actor: Actor, rows: readonly ImportRow[], params: Record<string, unknown>): Promise<CheckedRow<StatementRow>[]> {
  const accountId = accountIdOf(params);
  await bankAccountFor(tx, actor, accountId);
  const { dateOrder } = await readStatementFormat(tx, accountId);
  const read = rows.map((row) => readRow(row, dateOrder));
  const locked = await lockedThrough(tx, accountId);
  const checked = read.map((row) =>
    row.input && locked && row.input.lineDate <= locked.periodEnd ? { rowNumber: row.rowNumber, errors: { date: bankingMessages.notAfterLocked(locked.periodEnd) } } : row,
  );
  const valid = checked.flatMap((row) => (row.input ? [row] : []));
  const hashes = lineHashes(accountId, valid.map((row) => row.input!));
  const held = await heldHashes(tx, accountId, hashes);
  valid.forEach((row, index) => {
    if (held.has(hashes[index]!)) row.input!.skip = true;
  });
  return checked;
}

/** One statement of the new lines (the held ones skipped by their hash); the run's mapping is remembered for the account. */
async function write(tx: Tx, actor: Actor, rows: readonly { rowNumber: number; input: StatementRow }[], progress: ImportProgress, job: ImportJobRef): Promise<ImportWritten> {
  const accountId = accountIdOf(job.params);
  // The check above read the locked period without the account's lock; the store reads it again under it.
  const stored = await storeStatement(tx, actor, { bankAccountId: accountId, fileName: job.fileName, lines: rows.map((row) => row.input) }, (index) => `rows.${rows[index]!.rowNumber}.date`);
  await saveStatementFormat(tx, accountId, { mapping: job.mapping });
  progress(rows.length);
  return { ids: stored.statementId === null ? [] : [stored.statementId], skipped: stored.skipped, answer: { statementId: stored.statementId } };
}

/**
 * A bank's statement file (issue 33, section 4), CSV or xlsx, uploaded with `?bankAccountId=`:
 * date, value date, description, reference, cheque number, a signed amount or debit and credit,
 * balance. The run stores one `bank-statements` document and answers its `statementId`.
 */
export const bankStatementImport: ImportKind<StatementRow> = {
  name: 'bank-statement',
  title: 'Bank statement',
  route: '/accounting',
  resource: 'bank-statements',
  params: bankStatementImportQuery,
  answerSchema: { statementId: z.int().nullable().describe('The statement stored; null when every line was already held') },
  initialMapping: async (executor, _actor, params) => {
    const { mapping } = await readStatementFormat(executor, accountIdOf(params));
    return Object.keys(mapping).length > 0 ? mapping : undefined;
  },
  columns: [
    { key: 'date', label: 'Date', required: true, hint: 'day first (05/01/2026) unless the account says otherwise; 05-Jan-2026; YYYY-MM-DD', aliases: ['Transaction date', 'Txn date', 'Posting date', 'Tran date', 'Book date'], example: '05/01/2026' },
    { key: 'valueDate', label: 'Value date', required: false, aliases: ['Value dt', 'Effective date'], example: '05/01/2026' },
    { key: 'description', label: 'Description', required: true, aliases: ['Narration', 'Particulars', 'Details', 'Transaction details', 'Remarks'], example: 'IBFT from Shifa Lab' },
    { key: 'reference', label: 'Reference', required: false, aliases: ['Ref', 'Ref no', 'Reference no', 'Transaction id', 'Instrument no'], example: 'RV-2026-000012' },
    { key: 'chequeNumber', label: 'Cheque number', required: false, aliases: ['Cheque no', 'Chq no', 'Cheque', 'Check number'], example: '' },
    { key: 'amount', label: 'Amount', required: false, hint: 'signed: money in positive, out negative; or give Debit and Credit', aliases: ['Signed amount', 'Net amount'], example: '' },
    { key: 'debit', label: 'Debit', required: false, hint: 'money out of the account', aliases: ['Withdrawal', 'Withdrawals', 'Paid out', 'Dr'], example: '' },
    { key: 'credit', label: 'Credit', required: false, hint: 'money into the account', aliases: ['Deposit', 'Deposits', 'Paid in', 'Cr'], example: '150000.00' },
    { key: 'balance', label: 'Balance', required: false, aliases: ['Running balance', 'Closing balance', 'Available balance'], example: '1250000.00' },
  ],
  check,
  write,
};
