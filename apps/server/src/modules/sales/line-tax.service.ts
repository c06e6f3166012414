import { type BuyerTaxFacts, lineTaxFields, type LineTaxPreview, type lineTaxQuerySchema, type RegistrationType, type TaxFactsInForce } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, intArray, jsonValue, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { taxFactsInForceSql } from '../inventory/inventory.api.ts';
import { scoped } from './invoice-facts.ts';
import { companySettingSql } from '../setup/setup.api.ts';

/** What lines of these items to this customer on this date are taxed by: each item's row in force, the buyer's registration, the settings' rates. */
export interface LineTaxFacts {
  /** By item id; an item outside the actor's categories is absent. */
  facts: Record<string, TaxFactsInForce | null>;
  /** Null when there is no customer, or it is outside the actor's regions. */
  registrationType: RegistrationType | null;
  buyer: BuyerTaxFacts;
}

/** One read; without `actor`, unscoped (a posting re-reading its own draft's facts). */
export async function readLineTaxFacts(executor: Executor, query: { itemIds: readonly number[]; customerId?: number | null; date: string }, actor?: Actor): Promise<LineTaxFacts> {
  const [row] = await queryRows<{ facts: unknown; registrationType: RegistrationType | null; taxRate: string | null; furtherTaxRate: string | null }>(
    executor,
    sql`SELECT (SELECT json_object_agg(it.id, ${taxFactsInForceSql(sql`it.id`, sql`${query.date}::date`)})
                FROM items it WHERE it.id = ANY(${intArray([...query.itemIds])})${actor ? scoped(actor, 'categories', sql`it.category_id`) : sql``}) AS facts,
               (SELECT c.registration_type FROM customers c WHERE c.id = ${query.customerId ?? null}::int${actor ? scoped(actor, 'regions', sql`c.region_id`) : sql``}) AS "registrationType",
               ${companySettingSql('taxRate')}::text AS "taxRate", ${companySettingSql('furtherTaxRate')}::text AS "furtherTaxRate"`,
  );
  return {
    facts: jsonValue<Record<string, TaxFactsInForce | null> | null>(row!.facts) ?? {},
    registrationType: row!.registrationType,
    // No buyer yet: no further tax, as for a registered one, until the form names the customer.
    buyer: { registrationType: row!.registrationType ?? 'registered', furtherTaxRate: row!.furtherTaxRate ?? '0', standardRate: row!.taxRate ?? '0' },
  };
}

/** GET /api/sales/line-tax: each item's line facts for the buyer on the date. */
export async function previewLineTax(executor: Executor, actor: Actor, query: z.infer<typeof lineTaxQuerySchema>): Promise<LineTaxPreview> {
  const { facts, registrationType, buyer } = await readLineTaxFacts(executor, query, actor);
  return {
    buyerRegistrationType: registrationType,
    lines: Object.fromEntries(Object.entries(facts).map(([itemId, inForce]) => [itemId, lineTaxFields(inForce, buyer)])),
  };
}
