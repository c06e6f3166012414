import { gs1Area } from '@erp/domain';
import * as gs1Tables from '../../db/schema/gs1.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { gs1DocumentHooks } from './gs1-hooks.ts';
import { registerGs1LabelRoute } from './gs1-labels.routes.ts';
import { registerGs1Routes } from './gs1.routes.ts';
import { itemGtinBinding, itemsGtinFields } from './item-gtins.binding.ts';

/** Issue 32, sections 1, 2 and 4: reading GS1 scans, the GTINs of items' packs, what a scanned pack is, and the labels of lots we relabel. */
export const gs1Module: ServerArea = {
  name: 'gs1',
  declaration: gs1Area,
  tables: gs1Tables,
  resources: [itemGtinBinding],
  // The items (inventory's) answer their GTINs and are listed by one: `?gtin=`.
  resourceFields: { items: itemsGtinFields },
  // Goods receipts: a line's scanned GTIN is its item's.
  ...gs1DocumentHooks,
  openApiTags: [{ name: 'GS1', description: 'Reading GS1 barcodes (DataMatrix, GS1-128, GS1 QR, DataBar, EAN) and what a scanned pack is' }],
  routes(app) {
    registerGs1Routes(app);
    registerGs1LabelRoute(app);
  },
};
