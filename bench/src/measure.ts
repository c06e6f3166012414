import autocannon from 'autocannon';

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests completed. */
  total: number;
}

export interface LoadOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A body per request (a varying document), instead of one `body` for all. */
  setupBody?: () => string;
  durationSeconds?: number;
  connections?: number;
}

/** autocannon: 10 s, 50 connections unless told otherwise. */
export async function load(name: string, url: string, options: LoadOptions = {}): Promise<Measurement> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(options.setupBody ? { requests: [{ setupRequest: (request) => ({ ...request, body: options.setupBody!() }) }] } : {}),
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 10),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** p95 by nearest rank (of 10 samples: the slowest). */
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)] ?? 0;

export async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
