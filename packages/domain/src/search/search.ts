/**
 * The command palette's search (GET /api/search; docs/api/dashboard.md, "Search"). The palette and the
 * server read the query the same way: `#` narrows to document numbers, `@` to customers and
 * vendors; a whole document number (`INV-2026-000123`) takes the exact path.
 */

/** A document number as numbering writes it (`<prefix>-<year>-<6+ digits>`), any case. */
export const documentNumberPattern = /^[A-Za-z]{1,6}-\d{4}-\d{6,}$/;

/** The types `@` searches. */
export const partyTypes = ['customers', 'vendors'] as const;

/** Results per type unless `limit` says otherwise; the top 5. */
export const defaultSearchLimit = 5;

export interface SearchResult {
  /** The API resource name: `invoices`, `customers`, `vendors`, `items`... */
  type: string;
  id: number;
  code: string | null;
  title: string;
  subtitle: string;
  status: string | null;
  /** The screen address that opens the record. */
  route: string;
}

/** What the palette's input asks of the server: `#INV` documents by number, `@acme` parties, plain text everything. */
export interface ParsedSearch {
  text: string;
  scope: 'all' | 'documents' | 'parties';
}

export function parseSearchInput(input: string): ParsedSearch {
  const trimmed = input.trim();
  if (trimmed.startsWith('#')) return { text: trimmed.slice(1).trim(), scope: 'documents' };
  if (trimmed.startsWith('@')) return { text: trimmed.slice(1).trim(), scope: 'parties' };
  return { text: trimmed, scope: 'all' };
}
