import type { FbrEnvironment } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { AppServices } from '../../lib/app-services.ts';
import { TtlValue } from '../../lib/ttl-value.ts';

export interface ReportingState {
  enabled: boolean;
  environment: FbrEnvironment;
}

/** Whether reporting is on, and the environment new submissions are for, as the table says. */
export async function readReportingState(executor: Executor): Promise<ReportingState> {
  const [row] = await queryRows<ReportingState>(executor, sql`SELECT enabled, environment FROM fbr_settings`);
  return row ?? { enabled: false, environment: 'sandbox' };
}

/**
 * The app's cache of the state (issue 30, section 10: posting with reporting off costs no round
 * trip). Bound per app like the document hooks, since the hook is handed a transaction, not an
 * app: created with the app's FBR worker and handed back when it stops. The settings' trigger
 * tells the other processes through the cache bus; a PUT here drops it at once; with the bus down
 * the table answers. Unbound (the CLI, a script), each posting reads the table.
 */
let bound: TtlValue<ReportingState> | undefined;

export function bindReportingState(services: Pick<AppServices, 'db' | 'cacheBus'>): () => void {
  const cache = new TtlValue(() => readReportingState(services.db), 5_000, { scope: 'fbr-settings', healthy: () => services.cacheBus.healthy });
  services.cacheBus.add(cache);
  const previous = bound;
  bound = cache;
  return () => {
    if (bound === cache) bound = previous;
  };
}

export function reportingState(executor: Executor): Promise<ReportingState> {
  return bound ? bound.get() : readReportingState(executor);
}

/** A PUT of this process changed the settings: the next posting reads them again. */
export function reportingStateChanged(): void {
  bound?.invalidate();
}
