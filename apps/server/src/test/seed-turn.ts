import { link, readFile, rm, writeFile } from 'node:fs/promises';

/** The dump, once a file holds it. */
async function readDump(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote `lock` (its pid inside) still runs. */
async function holderRuns(lock: string): Promise<boolean> {
  const pid = Number(await readFile(lock, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates `lock` holding this process's id, or answers false when it exists. Linked into place
 * whole, so no reader ever sees it empty and takes it for a dead holder's.
 */
async function takeLock(lock: string): Promise<boolean> {
  const own = `${lock}.${process.pid}`;
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
 * worker wrote it, else a release to call once this one has (a holder that died leaves its lock
 * behind; the next caller takes it over).
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
