/**
 * What a heavy read (ledger, statements, aging, sales reports, plan progress, dashboard) says of
 * its data's time when the server has a reporting replica (issue 22): `dataAsOf` is the moment
 * the figures are true of (the replica's last replayed commit, or the read's own time when the
 * replica had caught up or the read fell back to the primary), `dataSource` where it was read.
 * Absent without a replica: every read is then live and a screen says nothing.
 */
export interface DataTime {
  dataAsOf?: string;
  /** `primary`: the replica lagged over 30 s (or did not answer), so the read was made on the primary. */
  dataSource?: 'replica' | 'primary';
}
