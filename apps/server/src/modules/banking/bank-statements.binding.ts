import { bankingMessages, type BankStatementDetail, bankStatementDocument, type BankStatementInput } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { bankStatementLines, bankStatements } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { bankAccountScope } from './bank-accounts.ts';
import { bookSides, keptForeign } from './bank-book-amounts.ts';
import { storeStatement } from './bank-statements.service.ts';

/** A line's matches as the wire gives them: the ledger row (a cheque's: its clearing) and its document, its amount in the account's currency as the line's. */
export const lineMatchesJson = (lineId: ReturnType<typeof sql>) => sql`coalesce((
  SELECT json_agg(json_build_object('entryId', m.gl_entry_id, 'chequeId', m.cheque_id, 'documentType', g.document_type, 'documentId', g.document_id,
                                    'documentNumber', g.document_number, 'date', g.entry_date::text, 'amount', ${bookSides(keptForeign(sql`ma.currency`)).amount}::text) ORDER BY m.id)
  FROM bank_statement_matches m JOIN gl_entries g ON g.id = m.gl_entry_id JOIN accounts ma ON ma.id = m.bank_account_id WHERE m.line_id = ${lineId}), '[]'::json)`;

const linesJson = sql`coalesce((
  SELECT json_agg(json_build_object('id', l.id, 'lineNo', l.line_no, 'lineDate', l.line_date::text, 'valueDate', l.value_date::text, 'description', l.description,
                                    'reference', l.reference, 'chequeNumber', l.cheque_number, 'amount', l.amount::text, 'balance', l.balance::text,
                                    'status', CASE WHEN EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.line_id = l.id) THEN 'matched' ELSE 'unmatched' END,
                                    'matches', ${lineMatchesJson(sql`l.id`)}) ORDER BY l.line_no)
  FROM bank_statement_lines l WHERE l.bank_statement_id = bank_statements.id), '[]'::json)`;

export const statementRowSelection = {
  id: bankStatements.id,
  documentNumber: bankStatements.documentNumber,
  status: bankStatements.status,
  bankAccountId: bankStatements.bankAccountId,
  bankAccount: sql`(SELECT json_build_object('accountCode', a.account_code, 'accountName', a.account_name) FROM accounts a WHERE a.id = bank_statements.bank_account_id)`,
  fileName: bankStatements.fileName,
  fromDate: bankStatements.fromDate,
  toDate: bankStatements.toDate,
  openingBalance: bankStatements.openingBalance,
  closingBalance: bankStatements.closingBalance,
  lineCount: sql<number>`(SELECT count(*)::int FROM bank_statement_lines l WHERE l.bank_statement_id = bank_statements.id)`,
  matchedCount: sql<number>`(SELECT count(*)::int FROM bank_statement_lines l WHERE l.bank_statement_id = bank_statements.id
                              AND EXISTS (SELECT 1 FROM bank_statement_matches m WHERE m.line_id = l.id))`,
  createdBy: bankStatements.createdBy,
  createdAt: bankStatements.createdAt,
  updatedAt: bankStatements.updatedAt,
};

type Detail = BankStatementDetail;

/**
 * Bank statements on the document machinery (issue 33, section 4): its list, export, get and
 * delete; the create stores typed lines as an import does (a held line skipped; every line held:
 * 400 `lines`). Never updated; deleted only while none of its lines is matched (409).
 */
export const bankStatementBinding: DocumentBinding<BankStatementInput, Detail, StateOf<typeof bankStatementDocument>, ActionOf<typeof bankStatementDocument>> = {
  definition: bankStatementDocument,
  table: bankStatements,
  columns: { id: bankStatements.id, number: bankStatements.documentNumber, date: bankStatements.toDate, status: bankStatements.status },
  lineTable: { table: bankStatementLines, parent: bankStatementLines.bankStatementId },
  queries: {
    rowSelection: statementRowSelection,
    linesSelection: linesJson,
    searchColumns: [bankStatements.documentNumber, bankStatements.fileName],
    sortColumns: { toDate: bankStatements.toDate, documentNumber: bankStatements.documentNumber, createdAt: bankStatements.createdAt },
    rowScope: (actor) => bankAccountScope(actor, bankStatements.bankAccountId),
    listFilters: { bankAccountId: (id) => eq(bankStatements.bankAccountId, id) },
    shape: (row) => ({ ...row, lineCount: Number(row.lineCount), matchedCount: Number(row.matchedCount) }) as Detail,
  },
  handlers: {
    async create(tx, actor, input) {
      // Lines dated into a locked reconciliation are refused by the store, under the account's lock.
      const stored = await storeStatement(tx, actor, { ...input, fileName: input.fileName ?? '' });
      if (stored.statementId === null) throw new BadRequestError({ lines: bankingMessages.allHeld }, bankingMessages.allHeld);
      const document = await findDocument<Detail>(tx, bankStatementBinding as never, stored.statementId);
      if (!document) throw new NotFoundError();
      return { document: { ...document, skipped: stored.skipped } };
    },
    async update() {
      throw new ConflictError(bankingMessages.keptAsImported);
    },
    transitions: {},
  },
  assertMayWrite(_actor, document, action) {
    if (action === 'delete' && document.matchedCount > 0) throw new ConflictError(bankingMessages.hasMatches);
  },
};
