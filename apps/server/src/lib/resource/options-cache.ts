import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SharedCache } from '../cluster/cache-bus.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a POST that changes no option list (login, verify-token). */
    readsOnly?: boolean;
  }
}

interface Entry {
  value: unknown;
  version: number;
  expiresAt: number;
}

/**
 * Option lists, read by every picker and written rarely, kept in memory. Any write request
 * to this server empties the cache when it starts and again before it answers, so no list
 * older than a write is served after it; a write answered by another process reaches this one
 * through the cache bus (`options`, see `register`), and within `ttlMs` at worst.
 */
export class OptionsCache implements SharedCache {
  private version = 0;
  private readonly entries = new Map<string, Entry>();
  /** Sends `options` to the other processes after a write request (the app wires the bus in). */
  announce: (() => void) | undefined;
  private announcing: NodeJS.Timeout | undefined;

  constructor(
    private readonly ttlMs = 5_000,
    /** Whether the cache bus is listening; while it is not, every read goes to the database. */
    private readonly healthy: () => boolean = () => true,
    /**
     * Writes answered within this window share one notification. Each notification is a
     * transaction of its own whose commit takes PostgreSQL's notify-queue lock, so one per
     * invoice cost the posting rush a transaction per request for nothing: the others only
     * need to know that something changed since they last loaded.
     */
    private readonly announceWindowMs = 20,
  ) {}

  async get<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    if (!this.healthy()) return load();
    const entry = this.entries.get(key);
    if (entry && entry.version === this.version && entry.expiresAt > now) return entry.value as T;
    const version = this.version;
    const value = await load();
    // A write that started while this loaded makes the value suspect: answer it, keep it not.
    if (version === this.version) {
      if (this.entries.size >= 1_000) this.entries.clear();
      this.entries.set(key, { value, version, expiresAt: now + this.ttlMs });
    }
    return value;
  }

  invalidate(): void {
    this.version += 1;
    this.entries.clear();
  }

  changed(scope: string): void {
    if (scope === 'options') this.invalidate();
  }

  clear(): void {
    this.invalidate();
  }

  private scheduleAnnounce(): void {
    if (!this.announce || this.announcing) return;
    this.announcing = setTimeout(() => {
      this.announcing = undefined;
      this.announce?.();
    }, this.announceWindowMs);
    // A notification still pending at shutdown is covered by the others' time-to-live.
    this.announcing.unref();
  }

  /**
   * Every request that may write empties the cache before it runs and before it answers.
   * A POST that changes no option list (login, verify-token) says so with `config.readsOnly`.
   */
  register(app: FastifyInstance): void {
    const mayWrite = (request: FastifyRequest) =>
      !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && request.routeOptions.config?.readsOnly !== true;
    app.addHook('onRequest', (request, _reply, done) => {
      if (mayWrite(request)) this.invalidate();
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (mayWrite(request)) {
        this.invalidate();
        // Option lists come from any table, so no trigger names them: the answer of a write that
        // succeeded tells the other processes (after its commit; a refused one wrote nothing).
        if (reply.statusCode < 400) this.scheduleAnnounce();
      }
      done(null, payload);
    });
  }
}
