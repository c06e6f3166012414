import { z } from 'zod';
import { positiveAmountSchema } from '../money/money.area.ts';
import { formatDecimal } from '../money.ts';
import { referenceSchema } from '../resource/declaration.ts';

/** `POST /api/bank-statement-lines/:id/match`: the entries (general-ledger rows or cheques) that together make the line. */
export const matchLineSchema = z.strictObject({
  entries: z
    .array(
      z.union([z.strictObject({ entryId: referenceSchema('Entry') }), z.strictObject({ chequeId: referenceSchema('Cheque') })], {
        error: 'Each entry names an entryId or a chequeId',
      }),
      { error: 'Entries are required' },
    )
    .min(1, { error: 'Choose at least one entry' })
    .max(50, { error: 'At most 50 entries at once' }),
});
export type MatchLineInput = z.output<typeof matchLineSchema>;

export const createFromLineKinds = [
  { value: 'bankCharge', label: 'Bank charge' },
  { value: 'journal', label: 'Journal' },
  { value: 'receipt', label: 'Receipt' },
  { value: 'payment', label: 'Payment' },
] as const;
export type CreateFromLineKind = (typeof createFromLineKinds)[number]['value'];

/** `POST /api/bank-statement-lines/:id/create`: what the line is, posted dated the line's date with its reference, and matched. */
export const createFromLineSchema = z.strictObject({
  kind: z.enum(createFromLineKinds.map((k) => k.value) as [CreateFromLineKind, ...CreateFromLineKind[]], { error: 'Kind must be bankCharge, journal, receipt or payment' }),
  accountId: referenceSchema('Account').optional(),
  customerId: referenceSchema('Customer').optional(),
  vendorId: referenceSchema('Vendor').optional(),
  /** A payment to a vendor in another currency from an account in the company's: what the bank remitted in the vendor's currency (else the line at the date's rate). */
  foreignAmount: positiveAmountSchema('Amount in the vendor’s currency').optional(),
  memo: z.string().trim().max(200, { error: 'Memo must be at most 200 characters' }).regex(/^[^\u0000]*$/, { error: 'Memo must not contain NUL characters' }).optional(),
});
export type CreateFromLineInput = z.output<typeof createFromLineSchema>;

/** A match as a line answers it: the entry (or the cheque and its clearing entry) and the document behind it. */
export interface BankLineMatch {
  entryId: number | null;
  chequeId: number | null;
  documentType: string;
  documentId: number;
  documentNumber: string;
  date: string;
  amount: string;
}

export interface BankStatementLine {
  id: number;
  lineNo: number;
  lineDate: string;
  valueDate: string | null;
  description: string;
  reference: string;
  chequeNumber: string;
  amount: string;
  balance: string | null;
  status: 'unmatched' | 'matched';
  matches: BankLineMatch[];
}

export interface BankStatementDetail {
  id: number;
  documentNumber: string | null;
  status: 'imported';
  bankAccountId: number;
  bankAccount: { accountCode: string; accountName: string } | null;
  fileName: string;
  fromDate: string;
  toDate: string;
  openingBalance: string;
  closingBalance: string;
  lineCount: number;
  matchedCount: number;
  lines: BankStatementLine[];
  [key: string]: unknown;
}

/** A suggestion for a line (`GET /api/bank-statement-lines/:id/suggestions`), best first. */
export interface BankSuggestion {
  entryId?: number;
  chequeId?: number;
  documentType: string;
  documentId: number;
  documentNumber: string;
  date: string;
  amount: string;
  reference: string;
  score: number;
  reasons: string[];
}

/** A book entry left outstanding, or a line left unrecorded, in a reconciliation. */
export interface BankReconciliationEntry {
  entryId: number | null;
  chequeId: number | null;
  documentType: string;
  documentId: number;
  documentNumber: string;
  date: string;
  description: string;
  amount: string;
}
export interface BankReconciliationLine {
  lineId: number;
  statementId: number;
  statementNumber: string | null;
  lineNo: number;
  lineDate: string;
  description: string;
  reference: string;
  amount: string;
  /** What of the line no entry to periodEnd accounts for (the whole amount when unmatched). */
  unrecorded: string;
}

