import type { Database, Db } from './db/client.ts';
import type { JobRunner } from './lib/jobs/job-runner.ts';
import type { CacheBus } from './lib/cluster/cache-bus.ts';
import type { LoginLimiting } from './lib/cluster/shared-login-limiter.ts';
import type { ReplicaReads } from './lib/cluster/replica.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import type { TokenService } from './lib/tokens.ts';
import type { TtlValue } from './lib/ttl-value.ts';
import type { UserCache } from './lib/user-cache.ts';
import type { OptionsCache } from './lib/resource/options-cache.ts';
import type { PublicCompany } from '@erp/domain';
import type { SessionUserRecord } from './lib/session-user.ts';
import type { ServerAreasFold } from './modules/module.ts';

/** The services every module reaches through `app.ctx`. */
export interface AppContext {
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
  /** The areas served, folded once (modules/module.ts): their scopes, posting accounts, resources and documents. */
  areas: ServerAreasFold;
}

/** Who is calling: the acting user and, on an assumed session, the admin behind them. */
export interface AuthContext {
  user: SessionUserRecord;
  realUser?: SessionUserRecord;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The authenticated caller of a route guarded by `authenticate`. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('authOf called on a route without authenticate');
  return request.auth;
}
