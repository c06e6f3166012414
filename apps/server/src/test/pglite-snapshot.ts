import { MemoryFS, PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../db/client.ts';
import { withPreparedStatements } from '../db/pglite-prepared.ts';
import { type Entry, readTarball } from './tarball.ts';

/*
 * A PGlite data directory read once per process and written into each new in-memory database.
 * PGlite's own `loadDataDir` copies the tarball out of its Blob, untars it and writes each file,
 * for every database: half of the second a test file spent opening one (the template is 70 MB,
 * the seeded demo 110 MB). Here a process parses the tarball once; a new database's memory file
 * system starts with views of those files and copies a file when it first writes to it (so no
 * two databases share a written page), and PostgreSQL then finds a data directory and starts on
 * it as it would on disk.
 */

/** The data directory's mount point (PGlite's PGDATA, which it does not export). */
const pgData = '/pglite/data';

const pathOf = (entry: Entry) => `${pgData}/${entry.name}`.replace(/\/{2,}/g, '/').replace(/\/$/, '');

class SnapshotFS extends MemoryFS {
  constructor(private readonly entries: readonly Entry[]) {
    super();
  }

  override async initialSyncFs(): Promise<void> {
    const fs = (this.pg as unknown as { Module: { FS: EmscriptenFs } }).Module.FS;
    const made = new Set<string>();
    const directory = (path: string) => {
      if (made.has(path)) return;
      if (!fs.analyzePath(path).exists) fs.mkdirTree(path);
      made.add(path);
    };
    // Each file starts as a view of the parsed dump (`canOwn`), shared by every database of the
    // process; the first write to a file copies it (below), so no database sees another's pages.
    const shared = new WeakMap<MemfsNode, Uint8Array>();
    for (const entry of this.entries) {
      const path = pathOf(entry);
      if (entry.directory) directory(path);
      else {
        directory(path.slice(0, path.lastIndexOf('/')));
        fs.writeFile(path, entry.data, { canOwn: true });
        const { node } = fs.lookupPath(path);
        if (node.contents) shared.set(node, node.contents);
      }
    }
    const file = this.entries.find((entry) => !entry.directory);
    if (!file) return;
    // MEMFS writes into a file's array in place when it is large enough: for a view of the dump,
    // that is the copy's cue. Every file of this database's MEMFS shares these stream operations.
    const streamOps = fs.lookupPath(pathOf(file)).node.stream_ops;
    const write = streamOps.write;
    streamOps.write = function (stream, ...rest) {
      const node = stream.node;
      const view = shared.get(node);
      if (view) {
        if (node.contents === view) node.contents = view.slice(0, node.usedBytes);
        shared.delete(node);
      }
      return write.call(this, stream, ...rest);
    };
  }
}

/** MEMFS's file node, as far as this file touches it. */
interface MemfsNode {
  contents: Uint8Array | null;
  usedBytes: number;
  stream_ops: { write: (this: unknown, stream: { node: MemfsNode }, ...rest: unknown[]) => number };
}

interface EmscriptenFs {
  analyzePath(path: string): { exists: boolean };
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array, options?: { canOwn?: boolean }): void;
  lookupPath(path: string): { node: MemfsNode };
}

/**
 * A test database's buffer pool. PostgreSQL zeroes the whole pool at every start: at initdb's
 * 128 MB that memset was half of a test database's open (0.65 s of the open; 0.35 s at 32 MB,
 * 8 opens each, alternated). Its pages live in memory anyway (MEMFS), so a page the smaller pool
 * drops costs a copy, not a read from disk.
 */
const testSharedBuffers = '32MB';

/** A new in-memory PGlite database holding a copy of the parsed data directory, as the server's client (statements prepared). */
export async function openPgliteSnapshot(entries: readonly Entry[]): Promise<PGlite> {
  return withPreparedStatements(await startPgliteSnapshot(entries));
}

/** The same database with PGlite's own client. */
export function startPgliteSnapshot(entries: readonly Entry[]): Promise<PGlite> {
  return PGlite.create({
    fs: new SnapshotFS(entries),
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${testSharedBuffers}`],
  });
}

/** A parsed dump, read from its Blob once per process and key. */
const parsed = new Map<string, Promise<Entry[]>>();

export function snapshotOf(key: string, dump: () => Promise<Blob>): Promise<Entry[]> {
  let entries = parsed.get(key);
  if (!entries) {
    entries = dump().then(async (blob) => readTarball(new Uint8Array(await blob.arrayBuffer())));
    parsed.set(key, entries);
    // A failed read is not cached: the next file tries again.
    entries.catch(() => parsed.delete(key));
  }
  return entries;
}
