import type { SharedCache } from './cluster/cache-bus.ts';

/**
 * User rows kept for a few seconds, so verifying a token does not read the database on
 * every request. Every user write in this process invalidates its entry at once (a
 * password change must end the old tokens at once); a change made by another process (the
 * CLI, a second server) arrives through the cache bus (`user:<id>`, sent by the users table's
 * trigger at commit), and within `ttlMs` at worst.
 */
export class UserCache<User> implements SharedCache {
  private readonly entries = new Map<number, { user: User | undefined; expiresAt: number }>();
  /** Raised by every invalidation: a load that started before one must not store what it read. */
  private generation = 0;

  constructor(
    private readonly load: (id: number) => Promise<User | undefined>,
    private readonly ttlMs = 5_000,
    /** Whether the cache bus is listening; while it is not, every read goes to the database. */
    private readonly healthy: () => boolean = () => true,
  ) {}

  async get(id: number, now = Date.now()): Promise<User | undefined> {
    if (!this.healthy()) return this.load(id);
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt > now) return entry.user;
    const generation = this.generation;
    const user = await this.load(id);
    if (generation === this.generation) {
      if (this.entries.size > 10_000) this.entries.clear();
      this.entries.set(id, { user, expiresAt: now + this.ttlMs });
    }
    return user;
  }

  invalidate(id?: number): void {
    this.generation++;
    if (id === undefined) this.entries.clear();
    else this.entries.delete(id);
  }

  changed(scope: string): void {
    if (!scope.startsWith('user:')) return;
    const id = Number(scope.slice('user:'.length));
    if (Number.isInteger(id)) this.invalidate(id);
  }

  clear(): void {
    this.invalidate();
  }
}
