import { createSchemaOf, type FieldDeclaration, formFields, type ImportKindName, resourceByName, type ResourceDeclaration } from '@erp/domain';
import { bindingOfResource } from '../resource/resource-tables.ts';
import { resourceSearchable, searchRowUpsert } from '../search/search-rows.ts';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import type { Row } from '../resource/resource-binding.ts';
import { fieldErrorsOf } from '../validation.ts';
import { cellValueOf, hintOf } from './cell-values.ts';
import type { CheckedRow, ImportColumn, ImportKind, ImportRow } from './import-kind.ts';
import { chunksOf, lookupChunk, NameLookup } from './name-lookup.ts';

export interface ResourceImportOptions {
  kind: ImportKindName;
  declaration: ResourceDeclaration;
  table: PgTable;
  /** The template's example row, by field name. */
  examples: Record<string, string>;
  /** More headers a column answers to, by field name ("Vendor name" for Vendor). */
  aliases?: Record<string, readonly string[]>;
  /** Columns the server adds to each new row, as the resource's create does (a vendor's payable account). */
  beforeInsert?: (tx: Tx, actor: Actor, input: Row) => Promise<Row>;
}

const keySeparator = '\u0001';

/** A unique field's key in a row: its value and its `uniqueWith` field's (null counts as a value: items' NULLS NOT DISTINCT). */
function uniqueKey(input: Row, field: FieldDeclaration): string {
  return [input[field.name], field.uniqueWith ? (input[field.uniqueWith] ?? null) : ''].map((v) => JSON.stringify(v ?? null)).join(keySeparator);
}

/**
 * An import of a declared resource (items, vendors): its form fields are the columns,
 * references are given by name, each row is checked by the API's create schema
 * (`createSchemaOf`), unique fields are checked within the file and against the table, and
 * the valid rows are written in multi-row INSERTs with one audit entry for the import.
 */
