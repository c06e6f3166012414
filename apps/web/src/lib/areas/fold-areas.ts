import type { AppRoute } from '@erp/domain';
import type { AreaPart, Screen } from './screen-map.ts';
import type { CreateEntry, DocumentLink, TabEntry, WebArea } from './web-area.ts';

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
  };
}
