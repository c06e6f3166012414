import { permittedIds, stockAdjustmentDocument, type StockAdjustmentLineInput, stockAdjustmentProblems, stockMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, intList, queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { saveDocument } from '../../lib/document/document-service.ts';
import { dateOf, integerOf, numberTextOf } from '../../lib/import/cell-values.ts';
import type { CheckedRow, ImportJobRef, ImportKind, ImportProgress, ImportRow } from '../../lib/import/import-kind.ts';
import { chunksOf, lookupChunk, NameLookup } from '../../lib/import/name-lookup.ts';
import { fieldErrorsOf } from '../../lib/validation.ts';
import { stockAdjustmentBinding } from './stock-adjustments.binding.ts';

/** Lines per opening-stock adjustment: the document's own limit. */
const linesPerAdjustment = stockAdjustmentDocument.lines.max;

/** A stock adjustment line, as the API checks it. */
const lineSchema = (stockAdjustmentDocument.inputSchema.shape.lines as unknown as z.ZodArray<z.ZodObject>).element;

interface ItemFacts {
  id: number;
  articleNumber: string;
  itemName: string;
  vendorName: string | null;
  lotTracked: boolean;
}

/** The items of the file's article numbers within the actor's categories, by article number. */
async function itemsByArticle(tx: Executor, actor: Actor, articles: readonly string[]): Promise<Map<string, ItemFacts[]>> {
  const categories = permittedIds(actor.permissions, 'categories');
  const found = new Map<string, ItemFacts[]>();
  for (const chunk of chunksOf([...new Set(articles)], lookupChunk)) {
    const rows = await queryRows<ItemFacts>(
      tx,
      sql`SELECT i.id, i.article_number AS "articleNumber", i.item_name AS "itemName", v.vendor_name AS "vendorName", i.lot_tracked AS "lotTracked"
          FROM items i LEFT JOIN vendors v ON v.id = i.vendor_id
          WHERE i.article_number IN (${sql.join(
            chunk.map((a) => sql`${a}`),
            sql`, `,
          )}) ${categories ? sql`AND i.category_id IN (${intList(categories)})` : sql``}`,
    );
    for (const row of rows) found.set(row.articleNumber, [...(found.get(row.articleNumber) ?? []), { ...row, id: Number(row.id) }]);
  }
  return found;
}

/** The item of a row: its article number, of the vendor named (needed when several vendors' items share the number). */
function itemOf(candidates: readonly ItemFacts[], article: string, vendor: string): ItemFacts | string {
  const matching = vendor ? candidates.filter((c) => c.vendorName?.toLowerCase() === vendor.toLowerCase()) : candidates;
  if (matching.length === 1) return matching[0]!;
  if (matching.length === 0) return vendor ? `No item has article number "${article}" from vendor "${vendor}"` : `No item has article number "${article}"`;
  return `Several vendors' items have article number "${article}": give the vendor`;
}

/** Lots already held: item, lot number, region of the rows' items. */
async function existingLots(tx: Executor, itemIds: readonly number[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const chunk of chunksOf([...new Set(itemIds)], lookupChunk)) {
    const rows = await queryRows<{ itemId: number; lotNumber: string; regionId: number }>(
      tx,
      sql`SELECT i.item_id AS "itemId", i.lot_number AS "lotNumber", i.region_id AS "regionId"
          FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'warehouse'
          WHERE i.item_id IN (${intList(chunk)})`,
    );
    for (const row of rows) keys.add(lotKey(Number(row.itemId), row.lotNumber, Number(row.regionId)));
  }
  return keys;
}

const lotKey = (itemId: number, lotNumber: string, regionId: number) => `${itemId}\u0001${lotNumber}\u0001${regionId}`;

/** A line's errors as the import's columns: `lines.0.itemId` and `itemId` both read as the article number. */
const columnOfLineField: Record<string, string> = { itemId: 'articleNumber', regionId: 'regionName', inventoryId: 'articleNumber' };

/** A new lot's line of an opening-stock adjustment. */
interface OpeningLine {
  itemId: number;
  regionId: number;
  lotNumber: string;
  dateExpiry: string | null;
  quantity: number;
  unitCost: string;
}

async function check(tx: Executor, actor: Actor, rows: readonly ImportRow[]): Promise<CheckedRow<OpeningLine>[]> {
  const items = await itemsByArticle(
    tx,
    actor,
    rows.map((r) => r.values.articleNumber ?? '').filter((a) => a !== ''),
  );
  const regions = await NameLookup.load(
    tx,
    actor,
    'regions',
    'Region',
    rows.map((r) => r.values.regionName ?? '').filter((n) => n !== ''),
  );
  const checked: CheckedRow<OpeningLine>[] = rows.map((row) => {
    const v = row.values;
    const errors: Record<string, string> = {};
    let item: ItemFacts | undefined;
    if (!v.articleNumber) errors.articleNumber = 'Article number is required';
    else {
      const found = itemOf(items.get(v.articleNumber) ?? [], v.articleNumber, v.vendorName ?? '');
      if (typeof found === 'string') errors.articleNumber = found;
      else item = found;
    }
    let regionId: number | undefined;
    if (!v.regionName) errors.regionName = 'Region is required';
    else {
      const resolved = regions.resolve(v.regionName);
      if ('id' in resolved) regionId = resolved.id;
      else errors.regionName = resolved.error;
    }
    const line = {
      itemId: item?.id ?? null,
      regionId: regionId ?? null,
      lotNumber: v.lotNumber ?? '',
      dateExpiry: v.dateExpiry ? dateOf(v.dateExpiry) : null,
      quantity: v.quantity ? integerOf(v.quantity) : undefined,
      unitCost: v.unitCost ? numberTextOf(v.unitCost) : null,
    };
    const parsed = lineSchema.safeParse(line);
    if (!parsed.success) for (const [path, message] of Object.entries(fieldErrorsOf(parsed.error.issues))) errors[columnOfLineField[path] ?? path] ??= message;
    if (parsed.success) {
      const problems = stockAdjustmentProblems({ reason: 'openingStock', lines: [parsed.data as unknown as StockAdjustmentLineInput] });
      for (const [path, message] of Object.entries(problems)) {
        const field = path.split('.')[2]!;
        errors[columnOfLineField[field] ?? field] ??= message;
      }
    }
    if (item?.lotTracked && !line.lotNumber) errors.lotNumber ??= stockMessages.lotNumberRequired(item.itemName);
    if (item?.lotTracked && !line.dateExpiry) errors.dateExpiry ??= stockMessages.expiryRequired(item.itemName);
    if (Object.keys(errors).length > 0) return { rowNumber: row.rowNumber, errors };
    const data = parsed.data as unknown as StockAdjustmentLineInput;
    return { rowNumber: row.rowNumber, input: { itemId: item!.id, regionId: regionId!, lotNumber: data.lotNumber?.trim() ?? '', dateExpiry: data.dateExpiry ?? null, quantity: data.quantity, unitCost: data.unitCost! } };
  });

  // A lot is brought in once: twice in the file, or already held, is refused.
  const held = await existingLots(
    tx,
    checked.flatMap((r) => (r.input ? [r.input.itemId] : [])),
  );
  const firstRow = new Map<string, number>();
  checked.forEach((row, index) => {
    if (!row.input) return;
    const { itemId, lotNumber, regionId } = row.input;
    const key = lotKey(itemId, lotNumber, regionId);
    const earlier = firstRow.get(key);
    const lot = lotNumber ? `Lot "${lotNumber}"` : 'Stock of this item';
    let error: string | undefined;
    if (held.has(key)) error = `${lot} is already held in region "${rows[index]!.values.regionName}"`;
    else if (earlier !== undefined) error = `${lot} of this item and region is already in row ${earlier} of the file`;
    else firstRow.set(key, row.rowNumber);
    if (error) checked[index] = { rowNumber: row.rowNumber, errors: { lotNumber: error } };
  });
  return checked;
}

/**
 * Posts the rows as opening-stock adjustments of up to 500 lines (the document's limit)
 * through the document machinery, all in the caller's transaction: stock in, Dr Inventory,
 * Cr retained earnings, numbered SA-YYYY-NNNNNN, dated today. A refusal of the stock ledger
 * names the file's row.
 */
async function write(tx: Tx, actor: Actor, rows: readonly { rowNumber: number; input: OpeningLine }[], progress: ImportProgress, job: ImportJobRef): Promise<number[]> {
  const ids: number[] = [];
  let done = 0;
  for (const chunk of chunksOf(rows, linesPerAdjustment)) {
    const input = {
      adjustmentDate: todayIso(),
      reason: 'openingStock' as const,
      narration: `Opening stock imported from ${job.fileName} (import ${job.id})`.slice(0, 500),
      lines: chunk.map((row) => row.input),
    };
    try {
      const saved = await saveDocument(tx, actor, stockAdjustmentBinding, input, { post: true });
      ids.push(saved.document.id);
    } catch (error) {
      if (!(error instanceof BadRequestError) || !error.errors) throw error;
      throw new BadRequestError(rowErrors(error.errors, chunk), error.message);
    }
    done += chunk.length;
    progress(done);
  }
  return ids;
}

/** `lines.3.lotNumber` of a chunk's adjustment as `rows.<its row number>.lotNumber`. */
function rowErrors(errors: Record<string, string>, chunk: readonly { rowNumber: number }[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => {
      const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
      const row = match ? chunk[Number(match[1])] : undefined;
      return [row ? `rows.${row.rowNumber}.${columnOfLineField[match![2]!] ?? match![2]}` : key, message];
    }),
  );
}