export function resourceImport(options: ResourceImportOptions): ImportKind<Row> {
  const { declaration, table } = options;
  const fields = formFields(declaration);
  const references = fields.filter((f) => f.kind === 'reference' && f.reference);
  const schema = createSchemaOf(declaration);
  const uniqueFields = declaration.fields.filter((f) => f.unique);
  const tableColumns = getTableColumns(table) as Record<string, AnyPgColumn>;

  const columns: ImportColumn[] = fields.map((field) => {
    const target = field.reference ? resourceByName(field.reference) : undefined;
    const hint = hintOf(field, target?.singular);
    return {
      key: field.name,
      label: field.label,
      required: Boolean(field.required) && field.defaultValue === undefined,
      ...(hint ? { hint } : {}),
      aliases: [...(field.kind === 'reference' ? [`${field.label} name`] : []), ...(options.aliases?.[field.name] ?? [])],
      example: options.examples[field.name] ?? '',
    };
  });

  /** References resolved in dependency order: a sub-category after the category it is named within. */
  const orderedReferences = [...references].sort((a, b) => {
    const aWithin = NameLookup.withinFieldOf(a.reference!);
    const bWithin = NameLookup.withinFieldOf(b.reference!);
    return (aWithin === b.name ? 1 : 0) - (bWithin === a.name ? 1 : 0);
  });

  async function check(tx: Executor, actor: Actor, rows: readonly ImportRow[]): Promise<CheckedRow<Row>[]> {
    const lookups = new Map<string, NameLookup>();
    for (const field of references) {
      const names = rows.map((r) => r.values[field.name] ?? '').filter((n) => n !== '');
      lookups.set(field.name, await NameLookup.load(tx, actor, field.reference!, field.label, names));
    }
    const checked: CheckedRow<Row>[] = rows.map((row) => {
      const errors: Record<string, string> = {};
      const input: Row = {};
      for (const field of fields) {
        if (field.kind !== 'reference') {
          const value = cellValueOf(field, row.values[field.name] ?? '');
          if (value !== undefined) input[field.name] = value;
        }
      }
      for (const field of orderedReferences) {
        const text = row.values[field.name] ?? '';
        if (text === '') {
          if (!field.required) input[field.name] = null;
          continue;
        }
        const lookup = lookups.get(field.name)!;
        const within = lookup.withinField ? (input[lookup.withinField] as number | null | undefined) : undefined;
        // Within a category that did not resolve, the sub-category cannot be told: its own error would only repeat it.
        if (lookup.withinField && (within === undefined || within === null) && row.values[lookup.withinField]) continue;
        const resolved = lookup.resolve(text, within);
        if ('id' in resolved) input[field.name] = resolved.id;
        else errors[field.name] = resolved.error;
      }
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        for (const [path, message] of Object.entries(fieldErrorsOf(parsed.error.issues))) errors[path.split('.')[0]!] ??= message;
      }
      if (Object.keys(errors).length > 0) return { rowNumber: row.rowNumber, errors };
      return { rowNumber: row.rowNumber, input: parsed.data as Row };
    });
    await markDuplicates(tx, checked);
    return checked;
  }

  /** A unique value twice in the file (the later rows are refused) or already in the table. */
  async function markDuplicates(tx: Executor, checked: CheckedRow<Row>[]): Promise<void> {
    const refuse = (index: number, field: string, message: string) => {
      const row = checked[index]!;
      checked[index] = { rowNumber: row.rowNumber, errors: { ...(row.errors ?? {}), [field]: message } };
    };
    for (const field of uniqueFields) {
      const withLabel = field.uniqueWith ? declaration.fields.find((f) => f.name === field.uniqueWith)?.label.toLowerCase() : undefined;
      const firstRow = new Map<string, number>();
      const values = new Set<string>();
      checked.forEach((row, index) => {
        if (!row.input) return;
        values.add(row.input[field.name] as string);
        const key = uniqueKey(row.input, field);
        const earlier = firstRow.get(key);
        if (earlier === undefined) firstRow.set(key, row.rowNumber);
        else refuse(index, field.name, `${field.label} "${String(row.input[field.name])}" is already in row ${earlier} of the file`);
      });
      const column = tableColumns[field.name]!;
      const withColumn = field.uniqueWith ? tableColumns[field.uniqueWith] : undefined;
      const existing = new Set<string>();
      for (const chunk of chunksOf([...values], lookupChunk)) {
        const found = (await tx
          .select({ value: column, ...(withColumn ? { with: withColumn } : {}) })
          .from(table)
          .where(inArray(column, chunk))) as { value: unknown; with?: unknown }[];
        for (const row of found) existing.add(uniqueKey({ [field.name]: row.value, ...(field.uniqueWith ? { [field.uniqueWith]: row.with ?? null } : {}) }, field));
      }
      if (existing.size === 0) continue;
      checked.forEach((row, index) => {
        if (row.input && existing.has(uniqueKey(row.input, field))) {
          refuse(index, field.name, `${field.label} "${String(row.input[field.name])}" already exists${withLabel ? ` for this ${withLabel}` : ''}`);
        }
      });
    }
  }

  /**
   * Multi-row INSERTs of at most ~30,000 parameters each (PostgreSQL allows 65,535); the
   * columns the server adds (beforeInsert) are made row by row first, as the API's create.
   */
  async function write(tx: Tx, actor: Actor, rows: readonly { rowNumber: number; input: Row }[], progress: (n: number) => void): Promise<number[]> {
    // Also the progress's step: a thousand rows at a time.
    const chunkSize = Math.min(1_000, Math.floor(30_000 / (fields.length + 2)));
    const ids: number[] = [];
    let done = 0;
    for (const chunk of chunksOf(rows, chunkSize)) {
      const values: Row[] = [];
      for (const row of chunk) values.push({ ...row.input, ...((await options.beforeInsert?.(tx, actor, row.input)) ?? {}) });
      const inserted = (await tx.insert(table).values(values as never).returning({ id: tableColumns.id! })) as { id: number }[];
      ids.push(...inserted.map((r) => Number(r.id)));
      const binding = bindingOfResource(declaration.name);
      const searchable = binding && resourceSearchable(binding);
      if (searchable) await tx.execute(searchRowUpsert(searchable, inserted.map((r) => Number(r.id))));
      done += chunk.length;
      progress(done);
    }
    return ids;
  }

  return {
    name: options.kind,
    title: declaration.title,
    route: declaration.route,
    ...(declaration.writeScope ? { scope: declaration.writeScope } : {}),
    resource: declaration.name,
    columns,
    check,
    write,
  };
}

