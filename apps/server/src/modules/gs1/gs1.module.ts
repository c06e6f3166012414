import { gs1Area } from '@erp/domain';
import * as gs1Tables from '../../db/schema/gs1.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { gs1DocumentHooks } from './gs1-hooks.ts';
import { registerGs1Routes } from './gs1.routes.ts';
import { itemGtinBinding, itemsGtinFields } from './item-gtins.binding.ts';

/** Issue 32, sections 1 and 2: reading GS1 scans, the GTINs of items' packs, and what a scanned pack is. */
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
  routes: registerGs1Routes,
};
