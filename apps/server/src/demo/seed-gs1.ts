import { gtinCheckDigit } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { itemGtins } from '../db/schema/index.ts';

/**
 * Issue 32: GTINs on the reagents, so a scan of a demo label finds its item: each reagent's kit
 * (`each`) under the demo's GS1 company prefix 896 1234 (896: Pakistan), its item reference the
 * item's id; the clinical chemistry kits also as a case of 10 (indicator digit 1).
 */
export async function seedGs1(tx: Tx): Promise<void> {
  const reagents = await queryRows<{ id: number; subCategory: string }>(
    tx,
    sql`SELECT i.id, s.sub_category_name AS "subCategory" FROM items i JOIN categories c ON c.id = i.category_id
        LEFT JOIN sub_categories s ON s.id = i.sub_category_id WHERE c.category_name = 'Reagents' ORDER BY i.id`,
  );
  const gtinOf = (indicator: number, id: number) => {
    const body = `${indicator}8961234${String(id).padStart(5, '0')}`;
    return body + gtinCheckDigit(body);
  };
  const rows = reagents.flatMap(({ id, subCategory }) => [
    { itemId: Number(id), gtin: gtinOf(0, Number(id)), packLevel: 'each', unitsPerPack: 1 },
    ...(subCategory === 'Clinical Chemistry' ? [{ itemId: Number(id), gtin: gtinOf(1, Number(id)), packLevel: 'case', unitsPerPack: 10 }] : []),
  ]);
  if (rows.length > 0) await tx.insert(itemGtins).values(rows);
}
