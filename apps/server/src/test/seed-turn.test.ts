import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDump } from './demo-dump-file.ts';
import { seedTurn } from './seed-turn.ts';

const dir = mkdtempSync(join(tmpdir(), 'erp-seed-turn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a day's demo seeded by one worker at a time", () => {
  it('lets one caller seed while another waits, then hands the waiting one the dump', async () => {
    const file = join(dir, 'demo-a.tar');
    const first = await seedTurn(file);
    expect('release' in first).toBe(true);
    let waited: Awaited<ReturnType<typeof seedTurn>> | undefined;
    const second = seedTurn(file).then((turn) => (waited = turn));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(waited).toBeUndefined();
    writeFileSync(file, 'seeded');
    if ('release' in first) await first.release();
    const turn = await second;
    expect('dump' in turn && (await turn.dump.text())).toBe('seeded');
  });

  it('hands over the dump a holder wrote and let go of between the read and the lock', async () => {
    const file = join(dir, 'demo-c.tar');
    let reads = 0;
    const turn = await seedTurn(file, async (path) => {
      reads += 1;
      // The first read misses; the holder then writes the dump and has no lock left to take.
      if (reads === 1) {
        writeFileSync(path, 'seeded');
        return undefined;
      }
      return readDump(path);
    });
    expect('dump' in turn && (await turn.dump.text())).toBe('seeded');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('takes over the lock of a holder that died, and one left by a run long gone whatever its pid', async () => {
    const file = join(dir, 'demo-b.tar');
    // No process has this id (above the kernel's pid_max).
    writeFileSync(`${file}.lock`, '4194305');
    const turn = await seedTurn(file);
    expect('release' in turn).toBe(true);
    if ('release' in turn) await turn.release();
    // A live pid (this very process), in a lock written eleven minutes ago.
    const lock = `${file}.lock`;
    writeFileSync(lock, String(process.pid));
    const old = (performance.timeOrigin + performance.now() - 11 * 60_000) / 1000;
    utimesSync(lock, old, old);
    expect('release' in (await seedTurn(file))).toBe(true);
  });
});
