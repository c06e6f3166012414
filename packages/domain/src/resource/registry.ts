import { canAccessRoute, type LayoutRoute } from '../access/routes.ts';
import { isReadOnlyRole, type Role } from '../access/roles.ts';
import { hasScope } from '../access/scopes.ts';
import { areasFold } from '../areas.ts';
import type { DocumentDefinition } from '../document/define-document.ts';
import type { FieldDeclaration, NamedValueFilterDeclaration, ResourceDeclaration } from './declaration.ts';

/** Every declared resource, folded from the areas (areas.ts). */
export const resources: readonly ResourceDeclaration[] = areasFold.resources;

/** Every declared document, folded from the areas: their reference fields (header and lines) open pickers too. */
export const documents: readonly DocumentDefinition[] = areasFold.documents;

/** The fields other areas add to a resource (define-area's `resourceFields`), after its own in forms and rows. */
export function contributedFieldsOf(name: string): readonly FieldDeclaration[] {
  return areasFold.resourceFields[name]?.fields ?? [];
}

/** The whole-number list filters other areas add to a resource (`?registrationExpiringWithin=30`). */
export function contributedFiltersOf(name: string): readonly NamedValueFilterDeclaration[] {
  return areasFold.resourceFields[name]?.valueFilters ?? [];
}

const withContributed = new WeakMap<ResourceDeclaration, ResourceDeclaration>();

/** The resource's declaration with the fields other areas add to it: what its form and list screen show. */
export function withContributedFields(declaration: ResourceDeclaration): ResourceDeclaration {
  const contributed = contributedFieldsOf(declaration.name);
  if (contributed.length === 0) return declaration;
  let extended = withContributed.get(declaration);
  if (!extended) {
    extended = { ...declaration, fields: [...declaration.fields, ...contributed] };
    withContributed.set(declaration, extended);
  }
  return extended;
}

export function resourceByName(name: string): ResourceDeclaration | undefined {
  return resources.find((r) => r.name === name);
}

const references = (fields: readonly FieldDeclaration[], name: string) => fields.some((f) => f.kind === 'reference' && f.reference === name);

/**
 * Screens whose pickers read a resource's options: its own, those of the resources and documents
 * whose fields (a document's lines included) reference it, and those declared (`optionsAlsoFor`,
 * and the areas' `optionRoutes`: a screen picking it without a declared field, such as a report's filter).
 */
// Declarations never change: each resource's routes are worked out once (every options request asks).
const optionsRoutes = new WeakMap<ResourceDeclaration, LayoutRoute[]>();

export function optionsRoutesOf(resource: ResourceDeclaration): LayoutRoute[] {
  const known = optionsRoutes.get(resource);
  if (known) return known;
  const routes = new Set<LayoutRoute>([resource.route, ...(resource.alsoFor ?? []), ...(resource.optionsAlsoFor ?? []), ...(areasFold.optionRoutes[resource.name] ?? [])]);
  for (const other of resources) if (references(other.fields, resource.name)) routes.add(other.route);
  for (const document of documents) if (references([...document.fields, ...document.lines.fields], resource.name)) routes.add(document.route);
  const list = [...routes];
  optionsRoutes.set(resource, list);
  return list;
}

/** A role may call a resource's API when it may open its screen (issue 2, API). */
export function canUseResource(role: Role, resource: ResourceDeclaration): boolean {
  return canAccessRoute(role, resource.route) || (resource.alsoFor ?? []).some((route) => canAccessRoute(role, route));
}

export function canReadOptions(role: Role, resource: ResourceDeclaration): boolean {
  return optionsRoutesOf(resource).some((route) => canAccessRoute(role, route));
}

/** Whether a user may create, change and delete a resource's rows (deletes also need `<name>:delete`). */
export function canWriteResource(role: Role, scopes: readonly string[] | undefined, resource: ResourceDeclaration): boolean {
  if (isReadOnlyRole(role) || !canUseResource(role, resource)) return false;
  return resource.writeScope === undefined || hasScope(role, scopes, resource.writeScope);
}
