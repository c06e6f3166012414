/** What other areas, the demo and scripts may use of rentals (docs/ARCHITECTURE.md, Boundaries): the same services as the routes, in the caller's transaction. */
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { documentServices } from '../../lib/document/document-services.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { runJobInline } from '../../lib/jobs/job-runner.ts';
import { monthEndJob, monthEndJobKind, type MonthEndPayload } from './month-end-job.ts';
import { placementBinding, rentalReturnBinding } from './placements.binding.ts';
import { rentalAgreementBinding } from './rental-agreements.binding.ts';
import { createServiceVisit, type ServiceVisitInput } from './service-visits.service.ts';

export const rentalAgreementServices = documentServices(rentalAgreementBinding);
export const placementServices = documentServices(placementBinding);
export const rentalReturnServices = documentServices(rentalReturnBinding);
export { createServiceVisit, type ServiceVisitInput };
export { createConsignment, type ConsignmentInput } from './consignments.service.ts';

/** The month-end run for `month` done to its end inside the caller's transaction (demo data, benchmarks): the worker's job, run inline. */
export async function runMonthEndNow(tx: Tx, actor: Actor, month: string, chunkSize?: number): Promise<void> {
  const payload: MonthEndPayload = { month, chunkSize, actor: { userId: actor.userId, role: actor.role, scopes: [...actor.scopes], permissions: actor.permissions } };
  const id = await enqueueJob(tx, { kind: monthEndJobKind, payload: payload as unknown as Record<string, unknown>, createdBy: actor.userId });
  await runJobInline(tx, monthEndJob, id);
}
