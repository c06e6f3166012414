import type { AppServices } from '../app-services.ts';
import type { RunningWorker } from './running-worker.ts';

export type { RunningWorker } from './running-worker.ts';

/**
 * Long-running work of an area beside the jobs table: a loop that must commit between steps a
 * job's chunk would hold in one transaction (a sender to an outside service records that a
 * request left before waiting for its answer). Declared in the area's manifest; the app creates
 * one per app, starts it with the jobs worker and stops it on close.
 */
export interface AreaWorker {
  name: string;
  create(services: AppServices, log: { info(object: unknown, message: string): void; error(object: unknown, message: string): void }): RunningWorker;
}
