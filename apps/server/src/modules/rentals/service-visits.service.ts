import { permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList, queryRows, type Tx } from '../../db/client.ts';
import { postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';
import { prepareStockMoves, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentRow, TransitionOutcome, TransitionStep } from '../../lib/document/document-binding.ts';

export interface ServiceVisitInput {
  rentalAgreementId: number;
  visitDate: string;
  visitKind: 'install' | 'preventive' | 'breakdown' | 'relocation';
  downFrom?: string | null;
  downTo?: string | null;
  parts?: Array<{ inventoryId: number; quantity: number }>;
  notes?: string;
}

export interface VisitAgreement {
  id: number;
  customerId: number;
  regionId: number;
  jointVentureId: number | null;
  documentNumber: string | null;
}

export const visitMessages = {
  lotMissing: 'The lot does not exist',
  notRegionWarehouse: "Parts come from the warehouse of the agreement's region",
  analyser: 'An analyser is a rental asset, not a part',
} as const;

/**
 * What the create refuses before writing (400): an agreement the actor does not see, days down
 * given by half or backwards, and parts the engineer could not have taken (`parts.N.inventoryId`).
 */
export async function visitAgreement(tx: Tx, actor: Actor, input: ServiceVisitInput): Promise<VisitAgreement> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [agreement] = await queryRows<VisitAgreement>(
    tx,
    sql`SELECT id, customer_id AS "customerId", region_id AS "regionId", joint_venture_id AS "jointVentureId", document_number AS "documentNumber"
        FROM rental_agreements WHERE id = ${input.rentalAgreementId}::int${regions ? sql` AND region_id IN (${intList(regions)})` : sql``}`,
  );
  const errors: Record<string, string> = agreement ? await partProblems(tx, actor, Number(agreement.regionId), input.parts ?? []) : {};
  if (!agreement) errors.rentalAgreementId = 'Agreement does not exist';
  if ((input.downFrom ?? null) === null !== ((input.downTo ?? null) === null)) errors.downTo = 'Enter both days of the downtime, or neither';
  else if (input.downFrom && input.downTo && input.downTo < input.downFrom) errors.downTo = 'The downtime cannot end before it starts';
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  return agreement!;
}

/**
 * The parts' lots checked as a stock adjustment checks its lots, and where they stand: a lot
 * outside the actor's regions or categories reads as missing (row scope on writes); the rest must
 * be stock of the agreement's region's warehouse, where its engineers draw spares (not another
 * region's, not a lot in transit or at a customer site); and a unit of a rental asset (an
 * analyser, in stock or placed) is no part: drawing it would leave its asset record pointing
 * at an empty lot, so its placement or return would fail later.
 */
async function partProblems(tx: Tx, actor: Actor, regionId: number, parts: NonNullable<ServiceVisitInput['parts']>): Promise<Record<string, string>> {
  if (parts.length === 0) return {};
  const regions = permittedIds(actor.permissions, 'regions');
  const categories = permittedIds(actor.permissions, 'categories');
  const lots = await queryRows<{ id: number; inWarehouse: boolean; analyser: boolean }>(
    tx,
    sql`SELECT i.id, (loc.kind = 'warehouse' AND i.region_id = ${regionId}::int) AS "inWarehouse",
               EXISTS (SELECT 1 FROM rental_assets a WHERE i.id IN (a.inventory_id, a.home_inventory_id)) AS analyser
        FROM inventory i JOIN items it ON it.id = i.item_id JOIN stock_locations loc ON loc.id = i.location_id
        WHERE i.id IN (${intList(parts.map((part) => part.inventoryId))})
        ${regions ? sql`AND i.region_id IN (${intList(regions)})` : sql``} ${categories ? sql`AND it.category_id IN (${intList(categories)})` : sql``}`,
  );
  const found = new Map(lots.map((lot) => [Number(lot.id), lot]));
  const problems: Record<string, string> = {};
  parts.forEach((part, index) => {
    const lot = found.get(part.inventoryId);
    const problem = !lot ? visitMessages.lotMissing : lot.analyser ? visitMessages.analyser : !lot.inWarehouse ? visitMessages.notRegionWarehouse : undefined;
    if (problem) problems[`parts.${index}.inventoryId`] = problem;
  });
  return problems;
}

type Visit = DocumentRow & Required<Pick<ServiceVisitInput, 'parts' | 'visitKind'>>;

/**
 * A service visit posted in its create's transaction: the parts used drawn from their lots
 * (SVC-YYYY-NNNNNN): Dr Service cost of placements, Cr Inventory at the lots' cost, stamped with
 * the agreement. A visit without parts posts nothing and leaves its status to the machinery.
 */
export async function postServiceVisit<Detail extends Visit>(tx: Tx, actor: Actor, visit: Detail, agreement: VisitAgreement, step: TransitionStep): Promise<TransitionOutcome<Detail>> {
  if (visit.parts.length === 0) return { document: visit };
  const { documentType, documentId, documentDate } = step.posting;
  const stock = await prepareStockMoves(tx, {
    document: { documentType, documentId, date: documentDate },
    actor: { userId: actor.userId },
    moves: visit.parts.map((part, index) => ({ lineNo: index + 1, field: `parts.${index}`, direction: 'out' as const, quantity: part.quantity, lot: { inventoryId: part.inventoryId } })),
  });
  const partsCost = stock.valueOut;
  const accounts = await requirePostingAccounts(tx, ['placementServiceCost', 'inventory']);
  const stamp = await agreementStamp(tx, documentDate, agreement);
  const context = await readPostingContext(tx, [accounts.placementServiceCost, accounts.inventory], actor.userId);
  try {
    const { documentNumber } = await postToLedger(
      tx,
      {
        ...step.posting,
        narration: `Service visit (${visit.visitKind}) under ${agreement.documentNumber ?? 'draft'}`,
        lines: [
          { accountId: accounts.placementServiceCost, debit: partsCost, credit: '0', ...stamp },
          { accountId: accounts.inventory, debit: '0', credit: partsCost, ...stamp },
        ],
        before: stock.statements,
        alongside: step.claim({ parts_cost: sql`${partsCost}::numeric`, document_number: (number) => number }),
      },
      context,
    );
    return { document: { ...visit, status: 'posted', partsCost, documentNumber }, documentNumber };
  } catch (error) {
    throw stockCheckRefusal(error) ?? error;
  }
}

/**
 * A visit's days down waive the months they fall in: once the month end has billed such a month
 * (a period row), the waiver is in that month's invoice, so the visit is kept (409).
 */
export async function assertVisitCancellable(tx: Tx, visit: DocumentRow & Pick<ServiceVisitInput, 'rentalAgreementId' | 'downFrom' | 'downTo'>): Promise<void> {
  if (!visit.downFrom || !visit.downTo) return;
  const [billed] = await queryRows<{ month: string }>(
    tx,
    sql`SELECT to_char(month, 'YYYY-MM') AS month FROM rental_periods
        WHERE rental_agreement_id = ${visit.rentalAgreementId}::int AND month BETWEEN date_trunc('month', ${visit.downFrom}::date) AND ${visit.downTo}::date ORDER BY month LIMIT 1`,
  );
  if (billed) throw new ConflictError(`The month end has billed ${billed.month}, whose downtime this visit waived: the visit is kept`);
}
