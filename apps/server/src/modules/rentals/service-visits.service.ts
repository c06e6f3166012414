import { addDecimals, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList, queryRows, type Tx } from '../../db/client.ts';
import { postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';
import { prepareStockMoves, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';

export interface ServiceVisitInput {
  rentalAgreementId: number;
  visitDate: string;
  visitKind: 'install' | 'preventive' | 'breakdown' | 'relocation';
  downFrom?: string | null;
  downTo?: string | null;
  parts?: Array<{ inventoryId: number; quantity: number }>;
  notes?: string;
}

/**
 * A service visit recorded: the days down (the downtime waiver reads them) and the parts used,
 * drawn from their lots (SVC-YYYY-NNNNNN): Dr Service cost of placements, Cr Inventory at the
 * lots' cost, stamped with the agreement. One transaction.
 */
export async function createServiceVisit(tx: Tx, actor: Actor, input: ServiceVisitInput): Promise<Record<string, unknown>> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [agreement] = await queryRows<{ id: number; customerId: number; regionId: number; jointVentureId: number | null; documentNumber: string | null }>(
    tx,
    sql`SELECT id, customer_id AS "customerId", region_id AS "regionId", joint_venture_id AS "jointVentureId", document_number AS "documentNumber"
        FROM rental_agreements WHERE id = ${input.rentalAgreementId}::int${regions ? sql` AND region_id IN (${intList(regions)})` : sql``}`,
  );
  const errors: Record<string, string> = {};
  if (!agreement) errors.rentalAgreementId = 'Agreement does not exist';
  if ((input.downFrom ?? null) === null !== ((input.downTo ?? null) === null)) errors.downTo = 'Enter both days of the downtime, or neither';
  else if (input.downFrom && input.downTo && input.downTo < input.downFrom) errors.downTo = 'The downtime cannot end before it starts';
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  const parts = input.parts ?? [];
  const [row] = await queryRows<{ id: number; createdAt: Date; updatedAt: Date }>(
    tx,
    sql`INSERT INTO service_visits (rental_agreement_id, visit_date, visit_kind, down_from, down_to, parts, notes, created_by)
        VALUES (${input.rentalAgreementId}::int, ${input.visitDate}::date, ${input.visitKind}, ${input.downFrom ?? null}::date, ${input.downTo ?? null}::date,
                ${JSON.stringify(parts)}::jsonb, ${input.notes ?? ''}, ${actor.userId}::int)
        RETURNING id, created_at AS "createdAt", updated_at AS "updatedAt"`,
  );
  const id = Number(row!.id);
  let partsCost = '0.00';
  let documentNumber: string | null = null;
  if (parts.length > 0) {
    const stock = await prepareStockMoves(tx, {
      document: { documentType: 'service-visits', documentId: id, date: input.visitDate },
      actor: { userId: actor.userId },
      moves: parts.map((part, index) => ({ lineNo: index + 1, field: `parts.${index}`, direction: 'out' as const, quantity: part.quantity, lot: { inventoryId: part.inventoryId } })),
    });
    partsCost = addDecimals([stock.valueOut]);
    const accounts = await requirePostingAccounts(tx, ['placementServiceCost', 'inventory']);
    const stamp = await agreementStamp(tx, input.visitDate, agreement!);
    const context = await readPostingContext(tx, [accounts.placementServiceCost, accounts.inventory], actor.userId);
    try {
      ({ documentNumber } = await postToLedger(
        tx,
        {
          documentType: 'service-visits',
          documentId: id,
          documentDate: input.visitDate,
          narration: `Service visit (${input.visitKind}) under ${agreement!.documentNumber ?? 'draft'}`,
          lines: [
            { accountId: accounts.placementServiceCost, debit: partsCost, credit: '0', ...stamp },
            { accountId: accounts.inventory, debit: '0', credit: partsCost, ...stamp },
          ],
          numberPrefix: 'SVC',
          actor: { userId: actor.userId },
          dateField: 'visitDate',
          before: stock.statements,
          alongside: [(number) => sql`UPDATE service_visits SET document_number = ${number}, parts_cost = ${partsCost}::numeric WHERE id = ${id}::int RETURNING id`],
        },
        context,
      ));
    } catch (error) {
      throw stockCheckRefusal(error) ?? error;
    }
  }
  const answer = {
    id,
    rentalAgreementId: input.rentalAgreementId,
    visitDate: input.visitDate,
    visitKind: input.visitKind,
    downFrom: input.downFrom ?? null,
    downTo: input.downTo ?? null,
    parts,
    partsCost,
    documentNumber,
    notes: input.notes ?? '',
    createdAt: row!.createdAt,
    updatedAt: row!.updatedAt,
  };
  await audit(tx, auditActorOf(actor), { action: 'create', resource: 'service-visits', recordId: id, after: answer });
  return answer;
}
