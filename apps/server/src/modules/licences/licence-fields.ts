import {
  customerLicenceExpiringFilter,
  customerLicenceFields,
  defaultRegistrationKind,
  expiringThrough,
  type FieldDeclaration,
  itemRegistrationFields,
  licenceFieldProblems,
  type NamedValueFilterDeclaration,
  registrationExpiringFilter,
  vendorLicenceExpiringFilter,
  vendorLicenceFields,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { ResourceCheck } from '../../lib/resource/resource-checks.ts';
import type { Row } from '../../lib/resource/resource-binding.ts';
import { type ResourceFieldsBinding, wholeNumberFilter } from '../../lib/resource/resource-fields.ts';

/**
 * Issue 32, section 5: the licences' fields of vendors, items and customers, kept in the area's
 * own tables (one row per record, keyed by it) and joined to the owners' rows, bodies and lists
 * through lib's resource fields. Each table is described once here: its key, and each field's column.
 */
export interface LicenceTable {
  table: string;
  key: string;
  /** Field name -> column; dates are answered as `YYYY-MM-DD` text. */
  columns: Readonly<Record<string, { column: string; date?: true }>>;
  /** The expiry column the "expiring within" filter reads. */
  expiry: string;
}

const vendorTable: LicenceTable = {
  table: 'vendor_licences',
  key: 'vendor_id',
  columns: { drapLicenceKind: { column: 'licence_kind' }, drapLicenceNumber: { column: 'licence_number' }, drapLicenceExpiry: { column: 'licence_expiry', date: true } },
  expiry: 'licence_expiry',
};

const itemTable: LicenceTable = {
  table: 'item_registrations',
  key: 'item_id',
  columns: {
    drapClass: { column: 'drap_class' },
    registrationKind: { column: 'registration_kind' },
    registrationNumber: { column: 'registration_number' },
    registrationExpiry: { column: 'registration_expiry', date: true },
  },
  expiry: 'registration_expiry',
};

const customerTable: LicenceTable = {
  table: 'customer_licences',
  key: 'customer_id',
  columns: { licenceKind: { column: 'licence_kind' }, licenceNumber: { column: 'licence_number' }, licenceExpiry: { column: 'licence_expiry', date: true } },
  expiry: 'licence_expiry',
};

function columnsOf(described: LicenceTable, id: AnyPgColumn): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(described.columns).map(([name, { column, date }]) => [
      name,
      sql`(SELECT ${sql.identifier(column)}${date ? sql`::text` : sql``} FROM ${sql.identifier(described.table)} WHERE ${sql.identifier(described.key)} = ${id})`,
    ]),
  );
}

/** Rows whose expiry is on or before today + `days` (expired included): the lists' filter and the dashboard's count alike. */
export function expiringWithinSql(described: LicenceTable, id: AnyPgColumn | SQL, days: number): SQL {
  return sql`${id} IN (SELECT ${sql.identifier(described.key)} FROM ${sql.identifier(described.table)} WHERE ${sql.identifier(described.expiry)} <= ${expiringThrough(todayIso(), days)}::date)`;
}

/** Stores the record's fields: those given over those it had; a record with none left has no row. */
async function writeFields(tx: Executor, described: LicenceTable, id: number, values: Row): Promise<void> {
  const names = Object.keys(described.columns);
  const key = sql.identifier(described.key);
  const table = sql.identifier(described.table);
  if (names.every((name) => values[name] === null || values[name] === undefined)) {
    await tx.execute(sql`DELETE FROM ${table} WHERE ${key} = ${id}::int`);
    return;
  }
  const columns = names.map((name) => sql.identifier(described.columns[name]!.column));
  const params = names.map((name) => {
    const value = values[name] ?? null;
    return described.columns[name]!.date ? sql`${value}::date` : sql`${value}::text`;
  });
  await tx.execute(sql`INSERT INTO ${table} (${key}, ${sql.join(columns, sql`, `)}) VALUES (${id}::int, ${sql.join(params, sql`, `)})
                       ON CONFLICT (${key}) DO UPDATE SET ${sql.join(
                         columns.map((column) => sql`${column} = excluded.${column}`),
                         sql`, `,
                       )}, updated_at = now()`);
}

const before = (described: LicenceTable, row: Row | null): Row => Object.fromEntries(Object.keys(described.columns).map((name) => [name, row?.[name] ?? null]));

function fieldsBinding(
  described: LicenceTable,
  fields: readonly FieldDeclaration[],
  filter: NamedValueFilterDeclaration,
  merge: (previous: Row, given: Row) => Row = (previous, given) => ({ ...previous, ...given }),
): ResourceFieldsBinding {
  return {
    fields,
    columns: (id) => columnsOf(described, id),
    valueFilters: { [filter.name]: wholeNumberFilter(filter, (days, _subject, id) => expiringWithinSql(described, id, days)) },
    write: (tx, _actor, id, given, row) => writeFields(tx, described, id, merge(before(described, row), given)),
  };
}

/** An item's registration kind follows its class (A: enlistment, else registration) unless the body sets it, or it was set apart from the class before. */
function mergeRegistration(previous: Row, given: Row): Row {
  const merged = { ...previous, ...given };
  const followed = previous.registrationKind === null || previous.registrationKind === defaultRegistrationKind(previous.drapClass as string | null);
  if (!('registrationKind' in given) && 'drapClass' in given && followed) merged.registrationKind = defaultRegistrationKind(given.drapClass as string | null);
  return merged;
}

export const licenceTables = { vendors: vendorTable, items: itemTable, customers: customerTable };

/** The manifest's `resourceFields`: vendors', items' and customers' DRAP fields. */
export const licenceResourceFields: Readonly<Record<string, ResourceFieldsBinding>> = {
  vendors: fieldsBinding(vendorTable, vendorLicenceFields, vendorLicenceExpiringFilter),
  items: fieldsBinding(itemTable, itemRegistrationFields, registrationExpiringFilter, mergeRegistration),
  customers: fieldsBinding(customerTable, customerLicenceFields, customerLicenceExpiringFilter),
};

const field = (fields: readonly FieldDeclaration[], name: string) => fields.find((f) => f.name === name)!;

/** A check that reads only the fields a write changes (or all, on a create). */
function check(names: readonly string[], problems: (row: Readonly<Record<string, unknown>>) => Record<string, string>): ResourceCheck {
  return async (_executor, row, changed) => (changed && !names.some((name) => changed.has(name)) ? {} : problems(row));
}

/** The manifest's `resourceChecks`: a number needs its expiry; an item's registration number needs its class (400 naming the field). */
export const licenceResourceChecks: Readonly<Record<string, ResourceCheck>> = {
  vendors: check(Object.keys(vendorTable.columns), (row) =>
    licenceFieldProblems(row, [{ number: field(vendorLicenceFields, 'drapLicenceNumber'), expiry: field(vendorLicenceFields, 'drapLicenceExpiry') }]),
  ),
  items: check(Object.keys(itemTable.columns), (row) =>
    licenceFieldProblems(row, [{ number: field(itemRegistrationFields, 'registrationNumber'), expiry: field(itemRegistrationFields, 'registrationExpiry'), classField: 'drapClass' }]),
  ),
  customers: check(Object.keys(customerTable.columns), (row) =>
    licenceFieldProblems(row, [{ number: field(customerLicenceFields, 'licenceNumber'), expiry: field(customerLicenceFields, 'licenceExpiry') }]),
  ),
};
