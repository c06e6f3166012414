import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { areas } from '../areas.ts';
import * as schema from '../db/schema/index.ts';
import { serverSourceFiles, type TableWrite, tableWritesOf } from '../test/source-scan.ts';

/**
 * Each area writes only its own tables (docs/ARCHITECTURE.md, "Boundaries"): another area's rows
 * change through that area's `<area>.api.ts`, in the caller's transaction. An area's tables are
 * its manifest's `tables`; the writes are read from the source (test/source-scan.ts).
 */
const ownerOf = new Map<string, string>();
const claimedTwice: string[] = [];
for (const area of areas) {
  for (const table of Object.values(area.tables ?? {}).filter((value) => is(value, PgTable))) {
    const name = getTableName(table as PgTable);
    if (ownerOf.has(name) && ownerOf.get(name) !== area.name) claimedTwice.push(`${name}: ${ownerOf.get(name)} and ${area.name}`);
    ownerOf.set(name, area.name);
  }
}

const exportedTables = new Map(Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])));

/**
 * Tables one piece of shared code alone writes, whichever manifest declares them (an area reads
 * gl_entries; only the posting service writes it). A path ending in `/` is a folder.
 */
const sharedWriters: Record<string, string | readonly string[]> = {
  gl_entries: 'ledger/general-ledger.ts',
  stock_moves: 'ledger/stock-ledger.ts',
  // The lots' quantities: moved only with their stock_moves rows; what holds a lot (issue 31) by its one writer.
  inventory: ['ledger/stock-ledger.ts', 'modules/inventory/lot-status.ts'],
  audit_log: 'plugins/audit.ts',
  document_sequences: 'lib/document/document-number.ts',
  jobs: 'lib/jobs/',
  job_schedules: 'lib/jobs/',
  import_jobs: 'lib/import/',
  search_index: 'lib/search/',
  login_failures: 'lib/cluster/',
  schema_migrations: 'db/migrate.ts',
};

/** Writes allowed outside their owner, each with its reason. Keep this list short. */
const exemptions: ReadonlyArray<{ files: string; reason: string; allows(write: TableWrite): boolean }> = [
  {
    files: 'demo/',
    reason:
      "The demo seed (a composition root, run once on an empty database) writes fixture rows of every area's master data and pay structure directly; its documents go through the areas' services, and it never writes a shared ledger or the audit log",
    allows: (write) => !(write.table in sharedWriters),
  },
];

const writes = serverSourceFiles().flatMap((file) => tableWritesOf(file, (name) => exportedTables.get(name)));
const describeWrite = (write: TableWrite) => `${write.file}:${write.line} ${write.how} ${write.table}`;
const under = (file: string, path: string) => (path.endsWith('/') ? file.startsWith(path) : file === path);

/** Why the write is out of bounds by ownership alone, or undefined when its file may write its table. */
function refusal(write: TableWrite): string | undefined {
  const shared = sharedWriters[write.table];
  if (shared !== undefined) return [shared].flat().some((writer) => under(write.file, writer)) ? undefined : `only ${[shared].flat().join(' and ')} write it`;
  const owner = ownerOf.get(write.table);
  if (owner === undefined) return 'no area declares it';
  return under(write.file, `modules/${owner}/`) ? undefined : `the ${owner} area's table`;
}

const exempted = (write: TableWrite) => exemptions.find((exemption) => under(write.file, exemption.files) && exemption.allows(write));

describe('table ownership', () => {
  it('reads the writes of raw SQL and of Drizzle, and nothing else', () => {
    const source = `import { auditLog as log, glEntries } from '../../db/schema/index.ts';
      // INSERT INTO comment_table: a comment is no write
      const a = sql\`INSERT INTO "quoted_table" (x) VALUES (1)\`;
      const b = sql\`UPDATE employee_advances v SET x = 1 FROM (SELECT 1) r WHERE v.id = r.id\`;
      const c = sql\`DELETE FROM \${glEntries} WHERE id = \${id}\`;
      const d = sql\`SELECT 1 FROM t FOR UPDATE OF t\`;
      const e = sql\`INSERT INTO \${sql.identifier(name)} (x) VALUES (1) ON CONFLICT (x) DO UPDATE SET x = 2\`;
      const f = sql\`SELECT 1 FROM t FOR NO KEY UPDATE\`;
      await tx.insert(log).values({});
      await drafts.update(before.id, input);
      await app.delete('/x', handler);`;
    const found = tableWritesOf('modules/x/x.ts', (name) => exportedTables.get(name), source).map((w) => `${w.line} ${w.how} ${w.table}`);
    expect(found).toEqual(['3 INSERT INTO quoted_table', '4 UPDATE employee_advances', '5 DELETE FROM gl_entries', '9 .insert() audit_log']);
    const inTree = (file: string, how: string, table: string) => writes.some((w) => w.file === file && w.how === how && w.table === table);
    expect(inTree('ledger/general-ledger.ts', 'INSERT INTO', 'gl_entries')).toBe(true);
    expect(inTree('plugins/audit.ts', '.insert()', 'audit_log')).toBe(true);
    expect(inTree('modules/hr/salary-assignments.binding.ts', '.delete()', 'salary_assignment_lines')).toBe(true);
  });

  it('gives each table one area, and each shared table a writer that writes it', () => {
    expect(claimedTwice).toEqual([]);
    expect(Object.keys(sharedWriters).filter((table) => !writes.some((w) => w.table === table))).toEqual([]);
  });

  it('lets each file write only the tables of its area, and the shared tables only to their writer', () => {
    const outOfBounds = writes.flatMap((write) => {
      const why = refusal(write);
      return why && !exempted(write) ? [`${describeWrite(write)}: ${why}`] : [];
    });
    expect(outOfBounds).toEqual([]);
  });

  it('keeps no exemption nothing needs', () => {
    const used = new Set(writes.filter((write) => refusal(write) !== undefined).map(exempted));
    expect(exemptions.filter((exemption) => !used.has(exemption)).map((exemption) => exemption.files)).toEqual([]);
  });
});
