#!/usr/bin/env node
// Refuses an unsupported Node.js before anything runs or touches the data directory.
// Imported first by start.mjs and erp.mjs, and run ahead of `npm test`. Written in plain
// JavaScript that every Node since 12 parses, so that an old runtime reaches the message.
export const minimumNode = [22, 12];

export function isSupportedNode(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > minimumNode[0] || (major === minimumNode[0] && minor >= minimumNode[1]);
}

if (!isSupportedNode(process.version)) {
  console.error(`Supplies ERP needs Node.js ${minimumNode.join('.')} or newer; this is ${process.version}.`);
  process.exit(1);
}
