/** What a statement row came from, by its ledger document type. */
export type StatementRowKind = 'invoice' | 'receipt' | 'return' | 'chequeBounced' | 'journal' | 'other';

export const statementKindLabels: Record<StatementRowKind, string> = {
  invoice: 'Invoice',
  receipt: 'Receipt',
  return: 'Return',
  chequeBounced: 'Cheque bounced',
  journal: 'Journal',
  other: 'Other',
};

/** One movement on the customer's receivable account, and the balance after it (+ the customer owes). */
export interface CustomerStatementRow {
  date: string;
  /** The ledger's document type (`invoice`, `receipts`, `sales-return`, `cheques`, `journal`): with documentId, what the row links to. */
  documentType: string;
  kind: StatementRowKind;
  documentId: number;
  documentNumber: string;
  description: string;
  debit: string;
  credit: string;
  balance: string;
}

/** GET /api/customers/:id/statement (issue 9, section 4): balances signed, + a debit (owed by the customer); server and web share it. */
export interface CustomerStatement {
  customer: { id: number; customerName: string; accountId: number; accountCode: string; regionId: number; address: string | null; phone: string | null; taxNumber: string | null };
  from: string;
  to: string;
  opening: string;
  rows: CustomerStatementRow[];
  totals: { debit: string; credit: string };
  closing: string;
}
