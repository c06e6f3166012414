import { normalizeUsername } from '@erp/domain';

/**
 * Failed logins counted in memory, per IP and per username, over a fixed window.
 * In memory is enough for one process; behind several processes each counts its own.
 */
export interface LoginLimits {
  maxFailuresPerUsername: number;
  maxFailuresPerIp: number;
  windowMs: number;
}

export const defaultLoginLimits: LoginLimits = { maxFailuresPerUsername: 10, maxFailuresPerIp: 30, windowMs: 15 * 60 * 1000 };

interface Counter {
  failures: number;
  windowEndsAt: number;
}

/** Keyed on the same form the login looks the user up by, so no spelling of a name escapes its limit. */
function userKey(username: string): string {
  return `user:${normalizeUsername(username)}`;
}

export class LoginLimiter {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly limits: LoginLimits = defaultLoginLimits) {}

  isBlocked(ip: string, username: string, now = Date.now()): boolean {
    return (
      this.failuresOf(`ip:${ip}`, now) >= this.limits.maxFailuresPerIp ||
      this.failuresOf(userKey(username), now) >= this.limits.maxFailuresPerUsername
    );
  }

  recordFailure(ip: string, username: string, now = Date.now()): void {
    this.bump(`ip:${ip}`, now);
    this.bump(userKey(username), now);
    if (this.counters.size > 50_000) this.sweep(now);
  }

  /** A successful login clears its username's failures; the IP's stay, so one good account cannot shield guessing. */
  recordSuccess(username: string): void {
    this.counters.delete(userKey(username));
  }

  private failuresOf(key: string, now: number): number {
    const counter = this.counters.get(key);
    if (!counter || counter.windowEndsAt <= now) return 0;
    return counter.failures;
  }

  private bump(key: string, now: number): void {
    const counter = this.counters.get(key);
    if (!counter || counter.windowEndsAt <= now) this.counters.set(key, { failures: 1, windowEndsAt: now + this.limits.windowMs });
    else counter.failures++;
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) if (counter.windowEndsAt <= now) this.counters.delete(key);
  }
}
