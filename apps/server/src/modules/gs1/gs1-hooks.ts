import type { DocumentHookDeclarations } from '../../lib/document/document-hooks.ts';
import { checkReceiptGtins } from './receipt-gtins.ts';

/** Purchasing's receipts, as GS1's manifest hooks them: a line's scanned GTIN checked on save and at the post. */
export const gs1DocumentHooks: DocumentHookDeclarations = {
  beforeSave: { 'goods-receipts': checkReceiptGtins },
  beforePost: { 'goods-receipts': checkReceiptGtins },
};
