import { type AreaDeclaration, type AreasFold, foldAreas, type ResourceDeclaration } from '@erp/domain';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FigureStatement } from '../lib/dashboard/dashboard-figure.ts';
import type { AnyDocumentBinding } from '../lib/document/document-binding.ts';
import { registerDocument } from '../lib/document/register-document.ts';
import type { AnyImportKind } from '../lib/import/import-kind.ts';
import { registerImportKind } from '../lib/import/register-import.ts';
import type { AnyJobKind } from '../lib/jobs/job-runner.ts';
import type { ApiTag } from '../lib/openapi.ts';
import { registerResource } from '../lib/resource/register-resource.ts';
import type { ResourceBinding } from '../lib/resource/resource-binding.ts';

/**
 * One business area's manifest: everything the app needs to know of it, in its own folder
 * (`modules/<area>/<area>.module.ts`). `areas.ts` lists the manifests; app.ts folds them once
 * and registers each as an encapsulated plugin under /api, so adding an area edits no shared
 * file but that list (and the domain's `areas.ts`).
 */
export interface ServerArea {
  /** 'setup', 'accounting', 'hr'. */
  name: string;
  /** The domain's manifest of the area: its scopes, posting keys and default accounts come from it. */
  declaration?: AreaDeclaration;
  /** The area's Drizzle tables (its schema module); its resources and documents write only these. */
  tables?: Readonly<Record<string, unknown>>;
  /** Resources served by the generic routes (lib/resource), with their tables and hooks. */
  resources?: readonly ResourceBinding[];
  /** Documents served by the document machinery (lib/document). */
  documents?: readonly AnyDocumentBinding[];
  /** Kinds of long work run by the JobRunner (lib/jobs). */
  jobs?: readonly AnyJobKind[];
  /** Import kinds (lib/import) under /api/imports/<kind>. */
  imports?: readonly AnyImportKind[];
  /** The area's dashboard figures (lib/dashboard), each statement one SQL narrowed by the caller's row scope. */
  figures?: readonly FigureStatement[];
  /** Tags of the area's hand-written routes in the API document; resources' and documents' titles are added. */
  openApiTags?: readonly ApiTag[];
  /** The area's own routes (paths relative to /api), registered inside its plugin. */
  routes?(app: FastifyInstance): void;
}

/** The areas folded: the domain's fold of their declarations, and what the server registers. */
export interface ServerAreasFold extends AreasFold {
  areas: readonly ServerArea[];
  resourceBindings: readonly ResourceBinding[];
  documentBindings: readonly AnyDocumentBinding[];
  /** Every area's dashboard figures, in the areas' order (the boards show them so). */
  figureStatements: readonly FigureStatement[];
  apiTags: readonly ApiTag[];
}

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
    for (const binding of area.resources ?? []) registerResource(app, binding);
    for (const binding of area.documents ?? []) registerDocument(app, binding);
    for (const kind of area.imports ?? []) registerImportKind(app, kind);
    for (const kind of area.jobs ?? []) app.ctx.jobs.register(kind);
    area.routes?.(app);
  };
}
