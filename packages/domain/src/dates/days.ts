// Days (`YYYY-MM-DD`) shared by every area: expiry windows, rental periods, order horizons,
// venture statements.

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days));
  return moved.toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier; rentals' `daysBetween` counts both ends). */
export function daysFromTo(from: string, to: string): number {
  const day = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/**
 * What a form says under an expiry date (a licence's, a registration's) at most `withinDays`
 * ahead: "expires in 12 days", "expires today", "expired 3 days ago"; nothing further ahead.
 */
export function expiryHint(expiry: string | null | undefined, today: string, withinDays: number): string | undefined {
  if (!expiry || !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) return undefined;
  const days = daysFromTo(today, expiry);
  if (days > withinDays) return undefined;
  if (days < 0) return `expired ${-days} day${days === -1 ? '' : 's'} ago`;
  return days === 0 ? 'expires today' : `expires in ${days} day${days === 1 ? '' : 's'}`;
}
