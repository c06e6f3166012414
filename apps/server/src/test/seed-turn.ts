import { randomUUID } from 'node:crypto';
import { link, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';

/**
 * A lock older than this is a dead run's whatever its pid says: a seed takes about half a minute,
 * and a killed run's pid may since belong to another process.
 */
const staleAfterMs = 10 * 60_000;

/** The machine's clock, which stamps files: the date check's runs shift the global Date by months. */
const realNow = () => performance.timeOrigin + performance.now();

/** The dump, once a file holds it. */
async function readDump(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote `lock` (its pid inside) may still be seeding. */
async function holderRuns(lock: string): Promise<boolean> {
  const [text, info] = await Promise.all([readFile(lock, 'utf8').catch(() => ''), stat(lock).catch(() => undefined)]);
  const pid = Number(text);
  if (!info || realNow() - info.mtimeMs > staleAfterMs || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates `lock` holding this process's id, or answers false when it exists. Linked into place
 * whole, so no reader ever sees it empty and takes it for a dead holder's; the name it is written
 * under first is this caller's alone (Vitest's forks pool runs one worker per process, but a
 * threads pool would share the pid).
 */
async function takeLock(lock: string): Promise<boolean> {
  const own = `${lock}.${process.pid}.${threadId}.${randomUUID()}`;
  await writeFile(own, String(process.pid));
  try {
    await link(own, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(own, { force: true });
  }
}

/**
 * Takes the day's seeding, or waits while another worker seeds it: two workers seeding the same
 * day each spent half a minute of a core on the same dump. Answers the dump when the other
 * worker wrote it, else a release to call once this one has. A dead holder's lock is taken over;
 * two waiters taking it over at once may both seed, which costs time only (the dump is renamed
 * into place whole).
 */
export async function seedTurn(file: string): Promise<{ dump: Blob } | { release: () => Promise<void> }> {
  const lock = `${file}.lock`;
  for (;;) {
    const dump = await readDump(file);
    if (dump) return { dump };
    if (await takeLock(lock)) return { release: () => rm(lock, { force: true }) };
    if (!(await holderRuns(lock))) await rm(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
