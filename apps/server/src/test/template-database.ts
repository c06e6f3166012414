import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Db, openDatabase, pgliteExtensions } from '../db/client.ts';
import { dumpDir, keepDump, readDump } from './demo-dump-file.ts';
import { openPgliteSnapshot, snapshotOf, startPgliteSnapshot } from './pglite-snapshot.ts';
import { migrate, migrationFiles } from '../db/migrate.ts';
import * as schema from '../db/schema/index.ts';

/*
 * A migrated database is built once and copied for every test file, instead of each file
 * running every migration (seconds on PGlite, and more with every module). The template is
 * named after a hash of the migration files, so it is rebuilt exactly when one changes and
 * reused by later runs otherwise. Each test file still gets its own copy: nothing is shared
 * between files but the starting point.
 */

const migrationsDir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
/** Serialises building the PostgreSQL template across the test workers of every run. */
const templateLockKey = 4_242_101;

/** First 16 hex digits of a SHA-256 over every migration file's name and text. */
export async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of await migrationFiles()) {
    hash.update(`${name}\n`);
    hash.update(await readFile(join(migrationsDir, name)));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

// ---- PGlite: dumps of data directories, loaded into each new in-memory database.

let pgliteEmpty: Promise<Blob> | undefined;
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A data directory as PGlite's initdb leaves it, before any migration, as an uncompressed tar
 * cached per PGlite version. initdb takes 3.5-4 s of a core here, and eight test files open some
 * seventeen databases from nothing (the migrations' own tests, the prepared statements', the lock
 * and refused-server tests on disk).
 */
export function emptyPgliteDump(): Promise<Blob> {
  pgliteEmpty ??= (async () => {
    const file = join(dumpDir, `pglite-${await pgliteVersion()}-initdb.tar`);
    const cached = await readDump(file);
    if (cached) return cached;
    const builder = await PGlite.create({ extensions: pgliteExtensions });
    await builder.exec('CHECKPOINT');
    const dump = await builder.dumpDataDir('none');
    await builder.close();
    await keepDump(file, dump);
    return dump;
  })();
  return pgliteEmpty;
}

/**
 * The migrated PGlite data directory as an uncompressed tar, cached in the OS temp directory
 * per migrations hash and PGlite version. Test files run in separate processes: the first to
 * need a template builds it, and the file is renamed into place whole, so a process reading
 * it never sees half of one (two processes racing both build it; either result is right).
 */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const version = await pgliteVersion();
    for (;;) {
      const hash = await migrationsHash();
      const file = join(dumpDir, `pglite-${version}-${hash}.tar`);
      const cached = await readDump(file);
      if (cached) return cached;
      const builder = await startPgliteSnapshot(await snapshotOf('empty', emptyPgliteDump));
      await migrate(drizzle({ client: builder, schema }) as unknown as Db);
      // A copy then starts from a checkpoint instead of replaying the migrations' WAL.
      await builder.exec('CHECKPOINT');
      const dump = await builder.dumpDataDir('none');
      await builder.close();
      // A migration edited while this one was built: build again from the files as they are now.
      if ((await migrationsHash()) !== hash) continue;
      await keepDump(file, dump);
      // Dumps of older migrations or PGlite versions (40 MB each) go: a process about to read one
      // finds it missing and builds the current one instead.
      const kept = new Set([basename(file), `pglite-${version}-initdb.tar`]);
      for (const name of await readdir(dumpDir)) {
        if (name.startsWith('pglite-') && name.endsWith('.tar') && !kept.has(name)) await rm(join(dumpDir, name), { force: true });
      }
      return dump;
    }
  })();
  return pgliteTemplate;
}

/** A new in-memory database holding the dump `key` names (read and parsed once per process), as the server's client. */
export async function openPgliteDump(key: string, dump: () => Promise<Blob>): Promise<Database> {
  const client = await openPgliteSnapshot(await snapshotOf(key, dump));
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', location: 'memory://', close: () => client.close() };
}

/** A new in-memory PGlite database holding the migrated template. */
export const openMigratedPglite = () => openPgliteDump('migrated', migratedPgliteDump);

/** A new in-memory PGlite database as initdb leaves it: nothing migrated. */
export const openEmptyPglite = () => openPgliteDump('empty', emptyPgliteDump);

/** PGlite's own client on a new in-memory database as initdb leaves it, without our prepared statements. */
export async function startEmptyPglite(): Promise<PGlite> {
  return startPgliteSnapshot(await snapshotOf('empty', emptyPgliteDump));
}

async function pgliteVersion(): Promise<string> {
  // The package exports no package.json; it sits beside dist/.
  const manifest = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

// ---- PostgreSQL: a template database, copied with CREATE DATABASE ... TEMPLATE.

/**
 * Creates the database `name` as a copy of the migrated template on the server of
 * `serverUrl`. A template dropped between finding and copying it (a migration was edited
 * meanwhile) is looked up, or built, again.
 */
export async function createMigratedPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const template = await migratedPostgresTemplate(serverUrl);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== '3D000') throw error;
    } finally {
      await admin.end();
    }
  }
}

/**
 * The name of a migrated template database, creating it when missing. Built under a session
 * advisory lock, so parallel workers wait for one builder; built under a temporary name and
 * renamed when complete, so a crashed build is never used; marked as a template that allows
 * no connections, so nothing can change it or block its copying. Templates of older
 * migrations are dropped when a new one is built.
 */
export async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const hash = await migrationsHash();
    if (await databaseExists(admin, `erp_template_${hash}`)) return `erp_template_${hash}`;
    await admin.query('SELECT pg_advisory_lock($1)', [templateLockKey]);
    for (;;) {
      const name = `erp_template_${await migrationsHash()}`;
      if (await databaseExists(admin, name)) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await migrate(database.db);
      } finally {
        await database.close();
      }
      // A migration edited while this one was built: build again from the files as they are now.
      if (`erp_template_${await migrationsHash()}` !== name) continue;
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await dropOlderTemplates(admin, name);
      return name;
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await admin.end();
  }
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return rows.length > 0;
}

async function dropOlderTemplates(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname ~ '^erp_template_[0-9a-f]{16}$' AND datname <> $1",
    [keep],
  );
  for (const { datname } of rows) {
    // A run still copying from it keeps it: the drop is refused and tried again next time.
    await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
  }
}
