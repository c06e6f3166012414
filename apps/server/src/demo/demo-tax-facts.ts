import { sql } from 'drizzle-orm';
import { intArray, type Tx } from '../db/client.ts';

/**
 * What the Sales Tax Act says of each of the demo catalogue's groups (issue 29, section 9): an HS
 * code, FBR's unit, and a sale type other than the standard rate for two groups, so the demo's
 * invoices carry 18 %, reduced and exempt lines side by side. A demo's rows, not advice: a tax
 * adviser confirms the codes, the reduced rate and the schedules' serials before real use.
 */
interface DemoTaxFacts {
  hsCode: string;
  saleType?: 'reducedRate' | 'exempt';
  rate?: string;
  sroScheduleNo?: string;
  sroItemSerialNo?: string;
}

const reagent = { hsCode: '3822.1900' };

/** By the catalogue's article prefix. */
export const demoTaxFacts: Readonly<Record<string, DemoTaxFacts>> = {
  CC: reagent,
  HM: reagent,
  IA: reagent,
  MB: { hsCode: '3821.0000', saleType: 'reducedRate', rate: '5.00', sroScheduleNo: 'Eighth Schedule', sroItemSerialNo: '81' },
  MD: { hsCode: '3822.1900', saleType: 'exempt', sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '105' },
  QC: reagent,
  CL: reagent,
  BT: { hsCode: '9018.3990' },
  PT: { hsCode: '3926.9099' },
  GL: { hsCode: '4015.1900' },
  SW: { hsCode: '3005.9090' },
  AN: { hsCode: '9027.8090' },
  CF: { hsCode: '8421.1990' },
  MS: { hsCode: '9011.8000' },
  GB: { hsCode: '7017.9000' },
  GF: { hsCode: '7017.9000' },
  GT: { hsCode: '7017.9000' },
};

/**
 * Gives the items' first rows (made with each item at the settings' rate) their group's facts:
 * one statement per group. Further tax follows the sale type (none on exempt goods).
 */
export async function seedItemTaxFacts(tx: Tx, seeded: ReadonlyArray<{ id: number; prefix: string }>): Promise<void> {
  for (const [prefix, facts] of Object.entries(demoTaxFacts)) {
    const ids = seeded.filter((item) => item.prefix === prefix).map((item) => item.id);
    if (ids.length === 0) continue;
    const saleType = facts.saleType ?? 'standardRate';
    await tx.execute(
      sql`UPDATE item_tax_facts SET hs_code = ${facts.hsCode}, fbr_uom = 'Numbers, pieces, units', sale_type = ${saleType},
                 rate = CASE WHEN ${saleType} = 'exempt' THEN 0 ELSE coalesce(${facts.rate ?? null}::numeric, rate) END,
                 sro_schedule_no = ${facts.sroScheduleNo ?? ''}, sro_item_serial_no = ${facts.sroItemSerialNo ?? ''},
                 further_tax_applies = ${saleType !== 'exempt'}
          WHERE effective_from IS NULL AND item_id = ANY(${intArray(ids)})`,
    );
  }
}
