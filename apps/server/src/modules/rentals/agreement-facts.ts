import { permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';

/**
 * An agreement as placements, returns and relocations read it. A file of its own: the placement's
 * handlers call relocations.ts, which reads agreements too, so neither imports the other back.
 */
export interface AgreementFacts {
  id: number;
  status: string;
  documentNumber: string | null;
  startDate: string;
  customerId: number;
  regionId: number;
  rentalAssetId: number;
  jointVentureId: number | null;
}

/** The agreement a placement or return names, within the actor's regions; `lock` takes its row (one placement per agreement at a time). */
export async function agreementFacts(tx: Tx, actor: Actor, id: number, lock = false): Promise<AgreementFacts | undefined> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [row] = await queryRows<AgreementFacts>(
    tx,
    sql`SELECT id, status, document_number AS "documentNumber", document_date::text AS "startDate", customer_id AS "customerId", region_id AS "regionId",
               rental_asset_id AS "rentalAssetId", joint_venture_id AS "jointVentureId"
        FROM rental_agreements WHERE id = ${id}::int${regions ? sql` AND region_id = ANY(${`{${regions.join(',')}}`}::int[])` : sql``}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return row && { ...row, id: Number(row.id), customerId: Number(row.customerId), regionId: Number(row.regionId), rentalAssetId: Number(row.rentalAssetId), jointVentureId: row.jointVentureId === null ? null : Number(row.jointVentureId) };
}
