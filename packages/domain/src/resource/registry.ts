import { canAccessRoute, type LayoutRoute } from '../access/routes.ts';
import { isReadOnlyRole, type Role } from '../access/roles.ts';
import { hasScope } from '../access/scopes.ts';
import { areasFold } from '../areas.ts';
import type { ResourceDeclaration } from './declaration.ts';

/** Every declared resource, folded from the areas (areas.ts). */
export const resources: readonly ResourceDeclaration[] = areasFold.resources;

export function resourceByName(name: string): ResourceDeclaration | undefined {
  return resources.find((r) => r.name === name);
}

/** Screens whose pickers read a resource's options: its own, those referencing it, and those declared (by it and by the areas). */
export function optionsRoutesOf(resource: ResourceDeclaration): LayoutRoute[] {
  const routes = new Set<LayoutRoute>([resource.route, ...(resource.optionsAlsoFor ?? []), ...(areasFold.optionRoutes[resource.name] ?? [])]);
  for (const other of resources) {
    if (other.fields.some((f) => f.kind === 'reference' && f.reference === resource.name)) routes.add(other.route);
  }
  return [...routes];
}

/** A role may call a resource's API when it may open its screen (issue 2, API). */
export function canUseResource(role: Role, resource: ResourceDeclaration): boolean {
  return canAccessRoute(role, resource.route);
}

export function canReadOptions(role: Role, resource: ResourceDeclaration): boolean {
  return optionsRoutesOf(resource).some((route) => canAccessRoute(role, route));
}

/** Whether a user may create, change and delete a resource's rows (deletes also need `<name>:delete`). */
export function canWriteResource(role: Role, scopes: readonly string[] | undefined, resource: ResourceDeclaration): boolean {
  if (isReadOnlyRole(role) || !canUseResource(role, resource)) return false;
  return resource.writeScope === undefined || hasScope(role, scopes, resource.writeScope);
}
