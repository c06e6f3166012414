import { sum } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type PostingContext, postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { readPostingAccounts } from '../../ledger/posting-accounts.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentBinding, DocumentRow, StateOf } from '../../lib/document/document-binding.ts';
import { fixtureVoucherLines, fixtureVouchers } from './notes.tables.ts';
import { fixtureVoucherDocument } from './vouchers.document.ts';

type VoucherInput = { voucherDate: string; narration: string; lines: { accountId: number; amount: string }[] };
type Voucher = DocumentRow & VoucherInput & { total: string; documentNumber: string | null };

/** The area's own posting account, by its key, which the shipped areas' key type does not name. */
export async function fixtureAccount(tx: Tx): Promise<number> {
  const account = (await readPostingAccounts(tx, ['fixtureNotes' as never]))['fixtureNotes' as never] as number | undefined;
  if (account === undefined) throw new ConflictError('Choose the fixture notes account in settings');
  return account;
}

const totalOf = (input: VoucherInput) => ({ header: { total: sum(input.lines.map((line) => line.amount)) } });

/**
 * The whole of a simple document's code beyond its declaration and tables: queries, a draft
 * written by the machinery's draft writer, and one posting (Dr each line's account, Cr the
 * area's own posting account) in one statement with the number, status and audit row.
 */
export const fixtureVoucherBinding: DocumentBinding<VoucherInput, Voucher, StateOf<typeof fixtureVoucherDocument>, ActionOf<typeof fixtureVoucherDocument>> = {
  definition: fixtureVoucherDocument,
  table: fixtureVouchers,
  columns: { id: fixtureVouchers.id, number: fixtureVouchers.documentNumber, date: fixtureVouchers.voucherDate, status: fixtureVouchers.status },
  lineTable: { table: fixtureVoucherLines, parent: fixtureVoucherLines.fixtureVoucherId, withoutIds: true },
  queries: {
    rowSelection: {
      id: fixtureVouchers.id,
      documentNumber: fixtureVouchers.documentNumber,
      voucherDate: fixtureVouchers.voucherDate,
      narration: fixtureVouchers.narration,
      total: fixtureVouchers.total,
      status: fixtureVouchers.status,
      createdAt: fixtureVouchers.createdAt,
      updatedAt: fixtureVouchers.updatedAt,
    },
    linesSelection: sql`(SELECT coalesce(json_agg(json_build_object('lineNo', l.line_no, 'accountId', l.account_id, 'amount', l.amount::text) ORDER BY l.line_no), '[]')
      FROM fixture_voucher_lines l WHERE l.fixture_voucher_id = fixture_vouchers.id)`,
    searchColumns: [fixtureVouchers.narration],
    sortColumns: { voucherDate: fixtureVouchers.voucherDate, createdAt: fixtureVouchers.createdAt },
  },
  handlers: {
    async create(_tx, _actor, input, drafts) {
      return { document: drafts.answer<Voucher>(await drafts.insert(input, totalOf(input)), input, totalOf(input)) };
    },
    async update(_tx, _actor, before, input, drafts) {
      return { document: drafts.answer<Voucher>(await drafts.update(before.id, input, totalOf(input)), input, totalOf(input), before) };
    },
    transitions: {
      async post(tx, actor, draft, step) {
        const credit = await fixtureAccount(tx);
        const context: PostingContext = await readPostingContext(tx, [credit, ...draft.lines.map((line) => line.accountId)], actor.userId);
        const lines = [
          ...draft.lines.map((line) => ({ accountId: line.accountId, debit: line.amount, credit: '0' })),
          { accountId: credit, debit: '0', credit: draft.total },
        ];
        const { documentNumber } = await postToLedger(tx, { ...step.posting, narration: draft.narration, lines, alongside: step.claim() }, context);
        return { document: { ...draft, status: 'posted', documentNumber }, documentNumber };
      },
    },
  },
};
