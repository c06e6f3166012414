import { normalizeUsername } from '@erp/domain';

/**
 * Failed logins counted in memory, per IP, per username and per username from an IP, over a fixed
 * window. In memory is enough for one process; behind several processes each counts its own.
 *
 * A username's failures block it from addresses it never signed in from, not from those it did
 * (for `knownMs` after its last success there): anyone could otherwise keep any user, the admin
 * included, out by failing ten times every window. From a known address the user is blocked by
 * that address's own failures for the name, and by the address's failures overall.
 */
export interface LoginLimits {
  maxFailuresPerUsername: number;
  maxFailuresPerIp: number;
  windowMs: number;
  knownMs: number;
}

export const defaultLoginLimits: LoginLimits = { maxFailuresPerUsername: 10, maxFailuresPerIp: 30, windowMs: 15 * 60 * 1000, knownMs: 30 * 24 * 60 * 60 * 1000 };

interface Counter {
  failures: number;
  windowEndsAt: number;
}

/** Keyed on the same form the login looks the user up by, so no spelling of a name escapes its limit. */
/** The counters' keys, one set for the limiter in memory and the shared one (cluster/shared-login-limiter.ts). */
export const ipKey = (ip: string) => `ip:${ip}`;
export const userKey = (username: string) => `user:${normalizeUsername(username)}`;
/** A username from one address: its failures, and (`known:`) the address it signed in from. */
export const pairKey = (username: string, ip: string) => `pair:${normalizeUsername(username)}|${ip}`;
export const knownKey = (username: string, ip: string) => `known:${normalizeUsername(username)}|${ip}`;

export class LoginLimiter {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly limits: LoginLimits = defaultLoginLimits) {}

  isBlocked(ip: string, username: string, now = Date.now()): boolean {
    const { maxFailuresPerIp, maxFailuresPerUsername } = this.limits;
    if (this.failuresOf(ipKey(ip), now) >= maxFailuresPerIp || this.failuresOf(pairKey(username, ip), now) >= maxFailuresPerUsername) return true;
    return this.failuresOf(userKey(username), now) >= maxFailuresPerUsername && !this.isLive(knownKey(username, ip), now);
  }

  recordFailure(ip: string, username: string, now = Date.now()): void {
    this.bump(ipKey(ip), now);
    this.bump(pairKey(username, ip), now);
    this.bump(userKey(username), now);
    if (this.counters.size > 50_000) this.sweep(now);
  }

  /** A successful login clears its username's failures and marks the address known; the IP's stay, so one good account cannot shield guessing. */
  recordSuccess(username: string, ip: string, now = Date.now()): void {
    this.counters.delete(userKey(username));
    this.counters.delete(pairKey(username, ip));
    this.counters.set(knownKey(username, ip), { failures: 0, windowEndsAt: now + this.limits.knownMs });
  }

  private isLive(key: string, now: number): boolean {
    const counter = this.counters.get(key);
    return counter !== undefined && counter.windowEndsAt > now;
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
