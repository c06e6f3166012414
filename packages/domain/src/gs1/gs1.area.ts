import { defineArea } from '../area/define-area.ts';
import { gs1Settings } from './gs1.settings.ts';
import { itemGtins, itemGtinsWriteScope } from './item-gtins.ts';

export * from './gtin.ts';
export * from './gs1-parse.ts';
export * from './gs1-labels.ts';
export * from './gs1.settings.ts';
export * from './item-gtins.ts';

/** Issue 32, sections 1 and 2: reading GS1 barcodes, and the GTINs of each item's packs. */
export const gs1Area = defineArea({
  name: 'gs1',
  settings: gs1Settings,
  resources: [itemGtins],
  scopes: [itemGtinsWriteScope],
  // Those who receive and count the goods link the GTINs they scan.
  defaultScopes: { operationManager: [itemGtinsWriteScope], inventorySupervisor: [itemGtinsWriteScope] },
});
