#!/usr/bin/env node
// `npm run typecheck`: each workspace checked by `tsc -p --incremental`, its build info kept
// outside the clone ($TMPDIR/erp-typecheck-<uid>), as the test databases' dumps are: a clean clone of
// code this machine checked before (CI after a stop) re-checks only what changed. tsc keys a
// file's state by a hash of its text, not its time, and follows each file's imports into the
// domain's sources; `tsc -b` does not (it calls a project up to date when only the domain
// changed), so build mode is not used (docs/decisions/platform.md, "a seventh time").
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'bench'];
// Per user: another user's directory would refuse the copy, and its state is not ours to trust.
const kept = join(tmpdir(), `erp-typecheck-${userInfo().uid}`);
// Inside the clone, at the same place in every clone: the build info names files relative to itself.
const local = join(root, 'node_modules/.cache/erp-typecheck');
attempt(() => mkdirSync(kept, { recursive: true, mode: 0o700 }));
mkdirSync(local, { recursive: true });

let failed = false;
for (const project of projects) {
  const name = `${project.replaceAll('/', '-')}.tsbuildinfo`;
  const info = join(local, name);
  // The kept state only saves time: a copy that fails leaves tsc to check everything.
  attempt(() => existsSync(join(kept, name)) && copyFileSync(join(kept, name), info));
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', info], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
  // A tsc stopped by a signal may have written half of it. Whole or not at all: another clone may be reading it.
  if (run.status !== null && existsSync(info)) {
    const partial = join(kept, `${name}.${process.pid}.partial`);
    attempt(() => {
      copyFileSync(info, partial);
      renameSync(partial, join(kept, name));
    });
  }
}
process.exit(failed ? 1 : 0);

function attempt(step) {
  try {
    step();
  } catch (error) {
    console.warn(`typecheck: the kept state in ${kept} was not used (${error.message})`);
  }
}
