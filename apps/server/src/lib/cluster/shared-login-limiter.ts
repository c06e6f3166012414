import { sql } from 'drizzle-orm';
import { type Db, queryRows, textArray } from '../../db/client.ts';
import { defaultLoginLimits, ipKey, knownKey, type LoginLimits, pairKey, userKey } from '../login-limiter.ts';

/** What the login and the password change ask of a limiter: in memory (one process) or shared. */
export interface LoginLimiting {
  isBlocked(ip: string, username: string): boolean | Promise<boolean>;
  recordFailure(ip: string, username: string): void | Promise<void>;
  recordSuccess(username: string, ip: string): void | Promise<void>;
}

/**
 * Failed logins counted in the database (login_failures, 0029_scale_out.sql), so every
 * process counts the same failures and a restart forgets none: the same rules as the
 * in-memory LoginLimiter (per username and per IP, fixed windows, a success clears its
 * username's count), with the database's clock. Like it, a check and its count are two
 * statements: attempts already past the check when the limit is reached still count, so a
 * burst of N parallel guesses may exceed the limit by at most N - 1, once.
 */
export class SharedLoginLimiter implements LoginLimiting {
  private failuresSinceSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits = defaultLoginLimits,
  ) {}

  async isBlocked(ip: string, username: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`SELECT 1 FROM login_failures
          WHERE window_ends_at > now()
            AND ((key = ${ipKey(ip)} AND failures >= ${this.limits.maxFailuresPerIp}::int)
              OR (key = ${pairKey(username, ip)} AND failures >= ${this.limits.maxFailuresPerUsername}::int)
              OR (key = ${userKey(username)} AND failures >= ${this.limits.maxFailuresPerUsername}::int
                  AND NOT EXISTS (SELECT 1 FROM login_failures k WHERE k.key = ${knownKey(username, ip)} AND k.window_ends_at > now())))
          LIMIT 1`,
    );
    return rows.length > 0;
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    // Keys in one fixed order (sorted: 'ip:', 'pair:', 'user:'): two failures at once lock the rows alike, never crosswise.
    await this.db.execute(
      sql`INSERT INTO login_failures (key, failures, window_ends_at)
          SELECT key, 1, now() + make_interval(secs => ${this.limits.windowMs / 1000}::double precision)
          FROM unnest(${textArray([ipKey(ip), pairKey(username, ip), userKey(username)])}) AS key ORDER BY key
          ON CONFLICT (key) DO UPDATE SET
            failures = CASE WHEN login_failures.window_ends_at <= now() THEN 1 ELSE login_failures.failures + 1 END,
            window_ends_at = CASE WHEN login_failures.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE login_failures.window_ends_at END`,
    );
    // Now and then, windows long over are removed (the table holds only live counts).
    if (++this.failuresSinceSweep >= 1_000) {
      this.failuresSinceSweep = 0;
      await this.db.execute(sql`DELETE FROM login_failures WHERE window_ends_at < now()`);
    }
  }

  /** A successful login clears its username's failures and marks the address known (LoginLimiter); the IP's stay, so one good account cannot shield guessing. */
  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM login_failures WHERE key IN (${userKey(username)}, ${pairKey(username, ip)})`);
    await this.db.execute(
      sql`INSERT INTO login_failures (key, failures, window_ends_at)
          VALUES (${knownKey(username, ip)}, 0, now() + make_interval(secs => ${this.limits.knownMs / 1000}::double precision))
          ON CONFLICT (key) DO UPDATE SET window_ends_at = EXCLUDED.window_ends_at`,
    );
  }
}
