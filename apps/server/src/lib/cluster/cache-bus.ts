import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, queryRows } from '../../db/client.ts';

/** What a cache tells the bus it can do: drop one key of a scope, or everything. */
export interface SharedCache {
  /** A scope's change arrived (`user:12`, `company`, `options`); the cache drops what it concerns. */
  changed(scope: string): void;
  /** Notifications may have been missed: drop everything. */
  clear(): void;
}

export interface CacheBusOptions {
  db: Db;
  /**
   * The PostgreSQL URL to LISTEN on, with a connection of its own (never the pool: a
   * transaction-mode pooler hands the pool's connections to other clients, and LISTEN with
   * them). Absent on PGlite: the data directory's lock makes this the only process.
   */
  listenUrl?: string;
  /** How often the version counter is compared (the backstop of missed notifications). */
  backstopMs?: number;
  /** Pause before listening again after the connection was lost. */
  reconnectMs?: number;
  log?: { warn(object: unknown, message: string): void; info?(object: unknown, message: string): void };
}

export const cacheChannel = 'erp_cache';
export const jobsChannel = 'erp_jobs';

/**
 * Cache invalidation across processes (docs/decisions/platform.md, "Scale-out"). Writes notify
 * `erp_cache` from their own transaction (0029_scale_out.sql's triggers; `notify` for what no trigger sees),
 * so a change reaches every process at its commit and a rolled-back one never. Each process
 * listens on a dedicated connection; while that connection is down `healthy` is false and the
 * caches read around themselves (straight from the database), and once it listens again
 * everything cached is dropped, since notifications sent meanwhile are lost. Every 30 s the
 * `cache_version` sequence is compared: moved without a notification seen, everything is dropped.
 */
export class CacheBus {
  private readonly caches: SharedCache[] = [];
  private readonly jobListeners: Array<() => void> = [];
  private client: pg.Client | undefined;
  private listening: boolean;
  private stopped = false;
  private backstopTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private lastVersion: string | undefined;
  /** Test and health hook: notifications received, reconnections made. */
  readonly stats = { notifications: 0, reconnections: 0, backstopDrops: 0 };
  private readonly waiters = new Set<{ match: (scope: string) => boolean; resolve: () => void }>();

  constructor(private readonly options: CacheBusOptions) {
    // Without a URL there is no other process to hear from: always healthy.
    this.listening = options.listenUrl === undefined;
  }

  /** The caches may be trusted: the listening connection is up (or there is no other process). */
  get healthy(): boolean {
    return this.listening;
  }

  /** The listener's backend pid (tests end it with pg_terminate_backend). */
  listenerPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  add(cache: SharedCache): void {
    this.caches.push(cache);
  }

  /**
   * Tells the other processes that `scope` changed, in a statement of its own (the options
   * cache, which no trigger covers, after a write's answer). Nothing without other processes.
   */
  notify(scope: string): void {
    if (this.options.listenUrl !== undefined) void this.options.db.execute(sql`SELECT pg_notify(${cacheChannel}, ${scope})`).catch(() => undefined);
  }

  /** Called when another process enqueued a job (the worker wakes instead of waiting its poll). */
  onJobQueued(listener: () => void): void {
    this.jobListeners.push(listener);
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.options.listenUrl !== undefined) await this.connect().catch(() => this.scheduleReconnect());
    this.lastVersion = await this.readVersion().catch(() => undefined);
    const backstopMs = this.options.backstopMs ?? 30_000;
    this.backstopTimer = setInterval(() => void this.checkVersion(), backstopMs);
    this.backstopTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.backstopTimer) clearInterval(this.backstopTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (this.options.listenUrl !== undefined) this.listening = false;
    await client?.end().catch(() => undefined);
  }

  /** Resolves when a notification whose scope matches arrives (tests: "B heard A's write"). */
  waitFor(match: (scope: string) => boolean): Promise<void> {
    return new Promise((resolve) => this.waiters.add({ match, resolve }));
  }

  /** Resolves once the listening connection is up again (tests of the reconnection). */
  async waitUntilHealthy(): Promise<void> {
    while (!this.healthy && !this.stopped) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Every cache dropped (re-listen, backstop, tests). */
  clearAll(): void {
    for (const cache of this.caches) cache.clear();
  }

  /** A change made in this process: its own caches drop it at once (its notification comes back later too). */
  dispatch(scope: string): void {
    this.stats.notifications++;
    for (const cache of this.caches) cache.changed(scope);
    for (const waiter of this.waiters) {
      if (waiter.match(scope)) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.listenUrl, application_name: 'erp-cache-listener' });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === jobsChannel) for (const listener of this.jobListeners) listener();
      else this.dispatch(message.payload ?? '');
    });
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${cacheChannel}`);
    await client.query(`LISTEN ${jobsChannel}`);
    if (this.stopped || this.client !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    // Whatever was written while no one listened is unknown: start from nothing.
    this.clearAll();
    this.listening = true;
    if (this.stats.reconnections > 0) this.options.log?.info?.({}, 'cache listener connected again');
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.options.log?.warn({}, 'cache listener lost its connection: reading around the caches until it is back');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.stats.reconnections++;
      this.connect().catch(() => {
        this.client?.end().catch(() => undefined);
        this.client = undefined;
        this.scheduleReconnect();
      });
    }, this.options.reconnectMs ?? 200);
    this.reconnectTimer.unref();
  }

  private async readVersion(): Promise<string> {
    const [row] = await queryRows<{ version: string }>(this.options.db, sql`SELECT last_value::text AS version FROM cache_version`);
    return String(row?.version ?? '0');
  }

  /** The backstop: the counter moved since the last check. */
  async checkVersion(): Promise<void> {
    let version: string;
    try {
      version = await this.readVersion();
    } catch {
      return;
    }
    // Moved at all: drop everything, even if notifications came (one of them may be missing).
    if (this.lastVersion !== undefined && version !== this.lastVersion) {
      this.stats.backstopDrops++;
      this.clearAll();
    }
    this.lastVersion = version;
  }
}
