import type { SearchResult } from '@erp/domain';

/** How many records the palette's Recent group keeps. */
export const recentLimit = 10;

const keyOf = (userId: number) => `erp.palette.recent.${userId}`;

/** The records this user last opened from the palette, newest first (this browser's storage). */
export function readRecent(userId: number): SearchResult[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SearchResult[]).slice(0, recentLimit) : [];
  } catch {
    return [];
  }
}

export function rememberRecent(userId: number, record: SearchResult): void {
  const others = readRecent(userId).filter((r) => r.type !== record.type || r.id !== record.id);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify([record, ...others].slice(0, recentLimit)));
  } catch {
    // Storage full or unavailable (private mode): the Recent group stays as it was.
  }
}
