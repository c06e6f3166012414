#!/usr/bin/env node
// `npm run erp -- <command>`: the admin CLI (migrate, create-user, reset-password, backup, restore).
import './check-node.mjs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/cli.ts'), ...process.argv.slice(2)], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
cli.on('exit', (code) => process.exit(code ?? 1));