/** Opening stock from a spreadsheet (issue 7, section 5): lots brought in on /inventory, by those who may post stock adjustments. */
export const openingStockImport: ImportKind<OpeningLine> = {
  name: 'opening-stock',
  title: 'Opening stock',
  route: stockAdjustmentDocument.route,
  scope: stockAdjustmentDocument.transitions.post.scope,
  resource: stockAdjustmentDocument.name,
  columns: [
    { key: 'articleNumber', label: 'Article number', required: true, hint: "the item's article number", aliases: ['Article no', 'Article', 'Catalogue number', 'Cat no'], example: 'SYS-CBC-01' },
    { key: 'vendorName', label: 'Vendor', required: false, hint: "the item's vendor, when several vendors' items share the article number", aliases: ['Vendor name'], example: 'Sysmex' },
    { key: 'regionName', label: 'Region', required: true, hint: "the region's name", aliases: ['Region name', 'Warehouse'], example: 'North' },
    { key: 'lotNumber', label: 'Lot number', required: false, hint: 'required for lot-tracked items', aliases: ['Lot', 'Lot no', 'Batch', 'Batch number'], example: 'L2026-001' },
    { key: 'dateExpiry', label: 'Expiry', required: false, hint: 'YYYY-MM-DD; required for lot-tracked items', aliases: ['Expiry date', 'Date expiry', 'Expires'], example: '2027-06-30' },
    { key: 'quantity', label: 'Quantity', required: true, hint: 'a whole number above 0', aliases: ['Qty'], example: '25' },
    { key: 'unitCost', label: 'Unit cost', required: true, hint: 'a number with at most 2 decimals', aliases: ['Cost', 'Cost price'], example: '1250.50' },
  ],
  check,
  write,
};
