import type { AreaDeclaration, AreasFold } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import type { FigureStatement } from './dashboard/dashboard-figure.ts';
import type { AnyDocumentBinding } from './document/document-binding.ts';
import type { DocumentHookDeclarations } from './document/document-hooks.ts';
import type { AnyImportKind } from './import/import-kind.ts';
import type { AnyJobKind, JobSchedule } from './jobs/job-runner.ts';
import type { ApiTag } from './openapi.ts';
import type { AreaWorker } from './workers/area-worker.ts';
import type { PaymentTargetDeclarations } from './payment-targets.ts';
import type { PrintAdditionDeclarations } from './print/print-additions.ts';
import type { ResourceBinding } from './resource/resource-binding.ts';
import type { ResourceCheckDeclarations } from './resource/resource-checks.ts';
import type { ResourceFieldsDeclarations } from './resource/resource-fields.ts';

// The shape of an area's manifest: what each area gives the shared machinery of lib/ (its
// resources, documents, jobs, imports, figures). Here, not in modules/module.ts (which folds
// and registers the manifests), so app-context.ts can type `app.ctx.areas` without importing a
// module.

/**
 * One business area's manifest: everything the app needs to know of it, in its own folder
 * (`modules/<area>/<area>.module.ts`). `areas.ts` lists the manifests; app.ts folds them once
 * and registers each as an encapsulated plugin under /api, so adding an area edits no shared
 * file but that list (and the domain's `areas.ts`).
 */
export interface ServerArea extends DocumentHookDeclarations, PaymentTargetDeclarations, PrintAdditionDeclarations, ResourceCheckDeclarations, ResourceFieldsDeclarations {
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
  /** Work enqueued every so often (lib/jobs: one job per tick across processes), each enqueueing one of the jobs' kinds. */
  schedules?: readonly JobSchedule[];
  /** Loops of the area's own beside the jobs (lib/workers): started and stopped with the jobs worker. */
  workers?: readonly AreaWorker[];
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
