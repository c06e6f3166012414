import { parseArgs } from 'node:util';
import { isRole, normalizeUsername, roles, userCreateSchema } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { randomPassword } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { backupDatabase, restoreDatabase } from './db/backup.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { auditLog, users } from './db/schema/index.ts';
import { createPasswordHasher } from './lib/passwords.ts';

const usage = `Usage: erp <command>
  migrate                                  apply pending migrations
  create-user --username U --role R --password P [--name N]
  reset-password --username U [--password P]   (a random password is printed when omitted)
  backup <file>                            write a consistent gzip'd dump of the whole database
  restore <file>                           replace every table's rows with the dump's (one transaction)
Roles: ${roles.join(', ')}
Environment: DATA_DIR (embedded database) or DATABASE_URL (PostgreSQL), as for the server.`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, file] = positionals;
  if (!command || values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig(process.env, []);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const { db } = database;
    const migration = await migrate(db);
    const passwords = createPasswordHasher();
    switch (command) {
      case 'migrate':
        console.log(migration.applied.length ? `Applied ${migration.applied.join(', ')}` : 'Nothing to apply');
        console.log(`Schema version ${migration.version}`);
        break;
      case 'create-user': {
        if (!values.role || !isRole(values.role)) fail(`--role must be one of ${roles.join(', ')}`);
        const parsed = userCreateSchema.safeParse({
          name: values.name ?? values.username,
          username: values.username,
          role: values.role,
          password: values.password,
        });
        if (!parsed.success) fail(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
        const { password, ...fields } = parsed.data;
        const [row] = await db.transaction(async (tx) => {
          const inserted = await tx.insert(users).values({ ...fields, passwordHash: await passwords.hash(password) }).returning({ id: users.id });
          await tx.insert(auditLog).values({ action: 'create', resource: 'users', recordId: String(inserted[0]!.id), after: { username: fields.username, role: fields.role }, ip: 'cli' });
          return inserted;
        });
        console.log(`Created user ${fields.username} (${fields.role}) with id ${row!.id}`);
        break;
      }
      case 'reset-password': {
        if (!values.username) fail('--username is required');
        const password = values.password ?? randomPassword();
        if (password.length < 8) fail('The password must be at least 8 characters');
        const hash = await passwords.hash(password);
        const updated = await db.transaction(async (tx) => {
          const rows = await tx
            .update(users)
            .set({ passwordHash: hash, passwordVersion: sql`${users.passwordVersion} + 1`, updatedAt: sql`now()` })
            .where(sql`lower(${users.username}) = ${normalizeUsername(values.username!)}`)
            .returning({ id: users.id });
          if (rows[0]) await tx.insert(auditLog).values({ action: 'reset-password', resource: 'users', recordId: String(rows[0].id), ip: 'cli' });
          return rows;
        });
        if (updated.length === 0) fail(`No user ${values.username}`);
        console.log(values.password ? `Password of ${values.username} reset` : `New password of ${values.username}: ${password}`);
        break;
      }
      case 'backup': {
        if (!file) fail('backup needs a file name');
        const result = await backupDatabase(db, file);
        console.log(`Backed up ${result.rows} rows of ${result.tables} tables to ${file}`);
        break;
      }
      case 'restore': {
        if (!file) fail('restore needs a file name');
        const result = await restoreDatabase(db, file);
        console.log(`Restored ${result.rows} rows of ${result.tables} tables from ${file}`);
        break;
      }
      default:
        fail(`Unknown command ${command}\n${usage}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

