import type { UserRecord } from '../modules/setup/users.repository.ts';

/**
 * User rows kept for a few seconds, so verifying a token does not read the database on
 * every request. Every user write in this process invalidates its entry at once; a change
 * made by another process (the CLI, a second server) is seen within `ttlMs`.
 */
export class UserCache {
  private readonly entries = new Map<number, { user: UserRecord | undefined; expiresAt: number }>();

  constructor(
    private readonly load: (id: number) => Promise<UserRecord | undefined>,
    private readonly ttlMs = 5_000,
  ) {}

  async get(id: number, now = Date.now()): Promise<UserRecord | undefined> {
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt > now) return entry.user;
    const user = await this.load(id);
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(id, { user, expiresAt: now + this.ttlMs });
    return user;
  }

  invalidate(id?: number): void {
    if (id === undefined) this.entries.clear();
    else this.entries.delete(id);
  }
}
