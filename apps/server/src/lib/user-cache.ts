/**
 * User rows kept for a few seconds, so verifying a token does not read the database on
 * every request. Every user write in this process invalidates its entry at once (a
 * password change must end the old tokens at once); a change made by another process (the
 * CLI, a second server) is seen within `ttlMs`.
 */
export class UserCache<User> {
  private readonly entries = new Map<number, { user: User | undefined; expiresAt: number }>();
  /** Raised by every invalidation: a load that started before one must not store what it read. */
  private generation = 0;

  constructor(
    private readonly load: (id: number) => Promise<User | undefined>,
    private readonly ttlMs = 5_000,
  ) {}

  async get(id: number, now = Date.now()): Promise<User | undefined> {
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
}
