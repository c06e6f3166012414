import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

/** The in-memory limiter (one process) keeps the rules of the shared one (auth.test.ts, scale-out.test.ts). */
describe('the in-memory login limiter', () => {
  const limits = { maxFailuresPerUsername: 3, maxFailuresPerIp: 100, windowMs: 60_000, knownMs: 600_000 };

  it("blocks a name failed too often from addresses it never signed in from, not from its own; the own address's failures block it there", () => {
    const limiter = new LoginLimiter(limits);
    const now = 1_000_000;
    limiter.recordSuccess('Admin', '10.0.0.1', now);
    for (let i = 0; i < 3; i++) limiter.recordFailure(`10.1.0.${i}`, 'admin', now);
    expect(limiter.isBlocked('10.2.0.1', 'ADMIN', now)).toBe(true);
    expect(limiter.isBlocked('10.0.0.1', 'admin', now)).toBe(false);
    for (let i = 0; i < 3; i++) limiter.recordFailure('10.0.0.1', 'admin', now);
    expect(limiter.isBlocked('10.0.0.1', 'admin', now)).toBe(true);
    // The windows pass: the failures are forgotten, and an address once known stops being known.
    expect(limiter.isBlocked('10.2.0.1', 'admin', now + limits.windowMs)).toBe(false);
    for (let i = 0; i < 3; i++) limiter.recordFailure(`10.3.0.${i}`, 'admin', now + limits.knownMs);
    expect(limiter.isBlocked('10.0.0.1', 'admin', now + limits.knownMs)).toBe(true);
  });
});
