import { planMessages, planName, salespersonRoles, type SalesPlanDetail, type SalesPlanInput, type salesPlanDocument, yearQuantity } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, jsonValue, numericArray, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, AnyDocumentBinding, DocumentHandlers, DraftValues } from '../../lib/document/document-binding.ts';
import { writeDraftSearchRow } from '../../lib/document/document-service.ts';
import { documentSearchable, searchRowUpsert } from '../../lib/search/search-rows.ts';
import { audit } from '../../plugins/audit.ts';
import { pricesFor } from '../sales/sales.api.ts';
import { lineQuantitySql, salesPlanScope } from './sales-plans.queries.ts';

interface ItemFact {
  id: number;
  itemName: string;
  articleNumber: string;
  unit: string;
  categoryId: number;
  isApproved: boolean;
}

interface PlanRef {
  id: number;
  documentNumber: string | null;
  version: number;
}

interface PlanFacts {
  region: { regionName: string } | null;
  customer: { customerName: string; regionId: number } | null;
  salesperson: { name: string; role: string } | null;
  items: Map<number, ItemFact>;
  conflict: PlanRef | null;
}

/** The plan's key as SQL conditions on `p` (customer and salesperson may be absent: NULL matches NULL). */
const sameKey = (input: Pick<SalesPlanInput, 'year' | 'regionId' | 'customerId' | 'salespersonId'>) =>
  sql`p.year = ${input.year}::int AND p.region_id = ${input.regionId}::int
      AND p.customer_id IS NOT DISTINCT FROM ${input.customerId ?? null}::int AND p.salesperson_id IS NOT DISTINCT FROM ${input.salespersonId ?? null}::int`;

/** A live plan's head: approved, or a draft or submitted plan that is no revision (a revision counts with the version it revises). */
const liveHead = sql`(p.status = 'approved' OR (p.status IN ('draft', 'submitted') AND p.revision_of IS NULL))`;

/**
 * Everything a save checks, in one read: region (within the actor's regions), customer,
 * salesperson, the items, and the first other live plan of the same key. It first locks the
 * item rows the save touches (old and new lines, id order): the triggers that keep
 * items.plans lock them again statement by statement, and taking them all at once, first,
 * keeps two saves over the same items from locking them in two orders.
 */
async function readFacts(tx: Tx, actor: Actor, input: SalesPlanInput, exclude: { id?: number; revisionOf?: number | null }, lockIds: readonly number[]): Promise<PlanFacts> {
  const scope = salesPlanScope(actor, sql`r.id`);
  const [row] = await queryRows<{ region: unknown; customer: unknown; salesperson: unknown; items: unknown; conflict: unknown; locked: number }>(
    tx,
    sql`WITH locked AS (SELECT id FROM items WHERE id = ANY(${intArray([...new Set(lockIds)])}) ORDER BY id FOR NO KEY UPDATE)
        SELECT (SELECT count(*) FROM locked)::int AS locked,
          (SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = ${input.regionId}::int ${scope ? sql`AND ${scope}` : sql``}) AS region,
          (SELECT json_build_object('customerName', c.customer_name, 'regionId', c.region_id) FROM customers c WHERE c.id = ${input.customerId ?? null}::int) AS customer,
          (SELECT json_build_object('name', u.name, 'role', u.role) FROM users u WHERE u.id = ${input.salespersonId ?? null}::int) AS salesperson,
          (SELECT json_agg(json_build_object('id', it.id, 'itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit,
                                             'categoryId', it.category_id, 'isApproved', it.is_approved))
             FROM items it WHERE it.id = ANY(${intArray([...new Set(input.lines.map((l) => l.itemId))])})) AS items,
          (SELECT json_build_object('id', p.id, 'documentNumber', p.document_number, 'version', p.version) FROM sales_plans p
             WHERE ${sameKey(input)} AND ${liveHead} AND p.id <> ${exclude.id ?? 0}::int AND p.id IS DISTINCT FROM ${exclude.revisionOf ?? null}::int
             ORDER BY p.id LIMIT 1) AS conflict`,
  );
  const items = jsonValue<ItemFact[] | null>(row!.items) ?? [];
  return {
    region: jsonValue(row!.region),
    customer: jsonValue(row!.customer),
    salesperson: jsonValue(row!.salesperson),
    items: new Map(items.map((item) => [Number(item.id), { ...item, id: Number(item.id), categoryId: Number(item.categoryId) }])),
    conflict: jsonValue(row!.conflict),
  };
}

