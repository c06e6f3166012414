import type { SharedCache } from './cluster/cache-bus.ts';

/**
 * One value loaded on demand and kept for a few seconds; writers in this process invalidate
 * it at once, other processes through the cache bus (lib/cluster/cache-bus.ts, its `scope`).
 */
export class TtlValue<Value> implements SharedCache {
  private cached: { value: Value; expiresAt: number } | undefined;
  /** Raised by every invalidation: a load that started before one must not store what it read. */
  private generation = 0;

  constructor(
    private readonly load: () => Promise<Value>,
    private readonly ttlMs = 5_000,
    private readonly shared?: { scope: string; healthy(): boolean },
  ) {}

  async get(now = Date.now()): Promise<Value> {
    // The bus is down: changes elsewhere would go unheard, so the database answers.
    if (this.shared && !this.shared.healthy()) return this.load();
    if (this.cached && this.cached.expiresAt > now) return this.cached.value;
    const generation = this.generation;
    const value = await this.load();
    if (generation === this.generation) this.cached = { value, expiresAt: now + this.ttlMs };
    return value;
  }

  invalidate(): void {
    this.generation++;
    this.cached = undefined;
  }

  changed(scope: string): void {
    if (scope === this.shared?.scope) this.invalidate();
  }

  clear(): void {
    this.invalidate();
  }
}
