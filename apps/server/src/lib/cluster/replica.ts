import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** Where a heavy read runs, and how old its data may be (`asOf`, only when read from a replica behind the primary). */
export interface ReadTarget {
  db: Db;
  /** The replica's last replayed commit (ISO), when the answer comes from a replica that is behind. */
  asOf?: string;
}

/**
 * Heavy reads (ledgers, statements, sales reports, aging, dashboard) on a streaming replica
 * (DATABASE_REPLICA_URL), whose pool is read-only, so nothing can write through it. Its lag
 * is measured at most every `checkEveryMs`; past `maxLagSeconds`, or unreachable, the reads
 * go to the primary until it catches up. Without a replica every read is the primary's.
 */
export class ReplicaReads {
  private checked: { at: number; target: ReadTarget } | undefined;

  constructor(
    private readonly primary: Db,
    private readonly replica?: Db,
    private readonly maxLagSeconds = 30,
    private readonly checkEveryMs = 5_000,
  ) {}

  get hasReplica(): boolean {
    return this.replica !== undefined;
  }

  async target(now = Date.now()): Promise<ReadTarget> {
    if (!this.replica) return { db: this.primary };
    if (this.checked && now - this.checked.at < this.checkEveryMs) return this.checked.target;
    const target = await this.measure(this.replica).catch((): ReadTarget => ({ db: this.primary }));
    this.checked = { at: now, target };
    return target;
  }

  private async measure(replica: Db): Promise<ReadTarget> {
    // Caught up (every WAL received is replayed) counts as no lag, however long ago the last commit was.
    const [row] = await queryRows<{ recovering: boolean; caughtUp: boolean | null; lag: string | null; asOf: string | null }>(
      replica,
      sql`SELECT pg_is_in_recovery() AS recovering,
                 pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AS "caughtUp",
                 extract(epoch FROM now() - pg_last_xact_replay_timestamp())::text AS lag,
                 to_char(pg_last_xact_replay_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "asOf"`,
    );
    if (!row || !row.recovering || row.caughtUp) return { db: replica };
    const lag = Number(row.lag ?? Number.POSITIVE_INFINITY);
    if (lag > this.maxLagSeconds) return { db: this.primary };
    return { db: replica, asOf: row.asOf ?? undefined };
  }
}

/**
 * Runs a heavy read where `reads` says. An answer read from a replica that is behind carries
 * `dataAsOf` (the replica's last replayed commit), which a screen shows as "as of".
 */
export async function heavyRead<T extends object>(reads: ReplicaReads, read: (db: Db) => Promise<T>): Promise<T & { dataAsOf?: string }> {
  const target = await reads.target();
  const answer = await read(target.db);
  return target.asOf ? { ...answer, dataAsOf: target.asOf } : answer;
}

/** The database a heavy export reads (no "as of" on a file: it is named by its own dates). */
export async function heavyReadDb(reads: ReplicaReads): Promise<Db> {
  return (await reads.target()).db;
}
