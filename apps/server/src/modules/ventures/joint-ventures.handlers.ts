import { canonicalDecimal, jointVentureDocument, type JointVentureDetail, type JointVentureInput, ventureMessages, ventureProblems } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers, DraftValues } from '../../lib/document/document-binding.ts';
import { ownRegionList } from '../../lib/region-list-scope.ts';
import { openPartyAccount } from '../accounting/accounting.api.ts';

/** The partner, a vendor (with its own payable account) or a customer. */
async function partnerOf(tx: Tx, type: JointVentureInput['partnerType'], id: number): Promise<{ name: string; accountId: number | null } | null> {
  const [row] = await queryRows<{ name: string; accountId: number | null }>(
    tx,
    type === 'vendor'
      ? sql`SELECT vendor_name AS name, account_id AS "accountId" FROM vendors WHERE id = ${id}::int`
      : sql`SELECT customer_name AS name, NULL::int AS "accountId" FROM customers WHERE id = ${id}::int`,
  );
  return row ? { name: row.name, accountId: row.accountId === null ? null : Number(row.accountId) } : null;
}

/** The scope lists as the table's arrays: the draft writer casts each value to its column's type. */
function valuesOf(input: JointVentureInput): DraftValues {
  const list = (ids: readonly number[] | undefined) => sql.param([...(ids ?? [])]);
  return {
    header: {
      customerIds: list(input.customerIds),
      itemIds: list(input.itemIds),
      categoryIds: list(input.categoryIds),
      regionIds: list(input.regionIds),
      rentalAgreementIds: list(input.rentalAgreementIds),
    },
  };
}

/**
 * The partner exists and the scope holds together. A user kept to regions saves a venture of
 * their regions (none named: all of theirs), so it is one they may read (issue 27): the input as
 * saved.
 */
async function checked(tx: Tx, actor: Actor, given: JointVentureInput): Promise<{ name: string; input: JointVentureInput }> {
  const regionIds = ownRegionList(actor, given.regionIds);
  const input = regionIds ? { ...given, regionIds } : given;
  const problems = ventureProblems(input);
  if (!regionIds) problems.regionIds = ventureMessages.otherRegions;
  const partner = await partnerOf(tx, input.partnerType, input.partnerId);
  if (!partner) problems.partnerId = ventureMessages.partnerMissing;
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return { name: partner!.name, input };
}

function answerOf(draft: JointVentureDetail, input: JointVentureInput, partnerName: string): JointVentureDetail {
  return {
    ...draft,
    startDate: input.startDate,
    customerIds: input.customerIds ?? [],
    itemIds: input.itemIds ?? [],
    categoryIds: input.categoryIds ?? [],
    regionIds: input.regionIds ?? [],
    rentalAgreementIds: input.rentalAgreementIds ?? [],
    feePercent: canonicalDecimal(input.feePercent ?? '0', 4),
    partnerName,
    partnerPercent: [...input.shares].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0]?.partnerPercent ?? null,
    payableAccountId: null,
    capitalAccountId: null,
    shares: draft.shares.map((s) => ({ ...s, partnerPercent: canonicalDecimal(s.partnerPercent, 4) })),
  } as JointVentureDetail;
}

/**
 * The active venture whose scope and dates overlap this one's, if any: for every kind of rule,
 * either lists none or both share an id (items and categories as one kind: an item of a
 * listed category meets the category). Read under a lock on the active ventures, so two
 * activations take turns and the second sees the first.
 */
async function overlapping(tx: Tx, venture: JointVentureDetail): Promise<string | null> {
  await tx.execute(sql`SELECT id FROM joint_ventures WHERE status = 'active' ORDER BY id FOR NO KEY UPDATE`);
  const ids = (values: readonly number[]) => intArray(values);
  const meets = (column: string, values: readonly number[]) =>
    sql`(cardinality(v.${sql.raw(column)}) = 0 OR cardinality(${ids(values)}) = 0 OR v.${sql.raw(column)} && ${ids(values)})`;
  const [row] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT v.venture_name AS name FROM joint_ventures v
        WHERE v.status = 'active' AND v.id <> ${venture.id}::int
          AND v.document_date <= coalesce(${venture.endDate ?? null}::date, 'infinity'::date)
          AND coalesce(v.end_date, 'infinity'::date) >= ${venture.startDate}::date
          AND ${meets('customer_ids', venture.customerIds)} AND ${meets('region_ids', venture.regionIds)}
          AND ${meets('rental_agreement_ids', venture.rentalAgreementIds)}
          AND ((cardinality(v.item_ids) = 0 AND cardinality(v.category_ids) = 0) OR (cardinality(${ids(venture.itemIds)}) = 0 AND cardinality(${ids(venture.categoryIds)}) = 0)
               OR v.item_ids && ${ids(venture.itemIds)} OR v.category_ids && ${ids(venture.categoryIds)}
               OR EXISTS (SELECT 1 FROM items it WHERE (it.id = ANY(v.item_ids) AND it.category_id = ANY(${ids(venture.categoryIds)}))
                                                    OR (it.id = ANY(${ids(venture.itemIds)}) AND it.category_id = ANY(v.category_ids))))
        ORDER BY v.id LIMIT 1`,
  );
  return row?.name ?? null;
}

export const jointVentureHandlers: DocumentHandlers<JointVentureInput, JointVentureDetail, ActionOf<typeof jointVentureDocument>> = {
  async create(tx, actor, given, drafts) {
    const { name, input } = await checked(tx, actor, given);
    const values = valuesOf(input);
    return { document: answerOf(drafts.answer(await drafts.insert(input, values), input, values), input, name) };
  },

  async update(tx, actor, before, given, drafts) {
    const { name, input } = await checked(tx, actor, given);
    const values = valuesOf(input);
    return { document: answerOf(drafts.answer(await drafts.update(before.id, input, values), input, values, before), input, name) };
  },

  transitions: {
    /**
     * Refused (409 naming it) when an active venture's scope and dates overlap; otherwise the
     * partner's accounts are opened: the payable (a vendor's own account; a customer partner
     * gets one under Payables) and the capital account (under the partners' capital).
     */
    async activate(tx, _actor, venture) {
      const clash = await overlapping(tx, venture);
      if (clash) throw new ConflictError(ventureMessages.overlaps(clash));
      const partner = await partnerOf(tx, venture.partnerType, venture.partnerId);
      if (!partner) throw new BadRequestError({ partnerId: ventureMessages.partnerMissing });
      const payableAccountId = partner.accountId ?? (await openPartyAccount(tx, { kind: 'payable', name: `${partner.name} (venture ${venture.ventureName})`.slice(0, 120) }));
      const capitalAccountId = await openPartyAccount(tx, { kind: 'capital', name: `${partner.name} capital (${venture.ventureName})`.slice(0, 120) });
      await tx.execute(sql`UPDATE joint_ventures SET payable_account_id = ${payableAccountId}::int, capital_account_id = ${capitalAccountId}::int WHERE id = ${venture.id}::int`);
      return { document: { ...venture, status: 'active', payableAccountId, capitalAccountId } };
    },

    /** Stamping stops: the scope lookup reads active ventures only. */
    async close(_tx, _actor, venture) {
      return { document: { ...venture, status: 'closed' } };
    },
  },
};
