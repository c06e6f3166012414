import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { type MoneyFixtures, moneyFixtures } from './money-fixtures.ts';
import type { TestApp } from './test-app.ts';

export interface ChequeLedgerRow {
  key: string | null;
  accountId: number;
  debit: string;
  credit: string;
  entryDate: string;
  documentNumber: string;
}

/** The money fixtures plus what the cheque, aging and statement tests ask of them. */
export interface ChequeFixtures extends MoneyFixtures {
  /** A posted receipt by cheque, allocated as told (oldest due first when left out): the receipt's and its cheque's ids. */
  chequeReceipt(options: { amount: string; chequeDate: string; customerId?: number; allocations?: Array<{ invoiceId: number; amount: string }>; receiptDate?: string }): Promise<{ receiptId: number; chequeId: number }>;
  /** A document's ledger rows, each with its posting key (null for an account without one). */
  ledgerOf(documentType: string, documentId: number): Promise<ChequeLedgerRow[]>;
  /** An invoice's open amount now. */
  openOf(invoiceId: number): Promise<string>;
}

export async function chequeFixtures(t: TestApp, prefix: string): Promise<ChequeFixtures> {
  const f = await moneyFixtures(t, prefix);
  let cheques = 0;
  const chequeReceipt: ChequeFixtures['chequeReceipt'] = async (options) => {
    cheques += 1;
    const response = await f.call('POST', '/api/receipts', {
      customerId: options.customerId ?? f.customer.id,
      receiptDate: options.receiptDate ?? f.today,
      method: 'cheque',
      amount: options.amount,
      cheque: { chequeNumber: `${prefix}-${cheques}`, bank: 'Habib Bank', chequeDate: options.chequeDate },
      ...(options.allocations ? { allocations: options.allocations } : {}),
      post: true,
    });
    if (response.statusCode !== 201) throw new Error(`receipt: ${response.body}`);
    const data = response.json().data;
    return { receiptId: data.id, chequeId: data.chequeId };
  };
  const ledgerOf: ChequeFixtures['ledgerOf'] = async (documentType, documentId) =>
    (
      await queryRows<ChequeLedgerRow>(
        t.database.db,
        sql`SELECT p.key, g.account_id AS "accountId", g.debit::text AS debit, g.credit::text AS credit, g.entry_date::text AS "entryDate", g.document_number AS "documentNumber"
            FROM gl_entries g LEFT JOIN posting_accounts p ON p.account_id = g.account_id
            WHERE g.document_type = ${documentType} AND g.document_id = ${documentId}::int ORDER BY g.id`,
      )
    ).map((row) => ({ ...row, accountId: Number(row.accountId) }));
  const openOf = async (invoiceId: number) =>
    (await queryRows<{ open: string }>(t.database.db, sql`SELECT (grand_total - allocated_amount - returned_amount)::text AS open FROM invoices WHERE id = ${invoiceId}::int`))[0]!.open;
  return { ...f, chequeReceipt, ledgerOf, openOf };
}

/** `today + days` of the fixtures. */
export const daysFrom = (f: { today: string }, days: number) => addDays(f.today, days);
