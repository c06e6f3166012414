import { type Gs1LookupInput, type Gs1ParseInput, type Gs1Scan, parseGs1, permittedIds, type PackLevel, type StoredLotStatus } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { readSettingValues } from '../setup/setup.api.ts';

/** A scan the parser refused: the answer's `code` and `message`. */
export interface ScanRefusal {
  code: string;
  message: string;
}

export type ScanRead = { ok: true; scan: Gs1Scan } | { ok: false; refusal: ScanRefusal };

/** The scan read with the body's separators, else the settings' `gs1Separators`. */
export async function readScan(executor: Executor, input: Gs1ParseInput): Promise<ScanRead> {
  const separators = input.separators ?? String((await readSettingValues(executor, ['gs1Separators'])).gs1Separators ?? '');
  const result = parseGs1(input.scan, { separators });
  return result.ok ? { ok: true, scan: result.value } : { ok: false, refusal: { code: result.code, message: result.message } };
}

export async function gs1Settings(executor: Executor): Promise<{ separators: string }> {
  return { separators: String((await readSettingValues(executor, ['gs1Separators'])).gs1Separators ?? '') };
}

export interface ScanLookup {
  scan: Gs1Scan;
  link: { gtin: string; packLevel: PackLevel; unitsPerPack: number } | null;
  item: { id: number; itemName: string; articleNumber: string; lotTracked: boolean; storageCondition: string } | null;
  quantity: number | null;
  /** `statusReason`: what holds a lot not released (a recall's number, a quarantine's reason), as inventory words it. */
  lot: { inventoryId: number; lotNumber: string; dateExpiry: string | null; quantity: number; lotStatus: StoredLotStatus; statusReason: string; expiryMatches: boolean | null } | null;
}

interface LookupRow {
  gtin: string;
  packLevel: PackLevel;
  unitsPerPack: number;
  itemId: number;
  itemName: string;
  articleNumber: string;
  lotTracked: boolean;
  storageCondition: string;
  lot: { inventoryId: number; lotNumber: string; dateExpiry: string | null; quantity: number; lotStatus: StoredLotStatus; statusReason: string } | null;
}

/**
 * What a scanned pack is (issue 32, section 2), in one statement: the active link of its GTIN and
 * the item (of the caller's categories), and the warehouse lot of the scanned number in the region
 * (`regionId`, else the caller's regions, the lowest region id first; a region not theirs holds none
 * they may see).
 */
export async function lookupScan(executor: Executor, actor: Actor, input: Gs1LookupInput, scan: Gs1Scan): Promise<ScanLookup> {
  const none: ScanLookup = { scan, link: null, item: null, quantity: null, lot: null };
  if (scan.gtin === null) return none;
  const categories = permittedIds(actor.permissions, 'categories');
  const regions = permittedIds(actor.permissions, 'regions');
  const regionConditions = [
    ...(input.regionId !== undefined ? [sql`inv.region_id = ${input.regionId}::int`] : []),
    ...(regions ? [sql`inv.region_id IN (${intList(regions)})`] : []),
  ];
  const lotSql =
    scan.lot === null
      ? sql`NULL::json`
      : sql`(SELECT json_build_object('inventoryId', inv.id, 'lotNumber', inv.lot_number, 'dateExpiry', inv.date_expiry::text, 'quantity', inv.quantity, 'lotStatus', inv.lot_status,
                                      'statusReason', inv.status_reason)
             FROM inventory inv JOIN stock_locations l ON l.id = inv.location_id AND l.kind = 'warehouse'
             WHERE inv.item_id = i.id AND inv.lot_number = ${scan.lot} ${sql.join(regionConditions.map((c) => sql`AND ${c}`), sql` `)}
             ORDER BY inv.region_id LIMIT 1)`;
  const [row] = await queryRows<LookupRow>(
    executor,
    sql`SELECT g.gtin, g.pack_level AS "packLevel", g.units_per_pack AS "unitsPerPack", i.id AS "itemId", i.item_name AS "itemName",
               i.article_number AS "articleNumber", i.lot_tracked AS "lotTracked", i.storage_condition AS "storageCondition", ${lotSql} AS lot
        FROM item_gtins g JOIN items i ON i.id = g.item_id
        WHERE g.gtin = ${scan.gtin} AND g.active ${categories ? sql`AND i.category_id IN (${intList(categories)})` : sql``}`,
  );
  if (!row) return none;
  const lot = typeof row.lot === 'string' ? (JSON.parse(row.lot) as LookupRow['lot']) : row.lot;
  return {
    scan,
    link: { gtin: row.gtin, packLevel: row.packLevel, unitsPerPack: row.unitsPerPack },
    item: { id: row.itemId, itemName: row.itemName, articleNumber: row.articleNumber, lotTracked: row.lotTracked, storageCondition: row.storageCondition },
    quantity: row.unitsPerPack * (scan.count ?? 1),
    lot: lot ? { ...lot, expiryMatches: scan.expiry === null || lot.dateExpiry === null ? null : scan.expiry === lot.dateExpiry } : null,
  };
}
