import { defaultLabelGtin, fitsGs1Element, type Gs1LabelQuery, gs1LabelMessages, type InventoryRow, labelElements, type PackLevel, storageConditions } from '@erp/domain';
import bwipjs from 'bwip-js/node';
import { sql } from 'drizzle-orm';
import { type Db, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { renderLabelsPdf } from '../../lib/print/label-pdf.ts';
import { audit } from '../../plugins/audit.ts';
import { inventoryRow } from '../inventory/inventory.api.ts';

/** A label is 50 x 30 mm, its DataMatrix 18 mm square (a module near 0.8 mm for a lot of 20 characters: 24 x 24 modules). */
const labelSize = { width: 50, height: 30 };
const codeSize = 18;

/**
 * The GS1 DataMatrix of an element string (`(01)...(17)...(10)...`) as a PNG, 4 pixels a module with
 * a quiet zone, on white (bwip-js's default background is transparent): the image the label embeds.
 */
export function labelDataMatrixPng(elementString: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'gs1datamatrix', text: elementString, scale: 4, padding: 2, backgroundcolor: 'FFFFFF' });
}

interface LabelItem {
  serialTracked: boolean;
  gtins: { gtin: string; packLevel: PackLevel }[];
}

/** The GTIN the labels carry: the one asked for, which must be an active one of the item's; else its first `each`, else its first. */
function chosenGtin(lot: InventoryRow, item: LabelItem, asked: string | undefined): string {
  if (item.gtins.length === 0) {
    const message = gs1LabelMessages.noGtin(lot.item.itemName);
    throw new ConflictError(message, { gtin: message });
  }
  if (asked === undefined) return defaultLabelGtin(item.gtins)!.gtin;
  if (!item.gtins.some((g) => g.gtin === asked)) throw new BadRequestError({ gtin: gs1LabelMessages.notItsGtin(asked, lot.item.itemName) });
  return asked;
}

/** The item's active GTINs, by GTIN as the items' `gtins` list them, and whether it is serial-tracked. */
async function labelItem(tx: Tx, itemId: number): Promise<LabelItem> {
  const [row] = await queryRows<{ serialTracked: boolean; gtins: unknown }>(
    tx,
    sql`SELECT it.serial_tracked AS "serialTracked",
               (SELECT json_agg(json_build_object('gtin', g.gtin, 'packLevel', g.pack_level) ORDER BY g.gtin) FROM item_gtins g WHERE g.item_id = it.id AND g.active) AS gtins
        FROM items it WHERE it.id = ${itemId}::int`,
  );
  return { serialTracked: row?.serialTracked === true, gtins: jsonValue<LabelItem['gtins'] | null>(row?.gtins) ?? [] };
}

/**
 * GS1 labels of a lot we relabel (issue 32, section 4): `copies` pages of one 50 x 30 mm label, its
 * DataMatrix of (01) GTIN, (17) expiry, (10) lot and, for a serial-tracked item (each unit a lot
 * numbered by its serial), (21) serial; the same in human-readable form beneath; the item's name,
 * article number and storage condition beside it. The lot is read as /inventory reads it (the
 * caller's regions and categories: another's is undefined, a 404). The print is audited
 * (`print-labels`, with the copies) in the transaction that read it.
 */
export async function printLotLabels(db: Db, actor: Actor, inventoryId: number, query: Gs1LabelQuery): Promise<{ pdf: Buffer; fileName: string } | undefined> {
  return db.transaction(async (tx) => {
    const lot = await inventoryRow(tx, actor, inventoryId);
    if (!lot) return undefined;
    const item = await labelItem(tx, lot.itemId);
    const gtin = chosenGtin(lot, item, query.gtin);
    if (lot.lotNumber !== '' && !fitsGs1Element(lot.lotNumber)) throw new ConflictError(gs1LabelMessages.lotUnfit(lot.lotNumber));
    const elements = labelElements({ gtin, expiry: lot.dateExpiry, lot: lot.lotNumber, serial: item.serialTracked && lot.lotNumber !== '' ? lot.lotNumber : null });
    const elementString = elements.join('');
    const condition = storageConditions.find((c) => c.value === lot.item.storageCondition)?.label ?? lot.item.storageCondition;
    const pdf = await renderLabelsPdf(
      {
        size: labelSize,
        code: { png: await labelDataMatrixPng(elementString), size: codeSize },
        lines: [lot.item.itemName, lot.item.articleNumber, condition],
        caption: elements,
        title: `GS1 labels ${lot.lotNumber || lot.item.articleNumber}`,
      },
      query.copies,
    );
    await audit(tx, auditActorOf(actor), {
      action: 'print-labels',
      resource: 'inventory',
      recordId: inventoryId,
      after: { copies: query.copies, gtin, elementString, itemId: lot.itemId, regionId: lot.regionId },
    });
    return { pdf, fileName: `gs1-labels-${(lot.lotNumber || lot.item.articleNumber).replace(/[^\w.-]+/g, '_')}.pdf` };
  });
}
