import type { DataTime } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * Where a heavy read runs, and, when the server has a replica, the time its data is true of
 * (`asOf`, ISO) and where it was read (`source`): the screen's "as of".
 */
export interface ReadTarget {
  db: Db;
  asOf?: string;
  source?: 'replica' | 'primary';
}

/** The replica's state at its last measure: caught up, behind by less than the limit (its last replayed commit), or not usable. */
type ReplicaState = { kind: 'caughtUp' } | { kind: 'behind'; asOf: string } | { kind: 'fallback' };

/**
 * Heavy reads (ledgers, statements, sales reports, aging, dashboard) on a streaming replica
 * (DATABASE_REPLICA_URL), whose pool is read-only, so nothing can write through it. Its lag
 * is measured at most every `checkEveryMs`; past `maxLagSeconds`, or unreachable, the reads
 * go to the primary until it catches up. Without a replica every read is the primary's.
 */
export class ReplicaReads {
  private checked: { at: number; state: ReplicaState } | undefined;
  /** The measure under way: requests arriving meanwhile wait for it rather than each asking the replica. */
  private measuring: Promise<ReplicaState> | undefined;

  constructor(
    private readonly primary: Db,
    private readonly replica?: Db,
    private readonly maxLagSeconds = 30,
    private readonly checkEveryMs = 5_000,
    /** A replica that does not answer the lag query in this time (a dropped network answers nothing, not an error) counts as down. */
    private readonly measureTimeoutMs = 2_000,
  ) {}

  get hasReplica(): boolean {
    return this.replica !== undefined;
  }

  async target(now = Date.now()): Promise<ReadTarget> {
    if (!this.replica) return { db: this.primary };
    if (!this.checked || now - this.checked.at >= this.checkEveryMs) {
      this.measuring ??= this.measureWithin(this.replica).finally(() => (this.measuring = undefined));
      this.checked = { at: now, state: await this.measuring };
    }
    const { state } = this.checked;
    // A caught-up replica and the primary hold what is committed now: the read's own time.
    const readAt = new Date(now).toISOString();
    if (state.kind === 'fallback') return { db: this.primary, source: 'primary', asOf: readAt };
    return { db: this.replica, source: 'replica', asOf: state.kind === 'behind' ? state.asOf : readAt };
  }

  private measureWithin(replica: Db): Promise<ReplicaState> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<ReplicaState>((resolve) => (timer = setTimeout(() => resolve({ kind: 'fallback' }), this.measureTimeoutMs)));
    const measured = this.measure(replica).catch((): ReplicaState => ({ kind: 'fallback' }));
    return Promise.race([measured, timedOut]).finally(() => clearTimeout(timer));
  }

  private async measure(replica: Db): Promise<ReplicaState> {
    // Caught up (every WAL received is replayed) counts as no lag, however long ago the last commit was.
    const [row] = await queryRows<{ recovering: boolean; caughtUp: boolean | null; lag: string | null; asOf: string | null }>(
      replica,
      sql`SELECT pg_is_in_recovery() AS recovering,
                 pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AS "caughtUp",
                 extract(epoch FROM now() - pg_last_xact_replay_timestamp())::text AS lag,
                 to_char(pg_last_xact_replay_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "asOf"`,
    );
    if (!row || !row.recovering || row.caughtUp) return { kind: 'caughtUp' };
    const lag = Number(row.lag ?? Number.POSITIVE_INFINITY);
    if (lag > this.maxLagSeconds || !row.asOf) return { kind: 'fallback' };
    return { kind: 'behind', asOf: row.asOf };
  }
}

/**
 * Runs a heavy read where `reads` says. With a replica, the answer carries `dataAsOf` and
 * `dataSource` (DataTime), which every such screen shows through one component (DataAsOf):
 * the one place a route's answer gets its "as of".
 */
export async function heavyRead<T extends object>(reads: ReplicaReads, read: (db: Db) => Promise<T>): Promise<T & DataTime> {
  const target = await reads.target();
  const answer = await read(target.db);
  return target.asOf ? { ...answer, dataAsOf: target.asOf, dataSource: target.source } : answer;
}

/** The database a heavy export reads (no "as of" on a file: it is named by its own dates). */
export async function heavyReadDb(reads: ReplicaReads): Promise<Db> {
  return (await reads.target()).db;
}
