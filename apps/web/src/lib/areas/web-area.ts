import type { AppRoute, LayoutRoute } from '@erp/domain';
import type { AreaPart, DocumentPart, RowActionPart, ScreenMap } from './screen-map.ts';

/** Where a document opens, given its id (`components/document/document-address.ts` builds them). */
export interface DocumentLink {
  href(documentId: number): string;
}

/** A document the command palette's Create group starts: offered to roles that may write on `route`. */
export interface CreateEntry {
  label: string;
  route: LayoutRoute;
  href: string;
}

/**
 * A tab of a screen (or a view of one) the command palette goes to: the statements are tabs
 * of /accounting, not menu entries, and the spec fixes the menu. Offered to roles that may
 * open `route`; found by its label or any of `words` (P&L, TB).
 */
export interface TabEntry {
  label: string;
  route: AppRoute;
  href: string;
  words?: readonly string[];
}

/** A note under a document line's item, from the line's own values. */
export type LineNote = (line: Readonly<Record<string, unknown>>) => string | undefined;

/** A tab an area adds to another area's screen: its `?tab=` key, its label and its lazily loaded content. */
export interface ScreenTab extends AreaPart {
  key: string;
  label: string;
}

/**
 * What one web area adds to the app: `features/<area>/<area>.area.ts` exports one, and
 * `app/areas.ts` lists them. Nothing else is a shared list an area edits.
 *
 * Manifests are in the entry chunk the login page loads: they import no screen, API module or
 * document declaration (those would pull zod schemas in), only lazy screens and addresses.
 */
export interface WebArea<Screens extends ScreenMap = ScreenMap> {
  name: string;
  /** Route -> lazy screen. */
  screens: Screens;
  /** Titles of its routes that the menu does not list. */
  titles?: Partial<Record<AppRoute, string>>;
  /**
   * Where a ledger or statement row's source document opens, by the document type the server
   * stamps on the row.
   */
  documentLinks?: Readonly<Record<string, DocumentLink>>;
  /** Its screens' tabs the command palette goes to, by a key of the area's choosing. */
  tabs?: Readonly<Record<string, TabEntry>>;
  /**
   * Tabs it adds to another area's tabbed screen, by that screen's route: the screen shows them
   * after its own (`/accounting` takes sales' Sales tax return). Each tab's key is its `?tab=`.
   */
  screenTabs?: Partial<Record<AppRoute, readonly ScreenTab[]>>;
  /**
   * Parts it shows in another area's document views, by document name (`invoices`), under the
   * document's summary on screen and in print: FBR's number and QR code on an invoice.
   */
  documentParts?: Readonly<Record<string, readonly DocumentPart[]>>;
  /**
   * Notes it prints under each line's item in another area's document views, by document name,
   * given the line as the server answers it (the licences' "DRAP Reg. No. R-123" on an invoice
   * line); a line it has nothing for answers undefined.
   */
  lineNotes?: Readonly<Record<string, LineNote>>;
  /** Actions it adds to each row of another area's resource list, by resource name (`customers`; `inventory`: the lots of /inventory), after the list's own. */
  rowActions?: Readonly<Record<string, readonly RowActionPart[]>>;
  /** What the command palette offers to create, by document type. */
  creates?: Readonly<Record<string, CreateEntry>>;
  /** Tag colours (antd) of its documents' states beyond the shared draft / posted / cancelled. */
  statusColours?: Readonly<Record<string, string>>;
  /**
   * Its fields on the settings screen (`lazyPart`): the form items of its section of the company
   * settings (the domain's `settings` of its area), inside the screen's one form, in the areas' order.
   */
  settings?: AreaPart;
}

/** An area's manifest (typed: a route outside the route table, a misspelt key, fail to compile). */
export function defineArea<const Screens extends ScreenMap>(area: WebArea<Screens>): WebArea<Screens> {
  return area;
}

