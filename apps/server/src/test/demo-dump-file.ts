import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Where the day's seeded demo is kept (demo-database.ts), in a module of its own: the browser
 * suite's start (restore-demo-data-dir.ts) finds it without importing the server.
 */

const sourceRoots = ['../', '../../../../packages/domain/src/'].map((path) => fileURLToPath(new URL(path, import.meta.url)));

async function sourceFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !entry.name.endsWith('.test.ts') && /\.(ts|sql|json|png)$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

async function demoHash(day: string): Promise<string> {
  const hash = createHash('sha256').update(`${day}\n`);
  for (const root of sourceRoots) {
    for (const file of await sourceFiles(root)) hash.update(`${relative(root, file)}\n`).update(await readFile(file)).update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

export const dumpDir = join(tmpdir(), 'erp-test-templates');
export const demoDumpFile = async (day: string) => join(dumpDir, `demo-${day}-${await demoHash(day)}.tar`);

/** The dump, once a file holds it. */
export async function readDump(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return undefined;
  }
}

/** Writes a dump where `readDump` finds it: whole, or not at all (another process may be reading it). */
export async function keepDump(file: string, dump: Blob): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

/** The day's seeded demo of this code when a run already seeded it, else undefined (nothing is seeded). */
export async function cachedDemoDump(day: string): Promise<Blob | undefined> {
  return readDump(await demoDumpFile(day));
}
