import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { AnyDocumentBinding } from './document-binding.ts';
import { documentTableSql, headerTriggerArguments, linesTriggerArguments } from './document-tables.ts';
import { registeredDocuments } from './register-document.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rows = <Row>(query: ReturnType<typeof sql>) => queryRows<Row>(t.database.db, query);

async function columnsOf(table: PgTable): Promise<string[]> {
  const found = await rows<{ name: string }>(sql`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${getTableName(table)} ORDER BY column_name`);
  return found.map((c) => c.name);
}

/** The arguments of every `document_keep_unless_editable` trigger of a table. */
async function triggerArguments(table: PgTable): Promise<string[][]> {
  const found = await rows<{ args: Uint8Array | string }>(
    sql`SELECT t.tgargs AS args FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE t.tgrelid = ${getTableName(table)}::regclass AND p.proname = 'document_keep_unless_editable' AND NOT t.tgisinternal`,
  );
  return found.map((row) => {
    const text = typeof row.args === 'string' ? row.args.replace(/\\000/g, '\0') : new TextDecoder().decode(row.args);
    const args = text.split('\0').slice(0, -1);
    // The workflow columns in any order.
    return args.map((arg, index) => (index === 3 ? arg.split(',').sort().join(',') : arg));
  });
}

/** The states the table's `<table>_status_check` allows (a cheque's per direction: their union). */
async function statusStates(table: PgTable): Promise<string[]> {
  const found = await rows<{ def: string }>(
    sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = ${getTableName(table)}::regclass AND conname = ${`${getTableName(table)}_status_check`}`,
  );
  const lists = found.flatMap((row) => [...row.def.matchAll(/status = ANY \(ARRAY\[([^\]]*)\]/g)].map((m) => m[1]!));
  return [...new Set(lists.flatMap((list) => [...list.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!)))].sort();
}

const sqlNames = (table: PgTable) => Object.values(getTableColumns(table) as Record<string, AnyPgColumn>).map((c) => c.name).sort();

describe('every document declaration matches its tables (information_schema, CHECK, pg_trigger)', () => {
  const check = (name: string, test: (binding: AnyDocumentBinding) => Promise<void>) =>
    it(name, async () => {
      const documents = registeredDocuments(t.app);
      expect(documents.length).toBeGreaterThan(10);
      for (const binding of documents) await test(binding);
    });

  check('the status CHECK allows exactly the declared states', async (binding) => {
    expect(await statusStates(binding.table), `${binding.definition.name}:\n${documentTableSql(binding)}`).toEqual([...binding.definition.states].sort());
  });

  check('the header trigger keeps exactly the declared workflow columns writable', async (binding) => {
    const expected = headerTriggerArguments(binding).map((arg, index) => (index === 3 ? arg.split(',').sort().join(',') : arg));
    expect(await triggerArguments(binding.table), `${binding.definition.name}:\n${documentTableSql(binding)}`).toEqual([expected]);
  });

  check('every lines trigger names the document and its key', async (binding) => {
    if (!binding.lineTable) return;
    const expected = linesTriggerArguments(binding);
    const found = await triggerArguments(binding.lineTable.table);
    if (!expected) return expect(found, binding.definition.name).toEqual([]);
    expect(found.length, binding.definition.name).toBeGreaterThan(0);
    for (const args of found) expect(args, `${binding.definition.name}:\n${documentTableSql(binding)}`).toEqual(expected);
  });

  check('the database holds every column of the Drizzle tables and nothing more; every stamp has its pair', async (binding) => {
    const tables = [binding.table, ...(binding.lineTable ? [binding.lineTable.table] : [])];
    for (const table of tables) expect(await columnsOf(table), getTableName(table)).toEqual(sqlNames(table));
    const columns = sqlNames(binding.table);
    for (const stamp of binding.definition.stamps) expect(columns, binding.definition.name).toEqual(expect.arrayContaining([`${stamp}_at`, `${stamp}_by`]));
    for (const column of binding.workflowColumns ?? []) expect(columns, binding.definition.name).toContain(column);
  });
});
