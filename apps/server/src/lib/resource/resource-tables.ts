import type { ResourceDeclaration } from '@erp/domain';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceBinding } from './resource-binding.ts';

/**
 * The resources the app serves, bound once from the areas' manifests before any route is
 * planned, so references can be joined and checked across areas. Process-wide: every app of
 * a process serves the same areas (a test may add one).
 */
const bound = new Map<string, ResourceBinding>();

export function bindResources(bindings: readonly ResourceBinding[]): void {
  for (const binding of bindings) bound.set(binding.declaration.name, binding);
}

/** Every bound resource's declaration. */
export function boundResources(): ResourceDeclaration[] {
  return [...bound.values()].map((binding) => binding.declaration);
}

export function boundResource(name: string): ResourceDeclaration | undefined {
  return bound.get(name)?.declaration;
}

export function bindingOfResource(name: string): ResourceBinding | undefined {
  return bound.get(name);
}

export function tableOfResource(name: string): PgTable {
  const binding = bound.get(name);
  if (!binding) throw new Error(`No table is bound to resource ${name}`);
  return binding.table;
}
