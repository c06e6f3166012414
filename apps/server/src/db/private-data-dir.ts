import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The embedded database's directory holds the company's books: only the server's user may
 * read or write it. PGlite (0.5) unpacks a new database's first files through Emscripten's
 * NODEFS, which chmods each to the mode in its archive (0666), whatever the process umask;
 * the files PostgreSQL creates afterwards are 0600. So the directory is made 0700 and every
 * file in it 0600 (directories 0700) once PGlite has opened it, on every open: a directory
 * made before this rule is corrected too, as PostgreSQL itself requires of its data directory.
 */
export async function createPrivateDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode as it was.
  await chmod(dataDir, 0o700);
}

/** Every file below the directory 0600 and every directory 0700; links are left alone (their targets are not the books'). */
export async function restrictDataDirFiles(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(path, 0o700);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}
