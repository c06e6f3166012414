// The machine's ceilings in the same run as a posting bench, by 8 clients like the postings: a bare
// Fastify route, and one PostgreSQL transaction inserting one row per request (pg, no ORM). A
// posting's figure is read as its share of the second, which moves with the machine's load.
import { join } from 'node:path';
import { load, type Measurement } from './measure.ts';
import { root, startProcess, stopProcess } from './processes.ts';
import { recreatePostgresDatabase } from './seed-volume.ts';

export interface Ceilings {
  fixed: Measurement;
  /** Absent without PostgreSQL. */
  transaction?: Measurement;
}

export async function measureCeilings(options: { port: number; postgresServer?: string; database: string; seconds: number }): Promise<Ceilings> {
  const base = `http://127.0.0.1:${options.port}`;
  const postgres = options.postgresServer !== undefined && (await recreatePostgresDatabase(options.postgresServer, options.database));
  const env: Record<string, string> = { PORT: String(options.port), ...(postgres ? { DATABASE_URL: options.postgresServer!.replace(/\/[^/]*$/, `/${options.database}`) } : {}) };
  const server = await startProcess(join(root, 'bench/src/ceiling-server.ts'), env, `${base}/fixed`);
  try {
    const fixed = await load('bare Fastify', `${base}/fixed`, { connections: 8, durationSeconds: options.seconds });
    const transaction = postgres ? await load('one-row transactions', `${base}/tx`, { method: 'POST', connections: 8, durationSeconds: options.seconds }) : undefined;
    return { fixed, ...(transaction ? { transaction } : {}) };
  } finally {
    await stopProcess(server);
  }
}
