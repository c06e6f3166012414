import { loadConfig } from './config.ts';
import { DatabaseInUseError, openDatabase } from './db/client.ts';
import { createServerLogger } from './lib/loggable-error.ts';

const severalProcessesHint = 'Several server processes need PostgreSQL (DATABASE_URL): see docs/DEPLOYMENT.md.';

/** Starts the server: open the database, migrate, bootstrap (and the demo when asked), listen; stop cleanly on a signal. */
async function start(): Promise<void> {
  const config = loadConfig();
  // Errors are logged without the values of failed queries (lib/loggable-error.ts).
  const logger = createServerLogger(config.logLevel);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  logger.info({ database: database.kind, location: database.location }, 'database opened');
  // The rest of the server is loaded once the database is ours: a refused start says so at once.
  const [{ buildApp }, { bootstrap }, { migrate }, { demoPassword, seedDemo }, { createPasswordHasher }, { gracefulShutdown }] = await Promise.all([
    import('./app.ts'),
    import('./bootstrap.ts'),
    import('./db/migrate.ts'),
    import('./demo/seed-demo.ts'),
    import('./lib/passwords.ts'),
    import('./lib/cluster/shutdown.ts'),
  ]);
  const migration = await migrate(database.db);
  if (migration.applied.length > 0) logger.info({ applied: migration.applied }, 'migrations applied');

  const passwords = createPasswordHasher();
  const boot = await bootstrap(database.db, passwords, config.adminPassword);
  if (config.demo) {
    const demo = await seedDemo(database.db, passwords);
    if (demo.seeded) {
      console.log(`Demo company created. Sign in as any role id (admin, accountant, salesExecutive, ...) with the password ${demoPassword}`);
    } else {
      logger.info('the database already has data: demo not seeded');
    }
  }
  if (boot.generatedAdminPassword && !config.demo) {
    // Shown once, on the console only: it is not logged and cannot be read back.
    console.log(`\nFirst start: created the user "admin" with the password: ${boot.generatedAdminPassword}\nSign in and change it at /user/password.\n`);
  }

  // Read-only sessions: nothing can write through the replica, whatever a query says.
  const replica = config.databaseReplicaUrl ? await openDatabase({ databaseUrl: config.databaseReplicaUrl, readOnly: true }) : undefined;
  if (replica) logger.info({ replica: replica.location }, 'replica opened for heavy reads');

  const app = await buildApp({
    db: database,
    replica,
    // Benchmark switches (bench/src/cluster.ts): what invalidation and the shared limiter cost.
    cacheBus: { off: process.env.ERP_CACHE_BUS === 'off' },
    sharedLoginLimits: process.env.ERP_LOGIN_LIMITS !== 'memory',
    keepStatistics: true,
    logger,
    jwtSecret: config.jwtSecret,
    trustProxy: config.trustProxy,
    webDist: config.webDist ?? new URL('../../web/dist', import.meta.url).pathname,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      // /api/ready answers 503 first (for SHUTDOWN_DRAIN_SECONDS), then Fastify waits for the requests in flight
      // and the jobs worker hands its job back.
      const drainMs = (Number(process.env.SHUTDOWN_DRAIN_SECONDS) || 0) * 1000;
      await gracefulShutdown(app, new Promise((resolve) => setTimeout(resolve, drainMs)));
      await replica?.close();
      // Closing PGlite flushes its files; without it the last writes could be lost.
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a terminal's Ctrl+C reaches this process and scripts/start.mjs, which passes
  // it on, so a second SIGINT arrives while the first closes PGlite; it must not kill the process.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`ERP server listening on http://${shownHost}:${config.port}`);
}

start().catch((error: unknown) => {
  // A second process on the same embedded database is an operator's mistake: say so plainly.
  console.error(error instanceof DatabaseInUseError ? `${error.message}\n${severalProcessesHint}` : error);
  process.exit(1);
});
