import type { FbrEnvironment } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { AppServices } from '../../lib/app-services.ts';
import type { SharedCache } from '../../lib/cluster/cache-bus.ts';

export interface ReportingState {
  enabled: boolean;
  environment: FbrEnvironment;
}

/** Whether reporting is on, and the environment new submissions are for, as the table says. */
export async function readReportingState(executor: Executor): Promise<ReportingState> {
  const [row] = await queryRows<ReportingState>(executor, sql`SELECT enabled, environment FROM fbr_settings`);
  return row ?? { enabled: false, environment: 'sandbox' };
}

const ttlMs = 5_000;

/**
 * An app's cache of the state (issue 30, section 10: posting with reporting off costs no round
 * trip). A miss reads with the posting's own transaction, never the app's pool: on PGlite the one
 * connection is the transaction's until it ends, and a read beside it would wait for it forever.
 * The settings' trigger tells the other processes through the cache bus; with the bus down the
 * table answers every time.
 */
class ReportingStateCache implements SharedCache {
  private cached: { value: ReportingState; expiresAt: number } | undefined;
  /** Raised by every invalidation: a read that started before one must not store what it read. */
  private generation = 0;

  constructor(private readonly healthy: () => boolean) {}

  async get(executor: Executor): Promise<ReportingState> {
    if (!this.healthy()) return readReportingState(executor);
    const now = Date.now();
    if (this.cached && this.cached.expiresAt > now) return this.cached.value;
    const generation = this.generation;
    const value = await readReportingState(executor);
    if (generation === this.generation) this.cached = { value, expiresAt: now + ttlMs };
    return value;
  }

  invalidate(): void {
    this.generation += 1;
    this.cached = undefined;
  }

  changed(scope: string): void {
    if (scope === 'fbr-settings') this.invalidate();
  }

  clear(): void {
    this.invalidate();
  }
}

/**
 * The caches of the apps open in this process, the latest last: bound per app like the document
 * hooks (the hook is handed a transaction, not an app), created with the app's FBR worker and
 * taken away when it stops. Apps close in any order (a test may hold two): the latest still open
 * answers. None bound (the CLI, a script): each posting reads the table.
 */
const bound: ReportingStateCache[] = [];

export function bindReportingState(services: Pick<AppServices, 'cacheBus'>): () => void {
  const cache = new ReportingStateCache(() => services.cacheBus.healthy);
  services.cacheBus.add(cache);
  bound.push(cache);
  return () => {
    const index = bound.indexOf(cache);
    if (index >= 0) bound.splice(index, 1);
  };
}

export function reportingState(executor: Executor): Promise<ReportingState> {
  const cache = bound.at(-1);
  return cache ? cache.get(executor) : readReportingState(executor);
}

/** A PUT of this process changed the settings: the next posting reads them again. */
export function reportingStateChanged(): void {
  for (const cache of bound) cache.invalidate();
}
