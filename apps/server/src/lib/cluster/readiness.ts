import type { AppServices } from '../app-services.ts';
import { migrationFiles, schemaVersion } from '../../db/migrate.ts';

/**
 * Why this process should not take requests now, or undefined: it is shutting down, the
 * database does not answer, or its schema is behind this code (a rolling upgrade's old
 * database). A load balancer's readiness check sends traffic elsewhere meanwhile.
 */
// The migrations this code ships: read once, the folder does not change while the process runs.
let latestMigration: Promise<string | undefined> | undefined;

export async function readinessProblem(ctx: Pick<AppServices, 'db' | 'lifecycle'>): Promise<string | undefined> {
  if (ctx.lifecycle.closing) return 'The server is shutting down';
  let version: string | null;
  try {
    version = await schemaVersion(ctx.db);
  } catch {
    return 'The database does not answer';
  }
  // Behind this code: not ready. Ahead of it (a newer process migrated during a rolling
  // upgrade): still ready, migrations are additive.
  const latest = await (latestMigration ??= migrationFiles().then((files) => files.at(-1)));
  if (latest !== undefined && (version === null || version < latest)) return 'The database schema is not up to date';
  return undefined;
}
