import type { DataTime } from '@erp/domain';
import { Typography } from 'antd';

const dayOf = (date: Date) => date.toLocaleDateString('en-GB');

/** "14:03" today, "25 Nov, 14:03" another day, in the browser's time zone. */
function whenOf(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return dayOf(at) === dayOf(now) ? time : `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time}`;
}

/**
 * The "as of" of a heavy read (issue 22): what the server's replica helper put on the answer
 * (DataTime), shown the same way on every screen that reads a report (ledger, statements,
 * aging, sales reports, plan progress, dashboard). Nothing without a replica (every read is
 * live) unless the screen has a time of its own to show (`at`, the dashboard's board time).
 */
export function DataAsOf({ read, at }: { read: DataTime | undefined; at?: string }) {
  const asOf = read?.dataAsOf ?? at;
  if (!asOf) return null;
  // The replica lagged past 30 s: the figures were read from the main database, hence current.
  const live = read?.dataSource === 'primary';
  return (
    <Typography.Text type="secondary" data-testid="as-of">
      Data as of {whenOf(asOf)}
      {live && ' (report copy behind, read live)'}
    </Typography.Text>
  );
}
