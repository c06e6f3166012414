import type { Database, Db } from './db/client.ts';
import type { JobRunner } from './lib/jobs/job-runner.ts';
import type { LoginLimiter } from './lib/login-limiter.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import type { TokenService } from './lib/tokens.ts';
import type { TtlValue } from './lib/ttl-value.ts';
import type { UserCache } from './lib/user-cache.ts';
import type { OptionsCache } from './lib/resource/options-cache.ts';
import type { PublicCompany } from '@erp/domain';
import type { ServerAreasFold } from './modules/module.ts';
import type { SessionUserRecord } from './modules/setup/users.repository.ts';

/** The services every module reaches through `app.ctx`. */
export interface AppContext {
  database: Database;
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenService;
  loginLimiter: LoginLimiter;
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
