import { z } from 'zod';
import { decimalString, envelope, idParam, fileDownload, isoDate, routeSchema } from '../../lib/openapi.ts';
import { exportFormatQuery } from '../../lib/resource/resource-export.ts';
import { ledgerQuerySchema } from './ledger.service.ts';

const money = decimalString;
export const accountIdParams = z.object({ accountId: idParam });

export const ledgerExportQuery = ledgerQuerySchema.pick({ from: true, to: true, departmentId: true, regionId: true }).extend(exportFormatQuery.shape);

const ledgerRow = z.looseObject({
  entryId: z.int(),
  entryDate: isoDate,
  documentType: z.string(),
  documentId: z.int(),
  documentNumber: z.string(),
  narration: z.string(),
  memo: z.string(),
  debit: money,
  credit: money,
  balance: money.describe('Running balance after the entry, signed: positive Dr, negative Cr'),
  account: z
    .object({ id: z.int(), accountCode: z.string(), accountName: z.string() })
    .optional()
    .describe("On a control account's ledger, the customer's or vendor's account the row is on"),
});

const yearEndClose = z.object({
  fiscalYear: z.int().describe('The calendar year the fiscal year ends in'),
  from: isoDate,
  to: isoDate,
  documentNumber: z.string().describe('The closing journal, YE-<year>-<6 digits>, dated `to`'),
  profit: money.describe("The year's result moved to retained earnings; a loss is negative"),
  closedAt: z.string(),
});

const statementLine = z.looseObject({ label: z.string(), accountId: z.int().optional(), amount: money }).describe('A line; groups carry `children` lines');

/** The OpenAPI schemas of the posting accounts and ledger routes. */
export const postingAccountDocs = {
  read: routeSchema({
    tags: ['Posting accounts'],
    summary: 'The accounts postings use, by key',
    response: { 200: envelope({ postingAccounts: z.record(z.string(), z.int()) }) },
  }),
  /** Of the areas served: the keys a PUT takes are theirs, validated and documented by one schema. */
  update: (body: z.ZodType) =>
    routeSchema({
      tags: ['Posting accounts'],
      summary: 'Set posting accounts (admin)',
      body,
      response: { 200: envelope({ postingAccounts: z.record(z.string(), z.int()) }, 'Saved') },
    }),
};

export const ledgerDocs = {
  read: routeSchema({
    tags: ['Ledger'],
    summary: "An account's ledger, keyset paged",
    description:
      'Without from/to: the fiscal year of today. Pass `nextCursor` back as `after` for the next page. ' +
      "A control account's ledger (the receivables or payables account of the posting accounts) rolls up its customers' or vendors' accounts in the user's regions: " +
      'every row of each, with `account` naming it, and the opening and closing balances of them all.',
    params: accountIdParams,
    querystring: ledgerQuerySchema,
    response: {
      200: envelope({
        account: z.looseObject({ id: z.int(), accountCode: z.string(), accountName: z.string(), headType: z.string() }),
        from: isoDate,
        to: isoDate,
        openingBalance: money,
        rows: z.array(ledgerRow),
        totals: z.looseObject({ debit: money, credit: money, count: z.int() }).describe('Of the whole range, not only this page'),
        closingBalance: money,
        nextCursor: z.string().nullable(),
      }),
    },
  }),
  export: routeSchema({
    tags: ['Ledger'],
    summary: "Export an account's ledger with its opening and closing balance",
    params: accountIdParams,
    querystring: ledgerExportQuery,
    response: { 200: fileDownload },
  }),
};

export const statementResponses = {
  trialBalance: envelope({
    from: isoDate,
    to: isoDate,
    rows: z.array(
      z.looseObject({ accountId: z.int(), accountCode: z.string(), accountName: z.string(), opening: money, debit: money, credit: money, closing: money }),
    ),
    totals: z.looseObject({ opening: money, debit: money, credit: money, closing: money }),
  }),
  profitAndLoss: envelope({
    from: isoDate,
    to: isoDate,
    income: z.array(statementLine),
    expenses: z.array(statementLine),
    totalIncome: money,
    totalExpenses: money,
    profit: money,
  }),
  profitAndLossByDepartment: envelope({
    from: isoDate,
    to: isoDate,
    departments: z.array(z.int()),
    rows: z.array(z.looseObject({ accountId: z.int(), accountCode: z.string(), accountName: z.string(), headType: z.enum(['income', 'expense']), amounts: z.array(money) })),
    totalIncome: z.array(money),
    totalExpenses: z.array(money),
    profit: z.array(money),
  }),
  balanceSheet: envelope({
    to: isoDate,
    fiscalYearFrom: isoDate,
    assets: z.array(statementLine),
    liabilities: z.array(statementLine),
    equity: z.array(statementLine),
    totalAssets: money,
    totalLiabilities: money,
    totalEquity: money,
    totalLiabilitiesAndEquity: money,
    profit: money,
  }),
  periodClose: envelope({ closedThrough: isoDate.nullable().describe('Postings dated on or before it are refused; null: every period open') }),
  yearEndClose: envelope({ data: yearEndClose }),
  yearEndCloses: envelope({
    data: z.array(yearEndClose),
    fiscalYearStartMonth: z.int().describe('The month fiscal years start in (settings)'),
    lastEnded: z.int().describe('The last fiscal year ended by today (what a close offers)'),
  }),
};
