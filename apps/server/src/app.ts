import { existsSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { messages } from '@erp/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import type { AppContext } from './app-context.ts';
import { areas as shippedAreas } from './areas.ts';
import { loadOrCreateSecret } from './bootstrap.ts';
import { fastifyTrustProxy, type TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { JobRunner } from './lib/jobs/job-runner.ts';
import { tableStatisticsJob, tableStatisticsSchedule } from './lib/jobs/table-statistics.ts';
import { CacheBus } from './lib/cluster/cache-bus.ts';
import { ReplicaReads } from './lib/cluster/replica.ts';
import { SharedLoginLimiter } from './lib/cluster/shared-login-limiter.ts';
import { defaultLoginLimits, LoginLimiter, type LoginLimits } from './lib/login-limiter.ts';
import { registerApiDocs } from './lib/openapi.ts';
import { createPasswordHasher, type PasswordHashingOptions } from './lib/passwords.ts';
import { createTokenService } from './lib/tokens.ts';
import { TtlValue } from './lib/ttl-value.ts';
import { UserCache } from './lib/user-cache.ts';
import { OptionsCache } from './lib/resource/options-cache.ts';
import { bindResources } from './lib/resource/resource-tables.ts';
import { bindDocumentHooks } from './lib/document/document-hooks.ts';
import { bindPaymentTargets } from './lib/payment-targets.ts';
import { bindPrintAdditions } from './lib/print/print-additions.ts';
import { bindResourceChecks } from './lib/resource/resource-checks.ts';
import { bindResourceFields } from './lib/resource/resource-fields.ts';
import { registerSearchRoutes } from './lib/search/search.routes.ts';
import { readPublicCompany } from './modules/setup/settings.repository.ts';
import type { ServerArea } from './lib/server-area.ts';
import { apiPrefix, areaPlugin, foldServerAreas } from './modules/module.ts';
import { findSessionUser } from './modules/setup/users.repository.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerRequestInput } from './plugins/request-input.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

export interface BuildAppOptions {
  db: Database;
  /** A pino logger, or Fastify's logger options; false (the default) logs nothing. */
  logger?: Logger | FastifyServerOptions['logger'];
  /** The built web app (apps/web/dist): served with a fallback to index.html for the browser's routes. */
  webDist?: string;
  jwtSecret?: string;
  passwordHashing?: PasswordHashingOptions;
  loginLimits?: LoginLimits;
  /** Count failed logins in the database, shared by every process (default true); false: in this process's memory (benchmarks). */
  sharedLoginLimits?: boolean;
  /** The cache bus's backstop period and reconnection pause (tests shorten them); `off` hears no other process (benchmarks only). */
  cacheBus?: { backstopMs?: number; reconnectMs?: number; off?: boolean };
  /** A read-only replica for heavy reads (DATABASE_REPLICA_URL); reads fall back to the primary when it lags. */
  replica?: Database;
  /** A hop count or the proxies' addresses (config.ts, TRUST_PROXY); never "every hop". */
  trustProxy?: TrustProxy;
  /** Run the jobs worker in the background (default true); tests drive it with `ctx.jobs.tick()` / `runUntilIdle()` instead. */
  startJobs?: boolean;
  /**
   * Analyse tables that changed where autovacuum does not (PGlite; PostgreSQL with it off):
   * the server started by main.ts does; tests, which count jobs, do not.
   */
  keepStatistics?: boolean;
  /** The areas served (default: areas.ts); a test adds a fixture area here. */
  areas?: readonly ServerArea[];
}

export const bodyLimitBytes = 2 * 1024 * 1024;

function isPinoLogger(value: unknown): value is Logger {
  return typeof value === 'object' && value !== null && typeof (value as Logger).child === 'function';
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(isPinoLogger(options.logger) ? { loggerInstance: options.logger as FastifyBaseLogger } : { logger: options.logger ?? false }),
    bodyLimit: bodyLimitBytes,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  });

  const db = options.db.db;
  const areas = foldServerAreas(options.areas ?? shippedAreas);
  // Before any route is planned: a resource joins those it references, maybe of an area registered after it.
  bindResources(areas.resourceBindings);
  // What areas hook onto each other's postings; the hooks bound before come back when this app closes.
  const unbindHooks = bindDocumentHooks(areas.areas);
  // What receipts and payments allocate to (invoices, bills, pay slips), likewise handed back on close.
  const unbindTargets = bindPaymentTargets(areas.areas);
  // What areas print on each other's documents (FBR's number on an invoice), likewise handed back on close.
  const unbindPrint = bindPrintAdditions(areas.areas);
  // What areas check of each other's resources' rows (FBR: an item's FBR unit), likewise.
  const unbindChecks = bindResourceChecks(areas.areas);
  // The fields areas add to each other's resources (the licences' on items), before their routes' schemas are derived; likewise.
  const unbindFields = bindResourceFields(areas.areas);
  // PGlite has no other process to hear from (its directory is locked): the bus only runs the backstop.
  const busOff = options.cacheBus?.off === true;
  const cacheBus = new CacheBus({ db, listenUrl: busOff ? undefined : options.db.url, ...options.cacheBus, log: app.log });
  const healthy = () => cacheBus.healthy;
  const limits = options.loginLimits ?? defaultLoginLimits;
  const context: AppContext = {
    database: options.db,
    db,
    passwords: createPasswordHasher(options.passwordHashing),
    tokens: createTokenService(options.jwtSecret ?? (await loadOrCreateSecret(db))),
    loginLimiter: options.sharedLoginLimits === false ? new LoginLimiter(limits) : new SharedLoginLimiter(db, limits),
    cacheBus,
    reads: new ReplicaReads(db, options.replica?.db),
    lifecycle: { closing: false },
    userCache: new UserCache((id) => findSessionUser(db, id), undefined, healthy),
    company: new TtlValue(() => readPublicCompany(db), undefined, { scope: 'company', healthy }),
    optionsCache: new OptionsCache(undefined, healthy),
    // PGlite's data directory is locked to this process: a job running at start-up is a crash's orphan.
    // JOB_LEASE_SECONDS: how long a dead process's job waits before another process takes it up.
    jobs: new JobRunner({ db, exclusive: options.db.kind === 'pglite', log: app.log, leaseSeconds: Number(process.env.JOB_LEASE_SECONDS) || undefined }),
    workers: new Map(),
    areas,
  };
  // Created once the services exist (a worker reads them), before any route can enqueue work for it.
  context.workers = new Map(areas.areas.flatMap((area) => area.workers ?? []).map((worker) => [worker.name, worker.create(context, app.log)]));
  for (const cache of [context.userCache, context.company, context.optionsCache]) cacheBus.add(cache);
  context.optionsCache.announce = () => cacheBus.notify('options');
  cacheBus.onJobQueued(() => context.jobs.wake());
  if (options.keepStatistics) {
    context.jobs.register(tableStatisticsJob(options.db.kind));
    context.jobs.schedule(tableStatisticsSchedule(options.db.kind));
  }
  app.decorate('ctx', context);
  app.decorateRequest('auth', null);

  registerSecurityHeaders(app);
  registerRequestInput(app);
  context.optionsCache.register(app);
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 10, parts: 12 } });

  registerErrorHandling(app);
  // Before the modules: the docs see every route registered after them.
  await registerApiDocs(app, [...areas.apiTags, { name: 'Search', description: 'The command palette across every area' }]);
  // Each area in its own encapsulated context: what it adds (hooks, decorations) stays its own.
  for (const area of areas.areas) await app.register(areaPlugin(area), { prefix: apiPrefix });
  // Across the areas: each type's row scope and route come from its own area's bindings.
  await app.register(async (api) => registerSearchRoutes(api), { prefix: apiPrefix });
  app.addHook('onReady', async () => cacheBus.start());
  if (options.startJobs !== false) {
    app.addHook('onReady', async () => {
      context.jobs.start();
      for (const worker of context.workers.values()) worker.start();
    });
  }
  // Readiness fails first, so a load balancer stops sending while requests in flight finish.
  app.addHook('preClose', async () => {
    context.lifecycle.closing = true;
  });
  // Before the database closes: the chunk in flight finishes and its job is handed back.
  app.addHook('onClose', async () => {
    await Promise.all([...context.workers.values()].map((worker) => worker.stop()));
    await context.jobs.stop();
    await cacheBus.stop();
    unbindHooks();
    unbindTargets();
    unbindPrint();
    unbindChecks();
    unbindFields();
  });
  await registerWebApp(app, options.webDist);
  return app;
}

/** Unknown /api paths answer the JSON envelope; other GETs fall back to the web app's index.html. */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      setHeaders(reply, path) {
        // Vite names built assets by content hash: they never change. index.html always revalidates.
        reply.header('cache-control', path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // `/` is the web root directory: the static plugin refuses a directory (index: false),
    // so the app shell is sent for it like for any other browser route.
    app.get('/', async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && path !== '/api' && !path.startsWith('/api/')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ status: 404, message: messages.notFound });
  });
}
