import type { AppRoute } from '@erp/domain';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

export type ScreenProps = { route: AppRoute; title: string };

/** A screen: its own chunk (spec section 2: a loading fallback shows while a screen loads). */
export type Screen = { component: LazyExoticComponent<ComponentType<ScreenProps>> };

/** The screens of one feature area, by route (its manifest's `screens`). */
export type ScreenMap = Partial<Record<AppRoute, Screen>>;

/** A screen from a module's named export: `lazyScreen(() => import('./x-screen.tsx'), 'XScreen')`. */
export function lazyScreen<Name extends string, Module extends Record<Name, ComponentType<ScreenProps> | ComponentType<Partial<ScreenProps>>>>(
  load: () => Promise<Module>,
  name: Name,
): Screen {
  return { component: lazy(() => load().then((module) => ({ default: module[name] as ComponentType<ScreenProps> }))) };
}

/** A part of a shared screen that an area adds (its fields on the settings screen), in its own chunk. */
export type AreaPart = { component: LazyExoticComponent<ComponentType> };

/** What an area shows of another area's document in its view (FBR's state of an invoice): given the document as read. */
export type DocumentPartProps = { document: Readonly<Record<string, unknown>> };
export type DocumentPart = { component: LazyExoticComponent<ComponentType<DocumentPartProps>> };

/** A document part from a module's named export: `lazyDocumentPart(() => import('./x-state.tsx'), 'XState')`. */
export function lazyDocumentPart<Name extends string, Module extends Record<Name, ComponentType<DocumentPartProps>>>(load: () => Promise<Module>, name: Name): DocumentPart {
  return { component: lazy(() => load().then((module) => ({ default: module[name] }))) };
}

/** What an area adds to each row of another area's resource list (FBR's check of a customer's registration): given the row. */
export type RowActionProps = { row: Readonly<Record<string, unknown>> };
export type RowActionPart = { component: LazyExoticComponent<ComponentType<RowActionProps>> };

/** A row action from a module's named export: `lazyRowAction(() => import('./x-action.tsx'), 'XAction')`. */
export function lazyRowAction<Name extends string, Module extends Record<Name, ComponentType<RowActionProps>>>(load: () => Promise<Module>, name: Name): RowActionPart {
  return { component: lazy(() => load().then((module) => ({ default: module[name] }))) };
}

/** A part from a module's named export: `lazyPart(() => import('./x-settings.tsx'), 'XSettings')`. */
export function lazyPart<Name extends string, Module extends Record<Name, ComponentType>>(load: () => Promise<Module>, name: Name): AreaPart {
  return { component: lazy(() => load().then((module) => ({ default: module[name] }))) };
}
