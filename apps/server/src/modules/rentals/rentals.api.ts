/** What other areas, the demo and scripts may use of rentals (docs/ARCHITECTURE.md, Boundaries): the same services as the routes, in the caller's transaction. */
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { documentServices } from '../../lib/document/document-services.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { runJobInline } from '../../lib/jobs/job-runner.ts';
import { monthEndJob, monthEndJobKind, type MonthEndPayload } from './month-end-job.ts';
import { consignmentBinding } from './consignments.binding.ts';
import { placementBinding, rentalReturnBinding } from './placements.binding.ts';
import { rentalAgreementBinding } from './rental-agreements.binding.ts';
import { rentalDepositBinding } from './rental-deposits.binding.ts';
import { serviceVisitBinding } from './service-visits.binding.ts';
export { type ServiceVisitInput } from './service-visits.service.ts';

export const rentalAgreementServices = documentServices(rentalAgreementBinding);
export const placementServices = documentServices(placementBinding);
export const rentalReturnServices = documentServices(rentalReturnBinding);
export const rentalDepositServices = documentServices(rentalDepositBinding);
export const serviceVisitServices = documentServices(serviceVisitBinding);
/** A service visit recorded and posted in the caller's transaction (the demo's visits). */
export const createServiceVisit = serviceVisitServices.create;
export { type ConsignmentInput } from './consignments.service.ts';
export const consignmentServices = documentServices(consignmentBinding);
/** A consignment recorded and posted in the caller's transaction (the demo's shipments and usages). */
export const createConsignment = consignmentServices.create;

/** The month-end run for `month` done to its end inside the caller's transaction (demo data, benchmarks): the worker's job, run inline. */
export async function runMonthEndNow(tx: Tx, actor: Actor, month: string, chunkSize?: number): Promise<void> {
  const payload: MonthEndPayload = { month, chunkSize, actor: { userId: actor.userId, role: actor.role, scopes: [...actor.scopes], permissions: actor.permissions } };
  const id = await enqueueJob(tx, { kind: monthEndJobKind, payload: payload as unknown as Record<string, unknown>, createdBy: actor.userId });
  await runJobInline(tx, monthEndJob, id);
}
