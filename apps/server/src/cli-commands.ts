import { parseArgs } from 'node:util';
import { isRole, roles, userCreateSchema } from '@erp/domain';
import { randomPassword } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { assertBackupReadable, BackupError, backupDatabase, restoreDatabase } from './db/backup.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { withoutValues } from './lib/loggable-error.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import { insertUser, replacePasswordOf } from './modules/setup/setup.api.ts';
import { audit, type AuditActor } from './plugins/audit.ts';

const usage = `Usage: erp <command>
  migrate                                  apply pending migrations
  create-user --username U --role R --password P [--name N]
  reset-password --username U [--password P]   (a random password is printed when omitted)
  backup <file>                            write a consistent gzip'd dump of the whole database
  restore <file>                           replace every table's rows with the dump's (one transaction)
Roles: ${roles.join(', ')}
Environment: DATA_DIR (embedded database) or DATABASE_URL (PostgreSQL), as for the server.`;

/** Who the CLI's audit rows name: no user, from the command line. */
const cliActor: AuditActor = { actorUserId: null, realUserId: null, ip: 'cli' };

/** A refusal of the command line itself: printed as it is, exit code 2. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

/** Where the CLI writes: the console, or a test's buffers. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  /** An open database to use (and leave open) instead of the environment's. */
  database?: Database;
}

/**
 * Runs one command and answers its exit code: 0 done, 2 a bad command line, 1 a failure.
 * A failure is one line, never a stack trace nor a failed query's values (a backup's rows
 * hold password hashes and the token-signing key).
 */
export async function runCli(argv: readonly string[], output: CliOutput, options: CliOptions = {}): Promise<number> {
  try {
    await run(argv, output, options);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(error.message);
      return 2;
    }
    output.err(error instanceof BackupError ? error.message : withoutValues(error instanceof Error ? error.message : String(error)));
    return 1;
  }
}

async function run(argv: readonly string[], output: CliOutput, options: CliOptions): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
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
    output.out(usage);
    return;
  }
  if (command === 'restore' && file) await assertBackupReadable(file);
  const config = loadConfig(options.env ?? process.env, []);
  const database = options.database ?? (await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  try {
    const { db } = database;
    const migration = await migrate(db);
    const passwords = createPasswordHasher();
    switch (command) {
      case 'migrate':
        output.out(migration.applied.length ? `Applied ${migration.applied.join(', ')}` : 'Nothing to apply');
        output.out(`Schema version ${migration.version}`);
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
        const id = await db.transaction(async (tx) => {
          const inserted = await insertUser(tx, { ...fields, passwordHash: await passwords.hash(password) });
          await audit(tx, cliActor, { action: 'create', resource: 'users', recordId: inserted, after: { username: fields.username, role: fields.role } });
          return inserted;
        });
        output.out(`Created user ${fields.username} (${fields.role}) with id ${id}`);
        break;
      }
      case 'reset-password': {
        if (!values.username) fail('--username is required');
        const password = values.password ?? randomPassword();
        if (password.length < 8) fail('The password must be at least 8 characters');
        const hash = await passwords.hash(password);
        const updated = await db.transaction(async (tx) => {
          const id = await replacePasswordOf(tx, values.username!, hash);
          if (id !== undefined) await audit(tx, cliActor, { action: 'reset-password', resource: 'users', recordId: id });
          return id;
        });
        if (updated === undefined) fail(`No user ${values.username}`);
        output.out(values.password ? `Password of ${values.username} reset` : `New password of ${values.username}: ${password}`);
        break;
      }
      case 'backup': {
        if (!file) fail('backup needs a file name');
        const result = await backupDatabase(db, file);
        output.out(`Backed up ${result.rows} rows of ${result.tables} tables to ${file}`);
        break;
      }
      case 'restore': {
        if (!file) fail('restore needs a file name');
        const result = await restoreDatabase(db, file);
        output.out(`Restored ${result.rows} rows of ${result.tables} tables from ${file}`);
        break;
      }
      default:
        fail(`Unknown command ${command}\n${usage}`);
    }
  } finally {
    if (!options.database) await database.close();
  }
}

