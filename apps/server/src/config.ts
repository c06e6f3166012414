import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica for heavy reads (reports, ledgers, the dashboard); optional. */
  databaseReplicaUrl: string | undefined;
  jwtSecret: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /**
   * Behind a reverse proxy, which X-Forwarded-For hops to believe (login limits count per IP):
   * false, a hop count, or the proxies' addresses / CIDR ranges. Never "every hop": a client
   * could then name any address it likes.
   */
  trustProxy: TrustProxy;
  demo: boolean;
  webDist: string | undefined;
}

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: empty, 0 or false trusts no proxy; a whole number N trusts N hops (1: one
 * proxy in front; `true` means 1 too); otherwise a comma-separated list of proxy addresses
 * or CIDR ranges (10.0.0.1,10.0.0.2 or 10.0.0.0/8), whose hops alone are believed.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 100) throw new Error(`TRUST_PROXY must be a hop count up to 100 or proxy addresses, not ${value}`);
    return hops;
  }
  const addresses = text.split(',').map((part) => part.trim()).filter(Boolean);
  for (const address of addresses) {
    if (!/^([0-9A-Fa-f:.]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(address)) {
      throw new Error(`TRUST_PROXY must be a hop count or comma-separated proxy addresses, not ${value}`);
    }
  }
  return addresses;
}

function portOf(value: string | undefined): number {
  const port = Number(value ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${value}`);
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv.slice(2)): ServerConfig {
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  return {
    port: portOf(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    jwtSecret,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    demo: argv.includes('--demo') || env.DEMO === '1' || env.DEMO === 'true',
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
  };
}

/** The TRUST_PROXY setting as Fastify's `trustProxy` option: a hop count becomes "the nearest N hops". */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return value === 0 ? false : (_address, hop) => hop < value;
  return value;
}
