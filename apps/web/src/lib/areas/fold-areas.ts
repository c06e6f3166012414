import type { AppRoute } from '@erp/domain';
import type { AreaPart, DocumentPart, RowActionPart, Screen } from './screen-map.ts';
import type { CreateEntry, DocumentLink, LineNote, ScreenTab, TabEntry, WebArea } from './web-area.ts';

/** Every area's contributions, merged. */
export interface AreaFold {
  screens: Partial<Record<AppRoute, Screen>>;
  titles: Partial<Record<AppRoute, string>>;
  documentLinks: Readonly<Record<string, DocumentLink>>;
  statusColours: Readonly<Record<string, string>>;
  creates: Readonly<Record<string, CreateEntry>>;
  tabs: Readonly<Record<string, TabEntry>>;
  /** The areas' parts of the settings screen, in the areas' order. */
  settingsSections: ReadonlyArray<{ area: string } & AreaPart>;
  /** Tabs areas add to other areas' screens, by route, in the areas' order. */
  screenTabs: Partial<Record<AppRoute, readonly ScreenTab[]>>;
  /** Parts areas show in other areas' document views, by document name, in the areas' order. */
  documentParts: Readonly<Record<string, ReadonlyArray<{ area: string } & DocumentPart>>>;
  /** Actions areas add to other areas' resource lists' rows, by resource name, in the areas' order. */
  rowActions: Readonly<Record<string, ReadonlyArray<{ area: string } & RowActionPart>>>;
  /** Notes areas print under other areas' document lines, by document name, in the areas' order. */
  lineNotes: Readonly<Record<string, readonly LineNote[]>>;
}

/** The tabs every area adds to a screen, in the areas' order; a key two give is a mistake. */
function screenTabsOf(areas: readonly WebArea[]): AreaFold['screenTabs'] {
  const byRoute: Partial<Record<AppRoute, ScreenTab[]>> = {};
  for (const area of areas) {
    for (const [route, tabs] of Object.entries(area.screenTabs ?? {}) as [AppRoute, readonly ScreenTab[]][]) {
      const list = (byRoute[route] ??= []);
      for (const tab of tabs) {
        if (list.some((t) => t.key === tab.key)) throw new Error(`Tab ${tab.key} of ${route} is declared twice`);
        list.push(tab);
      }
    }
  }
  return byRoute;
}

/** Each area's parts by the name of what they are for (a document, a resource), in the areas' order, each named by its area. */
function byName<Part>(areas: readonly WebArea[], pick: (area: WebArea) => Readonly<Record<string, readonly Part[]>> | undefined): Record<string, Array<{ area: string } & Part>> {
  const named: Record<string, Array<{ area: string } & Part>> = {};
  for (const area of areas) {
    for (const [name, parts] of Object.entries(pick(area) ?? {})) (named[name] ??= []).push(...parts.map((part) => ({ area: area.name, ...part })));
  }
  return named;
}

/**
 * Merges entries of the areas into one record; a key two areas both give is a mistake (which
 * one would win depends on the list's order), so it throws at start-up. `same` lets a value
 * given twice alike pass (two areas may both colour `bounced` red).
 */
function merge<V>(what: string, parts: readonly [area: string, entries: Readonly<Record<string, V>> | undefined][], same?: (a: V, b: V) => boolean) {
  const merged: Record<string, V> = {};
  const owner: Record<string, string> = {};
  for (const [area, entries] of parts) {
    for (const [key, value] of Object.entries(entries ?? {})) {
      if (key in merged && !same?.(merged[key]!, value)) throw new Error(`${what} ${key} is declared by both ${owner[key]} and ${area}`);
      merged[key] = value;
      owner[key] = area;
    }
  }
  return merged;
}

export function foldAreas(areas: readonly WebArea[]): AreaFold {
  const names = areas.map((area) => area.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`Area ${twice} is listed twice`);
  const parts = <V>(pick: (area: WebArea) => Readonly<Record<string, V>> | undefined) => areas.map((area) => [area.name, pick(area)] as [string, Readonly<Record<string, V>> | undefined]);
  return {
    screens: merge('Route', parts((area) => area.screens as Record<string, Screen>)),
    titles: merge('Title of route', parts((area) => area.titles as Record<string, string> | undefined)),
    documentLinks: merge('Document type', parts((area) => area.documentLinks)),
    statusColours: merge('Colour of status', parts((area) => area.statusColours), (a, b) => a === b),
    creates: merge('Create entry', parts((area) => area.creates)),
    tabs: merge('Tab', parts((area) => area.tabs)),
    settingsSections: areas.flatMap((area) => (area.settings ? [{ area: area.name, ...area.settings }] : [])),
    screenTabs: screenTabsOf(areas),
    documentParts: byName(areas, (area) => area.documentParts),
    rowActions: byName(areas, (area) => area.rowActions),
    lineNotes: Object.fromEntries(
      [...new Set(areas.flatMap((area) => Object.keys(area.lineNotes ?? {})))].map((name) => [name, areas.flatMap((area) => (area.lineNotes?.[name] ? [area.lineNotes[name]] : []))]),
    ),
  };
}
