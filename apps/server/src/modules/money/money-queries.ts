import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { jsonValue } from '../../db/client.ts';
import type { payments, receipts } from '../../db/schema/index.ts';
import { paymentTargetOf } from '../../lib/payment-targets.ts';
import type { ExportColumn } from '../../lib/resource/resource-export.ts';
import { allocationRowsOf, type MoneySource, targetsOfSource } from './allocations.ts';

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

/** SQL built when a query runs, not when its module loads: the payment targets are bound with the app. */
const whenRun = (build: () => SQL): SQL => sql`${{ getSQL: build, shouldOmitSQLParens: () => true } satisfies SQLWrapper}`;

/**
 * A receipt's or payment's allocation lines as its answer reads them, oldest line first: each
 * names its target under the target's field (`invoiceId`), with the target's number, date and
 * due date (under `names`) read through the target's own `select`.
 */
export function allocationLinesSelection(source: MoneySource, names: { number: string; date: string }, extra: SQL = sql``): SQL {
  return whenRun(() => {
    const { table, key } = allocationRowsOf(source);
    const targets = targetsOfSource(source).map((target, index) => ({ target, alias: sql.raw(`x_${index}`), column: sql.identifier(target.column) }));
    const ids = targets.map(({ target, column }) => sql`${target.field}::text, a.${column}`);
    const fact = (name: string) => sql`coalesce(${sql.join(targets.map(({ alias }) => sql`${alias}.${sql.identifier(name)}`), sql`, `)})`;
    const facts = targets.map(({ target, alias, column }) => sql`LEFT JOIN LATERAL (${target.select(sql`t.id = a.${column}`, false)}) ${alias} ON true`);
    return sql`(
      SELECT coalesce(json_agg(json_build_object(
               'id', a.id, 'lineNo', a.line_no, ${sql.join(ids, sql`, `)}, ${names.number}::text, ${fact('documentNumber')}, ${names.date}::text, ${fact('date')},
               'dueDate', ${fact('dueDate')}, 'amount', a.amount::text, ${extra}'allocationDate', a.allocation_date,
               'released', a.released_at IS NOT NULL, 'releasedReason', a.released_reason)
               ORDER BY a.line_no), '[]')
      FROM ${table} a ${sql.join(facts, sql` `)}
      WHERE a.${key} = ${sql.identifier(source)}.id)`;
  });
}

/** The list filter of receipts or payments allocated to the target `field` names (`invoiceId`), by its id. */
export function allocatedToFilter(source: MoneySource, field: string): (id: number) => SQL {
  return (id) => {
    const { table, key } = allocationRowsOf(source);
    return sql`EXISTS (SELECT 1 FROM ${table} a WHERE a.${key} = ${sql.identifier(source)}.id AND a.${sql.identifier(paymentTargetOf(field).column)} = ${id}::int)`;
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
