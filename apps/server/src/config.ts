import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** Behind a reverse proxy, take the client address from X-Forwarded-For (login limits count per IP). */
  trustProxy: boolean;
  demo: boolean;
  webDist: string | undefined;
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
    jwtSecret,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    demo: argv.includes('--demo') || env.DEMO === '1' || env.DEMO === 'true',
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
  };
}
