/*
 * The server's calendar day, in a module of its own: general-ledger.ts answers it to the server,
 * and the browser suite's start (test/restore-demo-data-dir.ts) names the same day without
 * importing the server.
 */

/** The server's calendar day as `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
