/** One value loaded on demand and kept for a few seconds; writers in this process invalidate it at once. */
export class TtlValue<Value> {
  private cached: { value: Value; expiresAt: number } | undefined;

  constructor(
    private readonly load: () => Promise<Value>,
    private readonly ttlMs = 5_000,
  ) {}

  async get(now = Date.now()): Promise<Value> {
    if (this.cached && this.cached.expiresAt > now) return this.cached.value;
    const value = await this.load();
    this.cached = { value, expiresAt: now + this.ttlMs };
    return value;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
