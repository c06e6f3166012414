import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A file or directory of a tarball, its data a view of the tarball's bytes. */
export interface Entry {
  /** Path inside the data directory, from the tarball. */
  name: string;
  directory: boolean;
  data: Uint8Array;
}

/** PGlite's dumps are plain ustar: 512-byte headers, octal sizes, data padded to 512. */
export function readTarball(tar: Uint8Array): Entry[] {
  const decoder = new TextDecoder();
  const text = (from: number, length: number) => {
    let end = from;
    while (end < from + length && tar[end] !== 0) end++;
    return decoder.decode(tar.subarray(from, end));
  };
  const entries: Entry[] = [];
  for (let offset = 0; offset + 512 <= tar.length && tar[offset] !== 0; ) {
    const prefix = text(offset + 345, 155);
    const name = prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100);
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const directory = tar[offset + 156] === 0x35; // typeflag '5'
    offset += 512;
    entries.push({ name, directory, data: tar.subarray(offset, offset + size) });
    offset += Math.ceil(size / 512) * 512;
  }
  if (entries.length === 0) throw new Error('not a PGlite data directory tarball');
  return entries;
}

/**
 * Writes a dump into `dataDir` (made afresh, private as the server makes it) as the files the
 * server opens on disk: the browser suite's demo, and the tests of what happens around an open
 * (a lock, a signal), which then do not wait for initdb and the migrations.
 */
export async function writeDataDir(dataDir: string, dump: Blob): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  const entries = readTarball(new Uint8Array(await dump.arrayBuffer()));
  const files = entries.filter((entry) => !entry.directory);
  // Each directory once; then the files 64 at a time, not one after another (1,000-2,000 of them),
  // nor all at once (a soft limit of 1,024 open files is common).
  const directories = new Set([dataDir, ...entries.map((entry) => join(dataDir, entry.directory ? entry.name : dirname(entry.name)))]);
  for (const directory of directories) await mkdir(directory, { recursive: true, mode: 0o700 });
  for (let from = 0; from < files.length; from += 64) {
    await Promise.all(files.slice(from, from + 64).map((entry) => writeFile(join(dataDir, entry.name), entry.data, { mode: 0o600 })));
  }
}
