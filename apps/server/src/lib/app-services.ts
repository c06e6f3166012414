import type { PublicCompany } from '@erp/domain';
import type { Database, Db } from '../db/client.ts';
import type { CacheBus } from './cluster/cache-bus.ts';
import type { ReplicaReads } from './cluster/replica.ts';
import type { LoginLimiting } from './cluster/shared-login-limiter.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { PasswordHasher } from './passwords.ts';
import type { OptionsCache } from './resource/options-cache.ts';
import type { SessionUserRecord } from './session-user.ts';
import type { TokenService } from './tokens.ts';
import type { TtlValue } from './ttl-value.ts';
import type { UserCache } from './user-cache.ts';
import type { RunningWorker } from './workers/running-worker.ts';

/**
 * The services every module reaches through `app.ctx`, but the areas' fold, which
 * app-context.ts adds (`AppContext`). Declared in lib so what lib hands them to (a resource
 * binding's hooks) needs no import of app-context.ts: the fold holds those bindings.
 */
export interface AppServices {
  database: Database;
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenService;
  /** Failed logins: shared through the database (login_failures) unless an app is built with `sharedLoginLimits: false`. */
  loginLimiter: LoginLimiting;
  /** Cache invalidation across processes (LISTEN/NOTIFY; lib/cluster/cache-bus.ts). */
  cacheBus: CacheBus;
  /** Where heavy reads go: the replica when DATABASE_REPLICA_URL is set and not lagging, else the primary. */
  reads: ReplicaReads;
  /** Set when the server starts closing: /api/ready answers 503 from then on. */
  lifecycle: { closing: boolean };
  userCache: UserCache<SessionUserRecord>;
  optionsCache: OptionsCache;
  /** Company name and logo URLs, read by every token verification. */
  company: TtlValue<PublicCompany>;
  /** The worker of the jobs table (lib/jobs): modules register their kinds on it. */
  jobs: JobRunner;
  /** The areas' own workers by name (lib/workers), created with the app. */
  workers: ReadonlyMap<string, RunningWorker>;
}
