/**
 * What other areas, the demo seed and the benchmarks may use of recalls (docs/ARCHITECTURE.md,
 * Boundaries): the document's services and the records written on an open recall, each taking
 * (tx, actor, input), and the trace of lots in one statement.
 */
import { documentServices } from '../../lib/document/document-services.ts';
import { recallBinding } from './recalls.binding.ts';

export const recallServices = documentServices(recallBinding);
export { recordDisposal } from './recall-disposals.ts';
export { noticeAcknowledged, noticeSent } from './recall-notices.ts';
export { traceLots, traceStatement, type TracedLots } from './recall-trace.ts';
