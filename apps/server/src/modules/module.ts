import { foldAreas, type ResourceDeclaration } from '@erp/domain';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import { hookedDocumentNames } from '../lib/document/document-hooks.ts';
import { registerDocument } from '../lib/document/register-document.ts';
import { registerImportKind } from '../lib/import/register-import.ts';
import type { ApiTag } from '../lib/openapi.ts';
import { printedDocumentNames } from '../lib/print/print-additions.ts';
import { checkedResourceNames } from '../lib/resource/resource-checks.ts';
import { extendedResourceNames } from '../lib/resource/resource-fields.ts';
import { registerResource } from '../lib/resource/register-resource.ts';
import type { ResourceBinding } from '../lib/resource/resource-binding.ts';
import type { ServerArea, ServerAreasFold } from '../lib/server-area.ts';

/**
 * A resource served by the generic routes alone, from the table its name names in camel case
 * (`sub-categories`: `subCategories`) among an area's tables.
 */
export function genericResource(declaration: ResourceDeclaration, tables: Readonly<Record<string, unknown>>): ResourceBinding {
  const table = tables[declaration.name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())];
  if (!is(table, PgTable)) throw new Error(`No table for resource ${declaration.name}`);
  return { declaration, table };
}

/** The prefix every area's routes live under. */
export const apiPrefix = '/api';

function tablesOf(area: ServerArea): Set<unknown> {
  return new Set(Object.values(area.tables ?? {}).filter((value) => is(value, PgTable)));
}

/** What a manifest states twice must agree: its bindings are of its declaration, on its own tables. */
function checkArea(area: ServerArea): void {
  const tables = tablesOf(area);
  const declared = new Set([...(area.declaration?.resources ?? []), ...(area.declaration?.documents ?? [])].map((d) => d.name));
  const bound = [...(area.resources ?? []).map((r) => ({ name: r.declaration.name, table: r.table })), ...(area.documents ?? []).map((d) => ({ name: d.definition.name, table: d.table }))];
  for (const { name, table } of bound) {
    if (!declared.has(name)) throw new Error(`Area ${area.name} serves ${name}, which its declaration does not declare`);
    if (!tables.has(table)) throw new Error(`Area ${area.name} serves ${name} from a table that is not one of its tables`);
  }
}

export function foldServerAreas(areas: readonly ServerArea[]): ServerAreasFold {
  areas.forEach(checkArea);
  const resourceBindings = areas.flatMap((a) => a.resources ?? []);
  const documentBindings = areas.flatMap((a) => a.documents ?? []);
  // A hook (onPosted, beforePost, beforeCancel) or a print addition names a document some area of the fold serves.
  const served = new Set(documentBindings.map((binding) => binding.definition.name));
  const resources = new Set(resourceBindings.map((binding) => binding.declaration.name));
  for (const area of areas) {
    const unknown = [...hookedDocumentNames(area), ...printedDocumentNames(area)].find((name) => !served.has(name));
    if (unknown) throw new Error(`Area ${area.name} hooks ${unknown}, which no area serves as a document`);
    const unchecked = checkedResourceNames(area).find((name) => !resources.has(name));
    if (unchecked) throw new Error(`Area ${area.name} checks ${unchecked}, which no area serves as a resource`);
    const unextended = extendedResourceNames(area).find((name) => !resources.has(name));
    if (unextended) throw new Error(`Area ${area.name} adds fields to ${unextended}, which no area serves as a resource`);
  }
  const tagNames = new Set<string>();
  const apiTags: ApiTag[] = [];
  for (const area of areas) {
    const own = [...(area.resources ?? []).map((r) => r.declaration.title), ...(area.documents ?? []).map((d) => d.definition.title)];
    for (const tag of [...own.map((name) => ({ name })), ...(area.openApiTags ?? [])].map((t) => ({ description: `Area: ${area.name}`, ...t }))) {
      if (tagNames.has(tag.name)) continue;
      tagNames.add(tag.name);
      apiTags.push(tag);
    }
  }
  const figureStatements = areas.flatMap((a) => a.figures ?? []);
  const figureIds = figureStatements.flatMap((s) => s.figures.map((f) => f.id));
  const repeated = figureIds.find((id, i) => figureIds.indexOf(id) !== i);
  if (repeated) throw new Error(`Dashboard figure ${repeated} is declared twice`);
  return { ...foldAreas(areas.flatMap((a) => (a.declaration ? [a.declaration] : []))), areas, resourceBindings, documentBindings, figureStatements, apiTags };
}

/** An area as an encapsulated Fastify plugin, registered with `{prefix: apiPrefix}`. */
export function areaPlugin(area: ServerArea): FastifyPluginAsync {
  return async (app) => {
    // What other areas add to a resource (lib/resource/resource-fields.ts) is read by its name as it is served.
    for (const binding of area.resources ?? []) registerResource(app, binding);
    for (const binding of area.documents ?? []) registerDocument(app, binding);
    for (const kind of area.imports ?? []) registerImportKind(app, kind);
    for (const kind of area.jobs ?? []) app.ctx.jobs.register(kind);
    for (const schedule of area.schedules ?? []) app.ctx.jobs.schedule(schedule);
    area.routes?.(app);
  };
}
