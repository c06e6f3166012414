#!/usr/bin/env node
// npm test's typecheck and lint, side by side: each is one process that keeps one core busy, and
// the suite's machine has two. Each one's output is printed whole when it ends, not interleaved.
import { spawn } from 'node:child_process';

const scripts = ['typecheck', 'lint'];
const children = new Set();

// Stopped itself (a CI timeout, Ctrl-C at a terminal that signals only this process), it stops
// the checks too rather than leave them running.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      children.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const verdict = code === 0 ? 'passed' : `failed (${signal ? `stopped by ${signal}` : `exit ${code}`})`;
      process.stdout.write(`> ${script}: ${verdict} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const passed = await Promise.all(scripts.map(run));
process.exit(passed.every(Boolean) ? 0 : 1);
