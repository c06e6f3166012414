import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) spent so far by the server process and by every PostgreSQL
 * process of the machine, read from /proc (Linux): where a load's time goes on the 2 cores,
 * server, database or load generator. Empty figures elsewhere.
 */
export interface CpuSample {
  serverMs: number;
  postgresMs: number;
  benchMs: number;
}

const tickMs = 10; // USER_HZ is 100 on Linux

function processMs(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * tickMs;
  } catch {
    return 0;
  }
}

function postgresMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processMs(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export function sampleCpu(serverPid: number | undefined): CpuSample {
  const own = process.cpuUsage();
  return { serverMs: serverPid ? processMs(String(serverPid)) : 0, postgresMs: postgresMs(), benchMs: (own.user + own.system) / 1000 };
}

/** CPU ms per request between two samples. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuSample {
  const per = (a: number, b: number) => Math.round(((b - a) / Math.max(requests, 1)) * 100) / 100;
  return { serverMs: per(before.serverMs, after.serverMs), postgresMs: per(before.postgresMs, after.postgresMs), benchMs: per(before.benchMs, after.benchMs) };
}

/** The machine's CPU ticks, busy and in all, over every core (/proc/stat's first line). */
export interface MachineTicks {
  busy: number;
  total: number;
}

export function machineTicks(): MachineTicks {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const values = fields.map(Number);
    const idle = values[3]! + values[4]!; // idle + iowait
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** The share of the machine's CPU (all cores) busy between two samples, in percent. */
export function busyPercent(before: MachineTicks, after: MachineTicks): number {
  const total = after.total - before.total;
  return total > 0 ? Math.round(((after.busy - before.busy) / total) * 100) : 0;
}
