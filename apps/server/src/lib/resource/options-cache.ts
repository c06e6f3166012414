import type { FastifyInstance, FastifyRequest } from 'fastify';

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
 * older than a write is served after it; writes by another process are seen within `ttlMs`.
 */
export class OptionsCache {
  private version = 0;
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs = 5_000) {}

  async get<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
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
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (mayWrite(request)) this.invalidate();
      done(null, payload);
    });
  }
}
