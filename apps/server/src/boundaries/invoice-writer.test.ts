import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { serverSourceFiles, tableWritesOf } from '../test/source-scan.ts';

/**
 * One invoice pipeline (issue 28, section 1): every path that makes invoices (a sale's save,
 * the rentals' charges) inserts them and their lines through modules/sales/invoice-writer.ts,
 * so a column every invoice gains is written in one place.
 */
const created = new Set(['invoices', 'invoice_lines']);
const exportedTables = new Map(Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])));

/** Per table, the files that insert its rows (raw `INSERT INTO` or Drizzle's `.insert()`). */
function insertersOf(files: ReadonlyArray<{ file: string; text?: string }>): Record<string, string[]> {
  const inserters: Record<string, string[]> = {};
  for (const { file, text } of files) {
    for (const write of tableWritesOf(file, (name) => exportedTables.get(name), text)) {
      if (!created.has(write.table) || !['INSERT INTO', '.insert()'].includes(write.how)) continue;
      inserters[write.table] = [...new Set([...(inserters[write.table] ?? []), write.file])];
    }
  }
  return inserters;
}

// Read at load, as table-ownership.test.ts does: parsing every file is no test's time limit.
const serverFiles = serverSourceFiles().map((file) => ({ file }));
const serverInserters = insertersOf(serverFiles);

describe('the invoice writer', () => {
  it('finds inserts in SQL and through Drizzle, not in comments or longer names', () => {
    const files = [
      { file: 'a.ts', text: 'const a = sql`INSERT INTO invoices (kind) SELECT 1`;\n// INSERT INTO invoice_lines' },
      { file: 'b.ts', text: "import { invoiceLines } from '../db/schema/index.ts';\nawait tx.insert(invoiceLines).values([]);" },
      { file: 'c.ts', text: 'const c = sql`INSERT INTO invoices_archive (id) VALUES (1)`; const d = sql`UPDATE invoices SET notes = 1`;' },
    ];
    expect(insertersOf(files)).toEqual({ invoices: ['a.ts'], invoice_lines: ['b.ts'] });
  });

  it('is the one file of server code that inserts invoices and their lines', () => {
    expect(serverFiles.length).toBeGreaterThan(100);
    expect(serverInserters).toEqual({ invoices: ['modules/sales/invoice-writer.ts'], invoice_lines: ['modules/sales/invoice-writer.ts'] });
  });
});
