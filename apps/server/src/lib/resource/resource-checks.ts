import type { Executor } from '../../db/client.ts';
import { BadRequestError } from '../app-error.ts';
import { namedHooks } from '../named-hooks.ts';

/**
 * What another area checks of a resource's row before it is written (FBR: an item's FBR unit is
 * one its reference data knows): the row as it will be stored (a create's values, an update's
 * merged with the row before) and, on an update, the fields it changes (a check of a field the
 * update leaves alone should not refuse it: the row was accepted as it is); answering problems by
 * field; any problem is a 400 naming the field, and nothing is stored.
 */
export type ResourceCheck = (executor: Executor, row: Readonly<Record<string, unknown>>, changed: ReadonlySet<string> | null) => Promise<Partial<Record<string, string>>>;

/** What an area's manifest checks of other areas' resources, by resource name (`item-tax-facts`). */
export interface ResourceCheckDeclarations {
  resourceChecks?: Readonly<Record<string, ResourceCheck>>;
}

const bound = namedHooks<ResourceCheck>();

/** Binds the checks of `areas` (in their order); answers the function that restores those bound before. */
export const bindResourceChecks = (areas: readonly ResourceCheckDeclarations[]): (() => void) => bound.bind(areas, (area) => area.resourceChecks);

/** The resource names an area's checks name: the fold checks each is a resource it serves. */
export const checkedResourceNames = (area: ResourceCheckDeclarations): string[] => Object.keys(area.resourceChecks ?? {});

/** Every area's checks of `resource` over `row` (`changed`: an update's fields, null on a create); their problems together as one 400. */
export async function runResourceChecks(executor: Executor, resource: string, row: Readonly<Record<string, unknown>>, changed: ReadonlySet<string> | null = null): Promise<void> {
  const problems: Record<string, string> = {};
  for (const check of bound.of(resource)) {
    for (const [field, message] of Object.entries(await check(executor, row, changed))) if (message !== undefined) problems[field] ??= message;
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}
