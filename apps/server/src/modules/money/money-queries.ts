import { type SQL, sql } from 'drizzle-orm';
import { jsonValue } from '../../db/client.ts';
import type { payments, receipts } from '../../db/schema/index.ts';
import type { ExportColumn } from '../../lib/resource/resource-export.ts';

/**
 * What receipts and payments answer alike (docs/api/money.md): the money, the account, the cheque
 * as entered and its row in the register. A draft's allocated amount is its lines' sum (what
 * posting will apply); once posted, the live allocations' (the column).
 */
export function moneyDocumentColumns(name: 'receipts' | 'payments', table: typeof receipts | typeof payments): Record<string, SQL | (typeof table)[keyof typeof table]> {
  const t = sql.identifier(name);
  const rows = sql.identifier(name === 'receipts' ? 'receipt_allocations' : 'payment_allocations');
  const key = sql.identifier(name === 'receipts' ? 'receipt_id' : 'payment_id');
  const allocated = sql`round(CASE WHEN ${t}.status = 'draft' THEN (SELECT coalesce(sum(a.amount), 0) FROM ${rows} a WHERE a.${key} = ${t}.id) ELSE ${t}.allocated_amount END, 2)`;
  const register = (column: string) => sql`(SELECT q.${sql.identifier(column)} FROM cheques q WHERE q.${key} = ${t}.id)`;
  return {
    id: table.id,
    documentNumber: table.documentNumber,
    status: table.status,
    regionId: table.regionId,
    regionName: sql<string | null>`(SELECT r.region_name FROM regions r WHERE r.id = ${t}.region_id)`,
    method: table.method,
    accountId: table.accountId,
    accountName: sql<string>`(SELECT x.account_name FROM accounts x WHERE x.id = ${t}.account_id)`,
    amount: table.amount,
    allocatedAmount: sql<string>`${allocated}::text`,
    unallocatedAmount: sql<string>`round(${t}.amount - ${allocated}, 2)::text`,
    reference: table.reference,
    cheque: sql`(CASE WHEN ${t}.cheque_number IS NULL THEN NULL ELSE json_build_object('chequeNumber', ${t}.cheque_number, 'bank', ${t}.cheque_bank, 'chequeDate', ${t}.cheque_date) END)`.mapWith(
      jsonValue,
    ),
    chequeId: sql<number | null>`${register('id')}`.mapWith((v) => (v === null ? null : Number(v))),
    chequeDocumentNumber: sql<string | null>`${register('document_number')}`,
    chequeStatus: sql<string | null>`${register('status')}`,
    createdBy: table.createdBy,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
    postedAt: table.postedAt,
    postedBy: table.postedBy,
    cancelledAt: table.cancelledAt,
    cancelledBy: table.cancelledBy,
  };
}

/** The export's columns after the party's: the money, how it moved, and the status. */
export const moneyExportColumns: ExportColumn[] = [
  { header: 'Method', value: (row) => String(row.method) },
  { header: 'Account', value: (row) => String(row.accountName ?? '') },
  { header: 'Amount', value: (row) => String(row.amount) },
  { header: 'Allocated', value: (row) => String(row.allocatedAmount) },
  { header: 'On account', value: (row) => String(row.unallocatedAmount) },
  { header: 'Reference', value: (row) => String(row.reference) },
  { header: 'Status', value: (row) => String(row.status) },
];

/** A read row as the answer: the allocations' ids as numbers (`allocation` converts the type's own). */
export function moneyShape<Detail, Allocation>(row: Record<string, unknown>, allocation: (a: Allocation) => Allocation): Detail {
  const list = (jsonValue<Array<Allocation & { id: number; lineNo: number }> | null>(row.allocations) ?? []).map((a) => allocation({ ...a, id: Number(a.id), lineNo: Number(a.lineNo) }));
  return { ...row, allocations: list } as Detail;
}
