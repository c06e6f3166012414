import {
  compareDecimal,
  hasScope,
  itemTaxFacts as declaration,
  itemTaxFactsMessages,
  itemTaxFactsWriteScope,
  permittedIds,
  rateProblem,
  type SaleType,
  type taxRateChangeSchema,
  taxFactsProblems,
  withTaxFactsDefaults,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Db, type Executor, intArray, intList, queryRows } from '../../db/client.ts';
import { itemTaxFacts } from '../../db/schema/index.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError } from '../../lib/app-error.ts';
import type { ConstraintRefusal } from '../../lib/pg-error.ts';
import type { ResourceWriteHooks, Row, RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import { auditRowsStatement } from '../../plugins/audit.ts';
import { readSettingValues } from '../setup/setup.api.ts';
import { runResourceChecks } from '../../lib/resource/resource-checks.ts';

/** The rows a caller sees: those of items of their categories, as the items themselves. */
export function itemTaxFactsScope(subject: RowScopeSubject): SQL | undefined {
  const categories = permittedIds(subject.permissions, 'categories');
  return categories ? sql`${itemTaxFacts.itemId} IN (SELECT id FROM items WHERE category_id IN (${intList(categories)}))` : undefined;
}

/** `rateLabel` over a row's columns, as FBR words the rate (rateLabelOf's rule in SQL, so lists and exports sort and read it alike). */
export const rateLabelSql = (saleType: AnyPgColumn | SQL, rate: AnyPgColumn | SQL): SQL =>
  sql`CASE WHEN ${saleType} = 'exempt' THEN 'Exempt' ELSE trim_scale(${rate})::text || '%' END`;

/**
 * An item's row in force on `date` as JSON (money as strings): the latest dated row on or before
 * it, else the first. One index probe per item (item_tax_facts_item_date).
 */
export function taxFactsInForceSql(itemId: AnyPgColumn | SQL, date: SQL): SQL {
  return sql`(SELECT json_build_object('id', f.id, 'itemId', f.item_id, 'effectiveFrom', f.effective_from, 'hsCode', f.hs_code, 'fbrUom', f.fbr_uom,
                'saleType', f.sale_type, 'rate', f.rate::text, 'rateLabel', ${rateLabelSql(sql`f.sale_type`, sql`f.rate`)}, 'sroScheduleNo', f.sro_schedule_no,
                'sroItemSerialNo', f.sro_item_serial_no, 'retailPrice', f.retail_price::text, 'furtherTaxApplies', f.further_tax_applies)
              FROM item_tax_facts f WHERE f.item_id = ${itemId} AND (f.effective_from IS NULL OR f.effective_from <= ${date})
              ORDER BY f.effective_from DESC NULLS LAST LIMIT 1)`;
}

/** An item's row in force today, by the database's date as every list reads its rows: one index probe per row of the page. */
export const taxFactsTodaySql = (itemId: AnyPgColumn): SQL => taxFactsInForceSql(itemId, sql`current_date`);

/** The standard rate a row takes when none is given: the settings' `taxRate`. */
async function standardRate(tx: Executor): Promise<string> {
  const { taxRate } = await readSettingValues(tx, ['taxRate']);
  return String(taxRate ?? '0.00');
}

function refuseProblems(problems: Record<string, string>): void {
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * A row's facts with their defaults (a null rate or further tax follows the sale type), checked
 * across fields: what a create or update writes besides the body's own values.
 */
async function completed(tx: Executor, row: Row): Promise<Row> {
  const saleType = (row.saleType ?? 'standardRate') as SaleType;
  // The settings are read only when the standard rate is the default taken.
  const standard = !given(row.rate) && saleType === 'standardRate' ? await standardRate(tx) : '0.00';
  const values = withTaxFactsDefaults(
    {
      saleType,
      rate: given(row.rate) ? String(row.rate) : null,
      sroScheduleNo: row.sroScheduleNo as string | null,
      sroItemSerialNo: row.sroItemSerialNo as string | null,
      retailPrice: given(row.retailPrice) ? String(row.retailPrice) : null,
      furtherTaxApplies: row.furtherTaxApplies as boolean | null,
    },
    standard,
  );
  refuseProblems(taxFactsProblems(values));
  return { rate: values.rate, furtherTaxApplies: values.furtherTaxApplies, sroScheduleNo: values.sroScheduleNo, sroItemSerialNo: values.sroItemSerialNo };
}

/**
 * The rules a generic create, update and delete cannot say: a new row is dated (the undated first
 * row comes with its item); the first row stays undated and is never deleted; a dated row keeps a
 * date; the rate and further tax follow the sale type when not given; the rules across fields.
 */
export const itemTaxFactsWrites: ResourceWriteHooks = {
  async beforeInsert(tx, _actor, input) {
    // A missing item first (the foreign key would name it only after the rules below spoke of its rate).
    const [item] = await queryRows(tx, sql`SELECT 1 FROM items WHERE id = ${Number(input.itemId)}::int`);
    if (!item) throw new BadRequestError({ itemId: 'Item does not exist' });
    if (!given(input.effectiveFrom)) throw new BadRequestError({ effectiveFrom: itemTaxFactsMessages.dateRequired });
    return completed(tx, input);
  },

  async beforeUpdate(tx, _actor, before, input) {
    if (given(input.itemId) && input.itemId !== before.itemId) throw new BadRequestError({ itemId: itemTaxFactsMessages.itemKept });
    if (before.effectiveFrom === null && given(input.effectiveFrom)) throw new BadRequestError({ effectiveFrom: itemTaxFactsMessages.firstRowUndated });
    if (before.effectiveFrom !== null && input.effectiveFrom === null) throw new BadRequestError({ effectiveFrom: itemTaxFactsMessages.dateRequired });
    const changedSaleType = given(input.saleType) && input.saleType !== before.saleType;
    // A changed sale type brings its own rate unless a new one is given (a form sends the old one
    // back): 0 for an untaxed supply, the standard rate for a standard one.
    const newRate = given(input.rate) && compareDecimal(String(input.rate), String(before.rate)) !== 0;
    const keepsRate = newRate || !changedSaleType || !['standardRate', 'zeroRate', 'exempt'].includes(String(input.saleType));
    const merged = {
      ...before,
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
      rate: keepsRate ? (input.rate ?? before.rate) : null,
      // With a new sale type, further tax not sent, or sent back unchanged, follows the type, as the rate does.
      furtherTaxApplies:
        changedSaleType && (input.furtherTaxApplies === undefined || input.furtherTaxApplies === before.furtherTaxApplies) ? null : (input.furtherTaxApplies ?? before.furtherTaxApplies),
    };
    return completed(tx, merged);
  },

  async beforeDelete(_tx, _actor, before) {
    if (before.effectiveFrom === null) throw new ConflictError(itemTaxFactsMessages.firstRowKept, { effectiveFrom: itemTaxFactsMessages.firstRowKept });
  },
};

/** A second row of one item on one date (the first row's "no date" included), even by two writers at once. */
export const sameDateRefusal: ConstraintRefusal = { status: 409, message: itemTaxFactsMessages.sameDate, errors: { effectiveFrom: itemTaxFactsMessages.sameDate } };

/** An item's first facts given with it (`POST /api/items` `taxFacts`): the row its trigger made, updated by the body's values. */
export async function writeFirstTaxFacts(tx: Executor, actor: Actor, itemId: number, facts: Row): Promise<void> {
  if (!hasScope(actor.role, actor.scopes, itemTaxFactsWriteScope)) throw new ForbiddenError(itemTaxFactsMessages.scope);
  let values: Row;
  try {
    values = await completed(tx, facts);
    // Other areas' checks of the row (FBR's unit), as the generic writes of later rows run them.
    await runResourceChecks(tx, declaration.name, { ...facts, itemId, ...values });
  } catch (error) {
    // Named as the body names them, under `taxFacts`.
    if (error instanceof BadRequestError && error.errors) throw new BadRequestError(Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [`taxFacts.${field}`, message])));
    throw error;
  }
  await tx.execute(sql`UPDATE item_tax_facts SET hs_code = ${(facts.hsCode as string | null | undefined) ?? null}::text, fbr_uom = ${(facts.fbrUom as string | null | undefined) ?? null}::text,
        sale_type = ${(facts.saleType as string | undefined) ?? 'standardRate'}::text, rate = ${values.rate}::numeric, sro_schedule_no = ${values.sroScheduleNo}::text,
        sro_item_serial_no = ${values.sroItemSerialNo}::text, retail_price = ${(facts.retailPrice as string | null | undefined) ?? null}::numeric,
        further_tax_applies = ${values.furtherTaxApplies}::boolean, updated_at = now()
      WHERE item_id = ${itemId}::int AND effective_from IS NULL`);
}

