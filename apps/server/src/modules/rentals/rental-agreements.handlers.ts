import { earlyExitAmount, lifeMonthOf, permittedIds, type RentalAgreementDetail, type RentalAgreementInput, rentalAgreementDocument, termEndOf, toMinorUnits } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { intList, queryRows, type Tx } from '../../db/client.ts';
import { rentalAgreements } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { postInvoices } from '../sales/sales.api.ts';
import { rentalAgreementQueries } from './rental-agreements.queries.ts';

export const rentalMessages = {
  perTestPrice: 'Enter the price per test of a per-test agreement',
  notSerial: 'The rental asset must be a unit of a serial-tracked item',
  customerRegion: 'The customer belongs to another region',
  missing: (label: string) => `${label} does not exist`,
  notPlaced: 'The agreement has no unit placed',
  beforeStart: (start: string) => `The date cannot be before the agreement's start (${start})`,
  placedTwice: 'This unit is already placed: a unit cannot be placed twice',
  agreementNotApproved: 'Only an approved agreement can be placed',
  agreementHasPlacement: 'This agreement already has a unit placed',
  unitNotOfAgreement: "The unit is not the agreement's rental asset",
  notInWarehouse: "The unit is not in the region's warehouse",
  unfinishedMonth: (month: string) => `The month ${month} has not ended: the month-end run is refused`,
  earlyExitWithoutPercent: 'The agreement has no early-exit percentage',
} as const;

const arrayLiteral = (ids: readonly number[]) => `{${[...new Set(ids)].join(',')}}`;

/** An agreement as the database holds it now (a reread after a write), within no row scope. */
export async function readAgreement(tx: Tx, id: number): Promise<RentalAgreementDetail | undefined> {
  const [row] = await tx.select(rentalAgreementQueries.rowSelection).from(rentalAgreements).where(eq(rentalAgreements.id, id));
  return row as RentalAgreementDetail | undefined;
}

/** The input checked against what it names (400 naming each field); rows outside the actor's regions read as missing. */
async function checkedValues(tx: Tx, actor: Actor, input: RentalAgreementInput) {
  const regions = permittedIds(actor.permissions, 'regions');
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT
      (SELECT region_id FROM customers WHERE id = ${input.customerId}::int) AS "customerRegion",
      EXISTS (SELECT 1 FROM regions WHERE id = ${input.regionId}::int${regions ? sql` AND id IN (${intList(regions)})` : sql``}) AS region,
      (SELECT i.serial_tracked FROM rental_assets a JOIN items i ON i.id = a.item_id WHERE a.id = ${input.rentalAssetId}::int) AS serial,
      (SELECT count(*) FROM items WHERE id = ANY(${arrayLiteral(input.eligibleItemIds ?? [])}::int[]))::int AS items,
      (SELECT count(*) FROM categories WHERE id = ANY(${arrayLiteral(input.eligibleCategoryIds ?? [])}::int[]))::int AS categories,
      (SELECT count(*) FROM inventory WHERE id = ANY(${arrayLiteral(input.accessoryInventoryIds ?? [])}::int[]))::int AS accessories`,
  );
  const errors: Record<string, string> = {};
  if (row!.customerRegion === null) errors.customerId = rentalMessages.missing('Customer');
  if (!row!.region) errors.regionId = rentalMessages.missing('Region');
  if (row!.serial === null) errors.rentalAssetId = rentalMessages.missing('Rental asset');
  else if (!row!.serial) errors.rentalAssetId = rentalMessages.notSerial;
  if (Number(row!.items) !== new Set(input.eligibleItemIds ?? []).size) errors.eligibleItemIds = rentalMessages.missing('An eligible item');
  if (Number(row!.categories) !== new Set(input.eligibleCategoryIds ?? []).size) errors.eligibleCategoryIds = rentalMessages.missing('An eligible category');
  if (Number(row!.accessories) !== new Set(input.accessoryInventoryIds ?? []).size) errors.accessoryInventoryIds = rentalMessages.missing('An accessory');
  if (input.billingModel === 'perTest' && (input.pricePerTest === null || input.pricePerTest === undefined)) errors.pricePerTest = rentalMessages.perTestPrice;
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  return {
    header: {
      accessoryInventoryIds: arrayLiteral(input.accessoryInventoryIds ?? []),
      eligibleItemIds: arrayLiteral(input.eligibleItemIds ?? []),
      eligibleCategoryIds: arrayLiteral(input.eligibleCategoryIds ?? []),
    },
  };
}

export interface EndInput {
  endDate: string;
  earlyExit: boolean;
}

/** Months of the term left after `endDate`'s month (exit at month 36 of 60 -> 24). */
export const monthsLeftAt = (agreement: Pick<RentalAgreementDetail, 'startDate' | 'termMonths'>, endDate: string) =>
  Math.max(0, agreement.termMonths - lifeMonthOf(agreement.startDate, endDate.slice(0, 7)));

export const rentalAgreementHandlers: DocumentHandlers<RentalAgreementInput, RentalAgreementDetail, ActionOf<typeof rentalAgreementDocument>> = {
  async create(tx, actor, input, drafts) {
    const { id } = await drafts.insert(input, await checkedValues(tx, actor, input));
    return { document: (await readAgreement(tx, id))! };
  },

  async update(tx, actor, before, input, drafts) {
    await drafts.update(before.id, input, await checkedValues(tx, actor, input));
    return { document: (await readAgreement(tx, before.id))! };
  },

  transitions: {
    async approve(_tx, _actor, agreement) {
      return { document: agreement };
    },
    async suspend(tx, actor, agreement) {
      await tx.execute(sql`UPDATE rental_agreements SET suspended_at = now(), suspended_by = ${actor.userId}::int WHERE id = ${agreement.id}::int`);
      return { document: agreement };
    },
    async resume(_tx, _actor, agreement) {
      return { document: agreement };
    },
    /**
     * Ends the agreement on a date; an early exit (before the term's end) raises its invoice:
     * the commitment of the months left x the early-exit %, stamped with the agreement.
     */
    async end(tx, actor, agreement, step) {
      const input = step.input as EndInput;
      if (input.endDate < agreement.startDate) throw new BadRequestError({ endDate: rentalMessages.beforeStart(agreement.startDate) });
      let invoiceId: number | null = null;
      if (input.earlyExit) {
        if (agreement.earlyExitPercent === null) throw new ConflictError(rentalMessages.earlyExitWithoutPercent);
        const amount = earlyExitAmount(agreement.monthlyCommitment, monthsLeftAt(agreement, input.endDate), agreement.earlyExitPercent);
        if (toMinorUnits(amount) > 0n && input.endDate < termEndOf(agreement.startDate, agreement.termMonths)) {
          const charge = {
            kind: 'rentalEarlyExit' as const,
            customerId: agreement.customerId,
            regionId: agreement.regionId,
            rentalAgreementId: agreement.id,
            invoiceDate: input.endDate,
            amount,
            notes: `Early exit of ${agreement.documentNumber}`,
          };
          invoiceId = (await postInvoices(tx, actor, [{ charge }]))[0]!.id;
        }
      }
      await tx.execute(sql`UPDATE rental_agreements SET end_date = ${input.endDate}::date, ended_at = now(), ended_by = ${actor.userId}::int,
          early_exit_invoice_id = coalesce(${invoiceId}::int, early_exit_invoice_id) WHERE id = ${agreement.id}::int`);
      return { document: { ...agreement, endDate: input.endDate, earlyExitInvoiceId: invoiceId ?? agreement.earlyExitInvoiceId } };
    },
    async cancel(_tx, _actor, agreement) {
      return { document: agreement };
    },
  },
};