/** Refuses, naming the fields, what the plan may not hold; then the second live plan of its key (409 naming the first). */
function assertPlan(input: SalesPlanInput, facts: PlanFacts): void {
  const problems: Record<string, string> = {};
  if (!facts.region) problems.regionId = planMessages.regionMissing;
  if (input.customerId != null) {
    if (!facts.customer) problems.customerId = planMessages.customerMissing;
    else if (Number(facts.customer.regionId) !== input.regionId) problems.customerId = planMessages.customerOtherRegion;
  }
  if (input.salespersonId != null) {
    if (!facts.salesperson) problems.salespersonId = planMessages.salespersonMissing;
    else if (!salespersonRoles.includes(facts.salesperson.role as never)) problems.salespersonId = planMessages.salespersonRole;
  }
  const firstLine = new Map<number, number>();
  input.lines.forEach((line, index) => {
    const item = facts.items.get(line.itemId);
    const field = `lines.${index}.itemId`;
    if (!item) problems[field] = planMessages.itemMissing;
    else if (!item.isApproved) problems[field] = planMessages.itemNotApproved;
    else if (firstLine.has(line.itemId)) problems[field] = planMessages.itemTwice(firstLine.get(line.itemId)! + 1);
    if (!firstLine.has(line.itemId)) firstLine.set(line.itemId, index);
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  if (facts.conflict) throw new ConflictError(planMessages.liveExists(planName({ ...facts.conflict, id: Number(facts.conflict.id), version: Number(facts.conflict.version) })));
}

/** 1 January of the plan's year: the document date, so the number's year is the plan's. */
const planDate = (year: number) => `${String(year).padStart(4, '0')}-01-01`;

/** What a plan stores beyond its input: its date, the yearly total, and each line's months as one array parameter. */
function valuesOf(input: SalesPlanInput, header: Record<string, unknown> = {}): DraftValues {
  return {
    header: { documentDate: planDate(input.year), totalQuantity: input.lines.reduce((sum, line) => sum + yearQuantity(line.months), 0), ...header },
    lines: input.lines.map((line) => ({ months: sql.param(line.months) })),
  };
}

/** The draft as written, with the names the check read (no re-read): what a GET answers. */
function draftOf(draft: SalesPlanDetail, input: SalesPlanInput, facts: PlanFacts): SalesPlanDetail {
  return {
    ...draft,
    customerId: input.customerId ?? null,
    salespersonId: input.salespersonId ?? null,
    totalQuantity: Number(draft.totalQuantity),
    totalValue: null,
    version: Number(draft.version ?? 1),
    revisionOf: (draft.revisionOf as number | null | undefined) ?? null,
    region: facts.region,
    customer: input.customerId != null && facts.customer ? { customerName: facts.customer.customerName } : null,
    salesperson: input.salespersonId != null && facts.salesperson ? { name: facts.salesperson.name } : null,
    lineCount: input.lines.length,
    supersededAt: null,
    supersededBy: null,
    lines: draft.lines.map((line, index) => {
      const item = facts.items.get(input.lines[index]!.itemId)!;
      const months = [...input.lines[index]!.months];
      return { ...line, months, unitPrice: null, quantity: yearQuantity(months), value: null, item: { itemName: item.itemName, articleNumber: item.articleNumber, unit: item.unit, categoryId: item.categoryId } };
    }),
  };
}

const itemIdsOf = (plan: { lines: ReadonlyArray<{ itemId: number }> }) => plan.lines.map((line) => line.itemId);

/** The revision of a plan still in progress (a draft or submitted), if any. */
async function openRevisionOf(tx: Tx, id: number): Promise<PlanRef | undefined> {
  const [row] = await queryRows<PlanRef>(tx, sql`SELECT id, document_number AS "documentNumber", version FROM sales_plans WHERE revision_of = ${id}::int AND status IN ('draft', 'submitted') ORDER BY id LIMIT 1`);
  return row ? { ...row, id: Number(row.id), version: Number(row.version) } : undefined;
}

/** Today in the server's calendar (the price list's date of an approval). */
const today = () => new Date().toISOString().slice(0, 10);

type PlanAction = ActionOf<typeof salesPlanDocument>;

/** `binding` is asked for lazily: the binding holds these handlers. */
export function salesPlanHandlers(binding: () => AnyDocumentBinding): DocumentHandlers<SalesPlanInput, SalesPlanDetail, PlanAction> {
  return {
    async create(tx, actor, input, drafts) {
      const facts = await readFacts(tx, actor, input, {}, itemIdsOf(input));
      assertPlan(input, facts);
      const values = valuesOf(input);
      return { document: draftOf(drafts.answer(await drafts.insert(input, values), input, values), input, facts) };
    },

    async update(tx, actor, before, input, drafts) {
      if (before.revisionOf !== null) {
        const keys = ['year', 'regionId', 'customerId', 'salespersonId'] as const;
        const changed = keys.filter((key) => (input[key] ?? null) !== (before[key] ?? null));
        if (changed.length > 0) throw new BadRequestError(Object.fromEntries(changed.map((key) => [key, planMessages.revisionKeepsKey])));
      }
      const facts = await readFacts(tx, actor, input, { id: before.id, revisionOf: before.revisionOf }, [...itemIdsOf(input), ...itemIdsOf(before)]);
      assertPlan(input, facts);
      const values = valuesOf(input, { version: before.version, revisionOf: before.revisionOf, documentNumber: before.documentNumber });
      return { document: draftOf(drafts.answer(await drafts.update(before.id, input, values), input, values, before), input, facts) };
    },

    transitions: {
      /** The machinery numbers it (SP-<plan year>-NNNNNN; a revision keeps its number) and stamps it. */
      async submit(_tx, _actor, draft) {
        return { document: draft };
      },

      /**
       * Freezes each line's unit price (the price list's price for the plan's region, and its
       * customer if any, on the day of approval; else the item's sale price) and the plan's
       * value, and supersedes the version this one revises. The revision is locked before the
       * version it revises (a document before the documents it refers to).
       */
      async approve(tx, actor, draft) {
        if (draft.revisionOf !== null) {
          const [revised] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM sales_plans WHERE id = ${draft.revisionOf}::int FOR NO KEY UPDATE`);
          if (revised?.status !== 'approved') throw new ConflictError(planMessages.revisedNotApproved);
          await tx.execute(sql`UPDATE sales_plans SET status = 'superseded', superseded_at = now(), superseded_by = ${actor.userId}::int, updated_at = now() WHERE id = ${draft.revisionOf}::int`);
          await tx.execute(searchRowUpsert(documentSearchable(binding()), draft.revisionOf, { status: 'superseded' }));
          await audit(tx, auditActorOf(actor), { action: 'supersede', resource: 'sales-plans', recordId: draft.revisionOf, before: { status: 'approved' }, after: { status: 'superseded', by: draft.id } });
        }
        const itemIds = itemIdsOf(draft);
        const prices = await pricesFor(tx, itemIds, { regionId: draft.regionId, customerId: draft.customerId ?? 0, date: today() });
        await tx.execute(sql`WITH priced AS (
            UPDATE sales_plan_lines l SET unit_price = p.price
            FROM unnest(${intArray(itemIds)}, ${numericArray(itemIds.map((id) => prices.get(id) ?? '0'))}) AS p(item_id, price)
            WHERE l.sales_plan_id = ${draft.id}::int AND l.item_id = p.item_id
            RETURNING round((${lineQuantitySql()}) * p.price, 2) AS value)
          UPDATE sales_plans SET total_value = (SELECT coalesce(sum(value), 0) FROM priced) WHERE id = ${draft.id}::int`);
        return { document: draft };
      },

      /**
       * A new draft, version + 1 of the same number, copied from this approved plan (which stays
       * approved, and readable, until the revision is approved). The answer is the new draft.
       */
      async revise(tx, actor, plan, step) {
        const open = await openRevisionOf(tx, plan.id);
        if (open) throw new ConflictError(planMessages.openRevision(planName(open)));
        const [next] = await queryRows<{ version: number }>(tx, sql`SELECT max(version) + 1 AS version FROM sales_plans WHERE document_number = ${plan.documentNumber}::text`);
        const input: SalesPlanInput = {
          year: plan.year,
          regionId: plan.regionId,
          customerId: plan.customerId,
          salespersonId: plan.salespersonId,
          notes: plan.notes,
          lines: plan.lines.map((line) => ({ itemId: line.itemId, months: [...line.months] })),
        };
        const values = valuesOf(input, { version: Number(next!.version), revisionOf: plan.id, documentNumber: plan.documentNumber });
        const written = await step.drafts.insert(input, values);
        for (const write of step.claim()) await tx.execute(write(sql`${plan.documentNumber}::text`));
        await writeDraftSearchRow(tx, binding(), written.id);
        const facts: PlanFacts = {
          region: plan.region,
          customer: plan.customer ? { customerName: plan.customer.customerName, regionId: plan.regionId } : null,
          salesperson: plan.salesperson ? { name: plan.salesperson.name, role: '' } : null,
          items: new Map(plan.lines.map((line) => [line.itemId, { id: line.itemId, ...line.item, isApproved: true }])),
          conflict: null,
        };
        const document = draftOf(step.drafts.answer<SalesPlanDetail>(written, input, values), input, facts);
        await audit(tx, auditActorOf(actor), { action: 'create', resource: 'sales-plans', recordId: written.id, after: { revisionOf: plan.id, version: document.version } });
        return { document };
      },

      /** Refused while a revision is in progress (cancel or delete that first): the revision would revise a cancelled plan. */
      async cancel(tx, _actor, plan) {
        const open = plan.status === 'approved' ? await openRevisionOf(tx, plan.id) : undefined;
        if (open) throw new ConflictError(planMessages.openRevision(planName(open)));
        return { document: plan };
      },
    },
  };
}