export interface RateChangeAnswer {
  count: number;
  itemIds: number[];
  skipped: number[];
}

/**
 * A Finance Act's new rate (`POST /api/item-tax-facts/rate-change`): for every item of the
 * caller's whose row in force up to the date has the sale type and the old rate (only `itemIds`
 * when given), a row from the date copying the rest at the new rate (the schedule and serial
 * unless new ones are given), in one statement with its audit rows. Such items that already have
 * a row on that date are left as they are, named in `skipped`: running a change again names them all.
 */
export async function changeTaxRate(db: Db, actor: Actor, input: z.output<typeof taxRateChangeSchema>): Promise<RateChangeAnswer> {
  const refused = rateProblem(input.saleType, input.toRate);
  if (refused) throw new BadRequestError({ toRate: refused });
  const categories = permittedIds(actor.permissions, 'categories');
  const scope = categories ? sql`AND i.category_id IN (${intList(categories)})` : sql``;
  const chosen = input.itemIds ? sql`AND i.id = ANY(${intArray(input.itemIds)})` : sql``;
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ made: number[] | null; skipped: number[] | null }>(
      tx,
      sql`WITH in_force AS (
            -- The row in force just before the date: what the change replaces from it.
            SELECT DISTINCT ON (f.item_id) f.*
            FROM item_tax_facts f JOIN items i ON i.id = f.item_id ${scope} ${chosen}
            WHERE f.effective_from IS NULL OR f.effective_from < ${input.effectiveFrom}::date
            ORDER BY f.item_id, f.effective_from DESC NULLS LAST),
          matching AS (SELECT * FROM in_force WHERE sale_type = ${input.saleType}::text AND rate = ${input.fromRate}::numeric),
          skipped AS (SELECT m.item_id FROM matching m WHERE EXISTS (SELECT 1 FROM item_tax_facts x WHERE x.item_id = m.item_id AND x.effective_from = ${input.effectiveFrom}::date)),
          made AS (
            INSERT INTO item_tax_facts (item_id, effective_from, hs_code, fbr_uom, sale_type, rate, sro_schedule_no, sro_item_serial_no, retail_price, further_tax_applies)
            SELECT m.item_id, ${input.effectiveFrom}::date, m.hs_code, m.fbr_uom, m.sale_type, ${input.toRate}::numeric,
                   coalesce(nullif(${input.sroScheduleNo ?? ''}::text, ''), m.sro_schedule_no), coalesce(nullif(${input.sroItemSerialNo ?? ''}::text, ''), m.sro_item_serial_no),
                   m.retail_price, m.further_tax_applies AND ${input.toRate}::numeric > 0
            FROM matching m WHERE m.item_id NOT IN (SELECT item_id FROM skipped)
            ORDER BY m.item_id
            RETURNING id, item_id, rate),
          audited AS (${auditRowsStatement(
            auditActorOf(actor),
            'create',
            declaration.name,
            sql`SELECT made.id::text, NULL::jsonb, jsonb_build_object('itemId', made.item_id, 'effectiveFrom', ${input.effectiveFrom}::text, 'saleType', ${input.saleType}::text,
                        'fromRate', ${input.fromRate}::text, 'rate', made.rate::text, 'rateChange', true) FROM made`,
          )})
          SELECT (SELECT array_agg(item_id ORDER BY item_id) FROM made) AS made, (SELECT array_agg(item_id ORDER BY item_id) FROM skipped) AS skipped`,
    );
    const itemIds = (row?.made ?? []).map(Number);
    return { count: itemIds.length, itemIds, skipped: (row?.skipped ?? []).map(Number) };
  });
}
