import { sql } from 'drizzle-orm';
import { postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import { neverUpdated } from '../../lib/document/document-service.ts';
import type { ActionOf, DocumentBinding, DocumentRow, StateOf } from '../../lib/document/document-binding.ts';
import { reversePostedRecord } from '../../ledger/reverse-posted-record.ts';
import { fixtureIssueDocument } from './issues.document.ts';
import { fixtureIssues } from './issues.tables.ts';
import { fixtureAccount } from './vouchers.binding.ts';

type IssueInput = { issueDate: string; inventoryId: number; quantity: number; notes: string };
type Issue = DocumentRow & IssueInput & { value: string; documentNumber: string | null };

/**
 * The whole of a posted record's code: its create writes the row with the machinery's writer, its
 * post issues the stock (Dr the area's account, Cr Inventory at the lot's cost) in one statement
 * with the number, status and audit rows, and its cancel is the machinery's reversal.
 */
export const fixtureIssueBinding: DocumentBinding<IssueInput, Issue, StateOf<typeof fixtureIssueDocument>, ActionOf<typeof fixtureIssueDocument>> = {
  definition: fixtureIssueDocument,
  table: fixtureIssues,
  columns: { id: fixtureIssues.id, number: fixtureIssues.documentNumber, date: fixtureIssues.issueDate, status: fixtureIssues.status },
  queries: {
    rowSelection: {
      id: fixtureIssues.id,
      documentNumber: fixtureIssues.documentNumber,
      issueDate: fixtureIssues.issueDate,
      inventoryId: fixtureIssues.inventoryId,
      quantity: fixtureIssues.quantity,
      value: fixtureIssues.value,
      notes: fixtureIssues.notes,
      status: fixtureIssues.status,
      createdAt: fixtureIssues.createdAt,
      updatedAt: fixtureIssues.updatedAt,
    },
    linesSelection: sql`'[]'::json`,
    searchColumns: [fixtureIssues.notes],
    sortColumns: { issueDate: fixtureIssues.issueDate, createdAt: fixtureIssues.createdAt },
  },
  handlers: {
    async create(_tx, _actor, input, drafts) {
      return { document: drafts.answer<Issue>(await drafts.insert(input), input) };
    },
    update: neverUpdated,
    transitions: {
      async post(tx, actor, issue, step) {
        const stock = await prepareStockMoves(tx, {
          document: { documentType: step.posting.documentType, documentId: issue.id, date: issue.issueDate },
          actor: { userId: actor.userId },
          moves: [{ lineNo: 1, field: 'inventoryId', direction: 'out', quantity: issue.quantity, lot: { inventoryId: issue.inventoryId } }],
        });
        const expense = await fixtureAccount(tx);
        const { inventory } = await requirePostingAccounts(tx, ['inventory']);
        const value = stock.valueOut;
        const lines = [
          { accountId: expense, debit: value, credit: '0' },
          { accountId: inventory, debit: '0', credit: value },
        ];
        try {
          const context = await readPostingContext(tx, [expense, inventory], actor.userId);
          const alongside = step.claim({ value: sql`${value}::numeric` });
          const { documentNumber } = await postToLedger(tx, { ...step.posting, narration: `Fixture issue ${issue.notes}`.trim(), lines, before: stock.statements, alongside }, context);
          return { document: { ...issue, status: 'posted', value, documentNumber }, documentNumber };
        } catch (error) {
          throw stockCheckRefusal(error) ?? error;
        }
      },
      cancel: reversePostedRecord,
    },
  },
};