export interface BankReconciliationFigures {
  openingBalance: string;
  bookBalance: string;
  statementBalance: string | null;
  outstandingDeposits: string;
  outstandingPayments: string;
  unrecordedLines: string;
  adjustedBalance: string;
  difference: string | null;
}

export interface BankReconciliationDetail extends BankReconciliationFigures {
  id: number;
  documentNumber: string | null;
  status: 'draft' | 'locked';
  bankAccountId: number;
  periodEnd: string;
  unmatchedEntries: BankReconciliationEntry[];
  unmatchedLines: BankReconciliationLine[];
  [key: string]: unknown;
}

const amount = (value: string) => formatDecimal(value);

export const bankingMessages = {
  notBankAccount: 'Choose a bank account',
  ruleForOwnAccount: 'Choose one of your bank accounts: rules for every account are set by users of every region',
  ruleOfEveryAccount: 'Rules for every bank account are changed and deleted by users of every region',
  otherThanBankAccount: 'Choose an account other than the statement’s bank account',
  bankAccountRequired: 'Choose the bank account of the statement (?bankAccountId=)',
  keptAsImported: 'A bank statement is kept as imported; delete it and import the file again',
  allHeld: 'Every line is already held for this account',
  hasMatches: 'This statement has matched lines; unmatch them before deleting it',
  lineMatched: 'This line is already matched; unmatch it first',
  entriesNotAdding: (total: string, line: string) => `The entries add to ${amount(total)}; the line is ${amount(line)}`,
  entryTaken: (lineNo: number, statementNumber: string | null) => `Already matched to line ${lineNo} of ${statementNumber ?? 'another statement'}`,
  entryNotOpen: 'Not an unmatched entry of this bank account',
  chequeNotOpen: 'Not a cheque deposited into or drawn on this bank account and waiting to clear',
  entryTwice: 'Named twice',
  notMatched: 'This line is not matched',
  frozen: (number: string | null) => `This line is in the locked reconciliation ${number ?? ''}; unlock it first`.replace('  ', ' '),
  lockedLines: (number: string | null) => `Lines of this statement are in the locked reconciliation ${number ?? ''}; they cannot be deleted`.replace('  ', ' '),
  moneyInOnly: 'A receipt is money into the account: this line is money out',
  moneyOutOnly: (what: string) => `A ${what} is money out of the account: this line is money in`,
  customerRequired: 'Choose the customer',
  vendorRequired: 'Choose the vendor',
  accountRequired: 'Choose the account',
  foreignAmountNotAsked: 'Only a payment to a vendor in another currency than the bank account’s has an amount in the vendor’s currency',
  foreignAmountTooSmall: (currency: string) => `The line is less than 0.01 ${currency} at the date’s rate; give the amount in ${currency}`,
  noExactRate: (currency: string, foreign: string, company: string, line: string) =>
    `No rate of 6 decimals turns ${currency} ${amount(foreign)} into exactly ${company} ${amount(line)}: give the amount in ${currency} the bank remitted, or a cent either side of it`,
  createdNotTheLine: (total: string, line: string) => `The document moves ${amount(total)} on the bank account; the line is ${amount(line)}`,
  noStatementBalance: (periodEnd: string) => `No statement line of this account is dated on or before ${periodEnd}; enter the statement balance`,
  reconciliationTaken: (periodEnd: string) => `A reconciliation of this account to ${periodEnd} already exists`,
  notAfterLocked: (lockedEnd: string) => `This account is reconciled and locked to ${lockedEnd}; choose a later period end`,
  difference: (difference: string) => `The difference is ${amount(difference)}; it must be 0.00 to lock`,
  unmatchedLines: (count: number, periodEnd: string) => `${count} statement line${count === 1 ? '' : 's'} to ${periodEnd} ${count === 1 ? 'is' : 'are'} unmatched; match them or create their entries before locking`,
  unlockLatestOnly: (lockedEnd: string) => `A later reconciliation (to ${lockedEnd}) is locked; unlock it first`,
  lockLatestAfter: (draftEnd: string) => `Lock the reconciliations in order: the one to ${draftEnd} comes first`,
  notDraft: 'Only a draft reconciliation changes',
} as const;
