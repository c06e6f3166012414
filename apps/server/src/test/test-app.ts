import { randomBytes } from 'node:crypto';
import type { Role } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { bootstrap } from '../bootstrap.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { users } from '../db/schema/index.ts';
import { createPasswordHasher } from '../lib/passwords.ts';
import { createMigratedPostgresDatabase, openEmptyPglite, openMigratedPglite } from './template-database.ts';

/** Cheap Argon2id for tests only; production keeps the library's memory-hard defaults. */
export const testPasswordHashing = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const testAdminPassword = 'Admin@12345';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  adminToken: string;
  /** Creates an active user of that role and returns it with a main token. */
  userWithRole(role: Role, overrides?: { username?: string; password?: string; scopes?: string[] }): Promise<{ id: number; token: string; username: string }>;
  close(): Promise<void>;
}

/**
 * A fresh, empty database per call: in-memory PGlite as initdb leaves it (a copy of its cached
 * result), or, when DATABASE_URL is set, a new PostgreSQL database on that server, dropped on
 * close. For tests of migrating itself.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openEmptyPglite();
  return openPostgresCopy(serverUrl);
}

/**
 * A fresh database per call with every migration applied, copied from a template built once
 * (test/template-database.ts): what each test file starts from.
 */
export async function openMigratedTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openMigratedPglite();
  return openPostgresCopy(serverUrl, true);
}

async function openPostgresCopy(serverUrl: string, migrated = false): Promise<Database> {
  const name = `erp_test_${randomBytes(6).toString('hex')}`;
  if (migrated) {
    await createMigratedPostgresDatabase(serverUrl, name);
  } else {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  // A copy of the migrated template needs no migration (reading and checking the migrations cost
  // about 85 ms a file); a database the caller brought is migrated.
  const database = options.db ?? (await openMigratedTestDatabase());
  if (options.db) await migrate(database.db);
  const passwords = createPasswordHasher(testPasswordHashing);
  await bootstrap(database.db, passwords, testAdminPassword);
  const app = await buildApp({ passwordHashing: testPasswordHashing, ...options, db: database });
  await app.ready();
  const [admin] = await database.db.select({ id: users.id }).from(users).limit(1);
  let counter = 0;
  return {
    app,
    database,
    adminToken: app.ctx.tokens.signMain(admin!.id),
    async userWithRole(role, overrides = {}) {
      counter += 1;
      const username = overrides.username ?? `${role}${counter}`;
      const [row] = await database.db
        .insert(users)
        .values({
          name: `Test ${role} ${counter}`,
          username,
          role,
          passwordHash: await passwords.hash(overrides.password ?? 'Password@123'),
          scopes: overrides.scopes ?? [],
        })
        .returning({ id: users.id });
      return { id: row!.id, username, token: app.ctx.tokens.signMain(row!.id) };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
