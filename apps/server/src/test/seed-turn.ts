import { rm, stat } from 'node:fs/promises';
import { createLockFile, isAlive, lockOwner } from '../db/lock-file.ts';
import { readDump } from './demo-dump-file.ts';

/**
 * A lock older than this is a dead run's whatever its pid says: a seed takes about half a minute,
 * and a killed run's pid may since belong to another process.
 */
const staleAfterMs = 10 * 60_000;

/** The machine's clock, which stamps files: the date check's runs shift the global Date by months. */
const realNow = () => performance.timeOrigin + performance.now();


/** Whether the process that wrote `lock` may still be seeding. */
async function holderRuns(lock: string): Promise<boolean> {
  const [owner, info] = await Promise.all([lockOwner(lock), stat(lock).catch(() => undefined)]);
  return owner !== undefined && info !== undefined && realNow() - info.mtimeMs <= staleAfterMs && isAlive(owner);
}

/**
 * Takes the day's seeding, or waits while another worker seeds it: two workers seeding the same
 * day each spent half a minute of a core on the same dump. Answers the dump when the other
 * worker wrote it, else a release to call once this one has. A dead holder's lock is taken over;
 * two waiters taking it over at once may both seed, which costs time only (the dump is renamed
 * into place whole).
 */
export async function seedTurn(
  file: string,
  read: (file: string) => Promise<Blob | undefined> = readDump,
): Promise<{ dump: Blob } | { release: () => Promise<void> }> {
  const lock = `${file}.lock`;
  for (;;) {
    const dump = await read(file);
    if (dump) return { dump };
    if (await createLockFile(lock)) {
      // The holder may have written the dump and let go between the read above and this lock.
      const written = await read(file);
      if (!written) return { release: () => rm(lock, { force: true }) };
      await rm(lock, { force: true });
      return { dump: written };
    }
    if (!(await holderRuns(lock))) await rm(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
