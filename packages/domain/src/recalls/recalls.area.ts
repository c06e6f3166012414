import { defineArea } from '../area/define-area.ts';
import { recallDocument, recallRecordScope } from './recall.document.ts';

export * from './recall.document.ts';
export * from './recall-records.ts';

/** Issue 31, section 2: recalls of lots, traced to every customer, closed when every unit is accounted for. */
export const recallsArea = defineArea({
  name: 'recalls',
  documents: [recallDocument],
  // recalls:open, recalls:close and recalls:cancel are the transitions'.
  scopes: [recallRecordScope],
  // Issue 31: the operation manager opens and closes recalls; notices and disposals are recorded by the inventory supervisor too.
  defaultScopes: { operationManager: ['recalls:open', 'recalls:close', recallRecordScope], inventorySupervisor: [recallRecordScope] },
});
