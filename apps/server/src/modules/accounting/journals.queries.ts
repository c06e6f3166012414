import { type JournalDetail, type JournalLineRow, type JournalRow as WireJournalRow, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import { journals } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

export type JournalRow = WireJournalRow<Date>;
export type { JournalLineRow };
export type JournalWithLines = JournalDetail<Date>;

const postedByUser = sql<string | null>`(SELECT u.name FROM users u WHERE u.id = ${journals.postedBy})`;

/** How the generic document queries read journals: the list row of docs/api/accounting.md, the lines with their accounts. */
export const journalQueries: DocumentQueries<JournalWithLines> = {
  rowSelection: {
    id: journals.id,
    journalNumber: journals.journalNumber,
    journalDate: journals.journalDate,
    narration: journals.narration,
    status: journals.status,
    totalDebit: journals.totalDebit,
    totalCredit: journals.totalCredit,
    postedAt: journals.postedAt,
    postedBy: journals.postedBy,
    postedByName: postedByUser,
    cancelledAt: journals.cancelledAt,
    cancelledBy: journals.cancelledBy,
    reversalJournalId: journals.reversalJournalId,
    reversesJournalId: journals.reversesJournalId,
    createdBy: journals.createdBy,
    createdAt: journals.createdAt,
    updatedAt: journals.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'lineNo', l.line_no, 'accountId', l.account_id,
             'account', json_build_object('id', a.id, 'accountCode', a.account_code, 'accountName', a.account_name),
             'debit', l.debit::text, 'credit', l.credit::text, 'memo', l.memo,
             'jointVentureId', l.joint_venture_id, 'rentalAgreementId', l.rental_agreement_id,
             'currency', l.currency, 'exchangeRate', l.exchange_rate::text, 'foreignDebit', l.foreign_debit::text, 'foreignCredit', l.foreign_credit::text) ORDER BY l.line_no), '[]')
    FROM journal_lines l JOIN accounts a ON a.id = l.account_id WHERE l.journal_id = journals.id)`,
  searchColumns: [journals.narration],
  // A journal touching another region's account is that region's business: a user limited to
  // some regions neither sees nor changes it (404), like the account itself. Company-wide
  // accounts (no region) are everyone's.
  rowScope: (actor: Actor) => {
    const regions = permittedIds(actor.permissions, 'regions');
    if (!regions) return undefined;
    return sql`NOT EXISTS (SELECT 1 FROM journal_lines l JOIN accounts a ON a.id = l.account_id
      WHERE l.journal_id = ${journals.id} AND a.region_id IS NOT NULL AND a.region_id NOT IN (${intList(regions)}))`;
  },
  sortColumns: { journalDate: journals.journalDate, journalNumber: journals.journalNumber, createdAt: journals.createdAt },
  exportColumns: [
    { header: 'Number', value: (row) => (row.journalNumber as string | null) ?? '' },
    { header: 'Date', value: (row) => String(row.journalDate) },
    { header: 'Narration', value: (row) => String(row.narration) },
    { header: 'Status', value: (row) => String(row.status) },
    { header: 'Total', value: (row) => String(row.totalDebit) },
  ],
};
