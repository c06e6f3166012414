import type { ProbeClient } from './probe-client.ts';
import type { FuzzResult } from './probe-fuzz.ts';
import type { Leak, RolePhaseResult } from './probe-roles.ts';
import type { RowScopePhaseResult } from './probe-row-scope.ts';

export interface ProbeFigures {
  roleLeaks: number;
  rowLeaks: number;
  serverErrors: number;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function printLeaks(title: string, leaks: readonly Leak[]): void {
  console.log(`\n${title}: ${leaks.length}`);
  for (const [kind, n] of countBy(leaks, (l) => l.kind)) console.log(`  ${kind.padEnd(28)} ${n}`);
  // One line per route and kind, naming who: the same hole seen by five roles is one finding.
  const grouped = new Map<string, { leak: Leak; who: string[] }>();
  for (const leak of leaks) {
    const key = `${leak.kind}|${leak.method} ${leak.route}|${leak.status}`;
    const group = grouped.get(key) ?? { leak, who: [] };
    if (!group.who.includes(leak.who)) group.who.push(leak.who);
    grouped.set(key, group);
  }
  for (const { leak, who } of grouped.values()) {
    console.log(`  - ${leak.status} ${leak.method} ${leak.route} [${leak.kind}] as ${who.join(', ')}${leak.detail ? ` (${leak.detail})` : ''}`);
  }
}

/** The summary table and every finding; returns the three figures the issue's note asks for. */
export function printReport(client: ProbeClient, roles: RolePhaseResult, rows: RowScopePhaseResult, fuzz: FuzzResult | undefined, seconds: number): ProbeFigures {
  const errors = client.serverErrors;
  console.log('\n=== Probe summary ===');
  console.log(`requests                      ${client.requests} in ${seconds.toFixed(0)} s`);
  console.log(`  role x endpoint             ${roles.requests}`);
  console.log(`  row scope                   ${rows.requests}`);
  console.log(`  fuzz                        ${fuzz?.requests ?? 0} over ${fuzz?.routes ?? 0} routes (${[...(fuzz?.byClass ?? [])].map(([c, n]) => `${c} ${n}`).join(', ')})`);
  console.log(`role x endpoint leaks         ${roles.leaks.length}`);
  console.log(`row-scope leaks               ${rows.leaks.length}`);
  console.log(`5xx                           ${errors.length} (fuzz ${errors.filter((e) => e.phase === 'fuzz').length})`);
  printLeaks('Role x endpoint leaks', roles.leaks);
  printLeaks('Row-scope leaks', rows.leaks);
  console.log(`\n5xx by route: ${errors.length}`);
  for (const [route, n] of countBy(errors, (e) => `${e.method} ${e.route}`)) console.log(`  ${String(n).padStart(4)}  ${route}`);
  for (const e of errors) console.log(`  - ${e.status} ${e.method} ${e.path} [${e.phase}] body: ${e.sent}`);
  if (roles.unmapped.size > 0) console.log(`\nNot judged (no line in probe-access.ts): ${[...roles.unmapped].join(', ')}`);
  if (roles.refusedWhereAllowed.length > 0) {
    console.log(`\nRefused (403) where the role table allows the screen (a scope or a stricter rule; review): ${roles.refusedWhereAllowed.length}`);
    for (const [route, n] of countBy(roles.refusedWhereAllowed, (l) => `${l.route} as ${l.who}`)) console.log(`  ${route}${n > 1 ? ` x${n}` : ''}`);
  }
  if (rows.sameAsAdmin.length > 0) console.log(`\nReports a region user reads exactly as the admin (company figures? review):\n  ${rows.sameAsAdmin.join('\n  ')}`);
  return { roleLeaks: roles.leaks.length, rowLeaks: rows.leaks.length, serverErrors: errors.length };
}
