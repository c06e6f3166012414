import type { AreaFold } from './fold-areas.ts';
import type { AppRoute } from '@erp/domain';
import type { CreateEntry, DocumentLink, ScreenTab, TabEntry } from './web-area.ts';

type Shared = Pick<AreaFold, 'documentLinks' | 'statusColours' | 'creates' | 'tabs' | 'settingsSections' | 'screenTabs' | 'documentParts' | 'rowActions' | 'lineNotes'>;

/**
 * What components and features read from the fold of the areas without importing `app/`
 * (the dependency runs app -> features -> components -> lib): `app/areas.ts` folds them,
 * `main.tsx` (and the tests' setup) installs the fold here once, before the first render.
 */
let installed: Shared = { documentLinks: {}, statusColours: {}, creates: {}, tabs: {}, settingsSections: [], screenTabs: {}, documentParts: {}, rowActions: {}, lineNotes: {} };

export function installAreas(fold: Shared): void {
  installed = fold;
}

/** Where a document of a type stamped on ledger rows opens, if an area gives it a screen. */
export function documentLinkOf(documentType: string): DocumentLink | undefined {
  return installed.documentLinks[documentType];
}

export function statusColourOf(status: string): string | undefined {
  return installed.statusColours[status];
}

/** The documents the areas let the command palette start. */
export function createEntries(): CreateEntry[] {
  return Object.values(installed.creates);
}

/** The screens' tabs the areas let the command palette go to. */
export function tabEntries(): TabEntry[] {
  return Object.values(installed.tabs);
}

/** The areas' fields of the settings screen, in the areas' order. */
export function settingsSections(): AreaFold['settingsSections'] {
  return installed.settingsSections;
}

/** The tabs other areas add to the screen of `route`, after its own. */
export function screenTabsOf(route: AppRoute): readonly ScreenTab[] {
  return installed.screenTabs[route] ?? [];
}

/** The parts other areas show in the views of document `name`, in the areas' order. */
export function documentPartsOf(name: string): AreaFold['documentParts'][string] {
  return installed.documentParts[name] ?? [];
}

/** The actions other areas add to each row of resource `name`'s list, in the areas' order. */
export function rowActionsOf(name: string): AreaFold['rowActions'][string] {
  return installed.rowActions[name] ?? [];
}

/** The notes other areas print under a line's item in the views of document `name`: each area's for `line`, in the areas' order. */
export function lineNotesOf(name: string, line: Readonly<Record<string, unknown>>): string[] {
  return (installed.lineNotes[name] ?? []).flatMap((note) => {
    const text = note(line);
    return text ? [text] : [];
  });
}
