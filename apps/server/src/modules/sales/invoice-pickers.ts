import { expiryStatus, fefoAllocate, fefoOrder, type InvoiceOption, type LotProposal, type lotProposalQuerySchema, type OptionsQuery } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { optionsPage } from '../../lib/resource/options-page.ts';
import { likePattern } from '../../lib/resource/resource-query.ts';
import { companySettingSql } from '../setup/setup.api.ts';
import { invoiceScope } from './invoices.queries.ts';

// What an invoice form's pickers read: the lots a line may sell from, and posted invoices as options.

/** The lots a line may draw from and the FEFO split of `quantity` over them. */
export async function proposeLots(executor: Executor, actor: Actor, query: z.output<typeof lotProposalQuerySchema>): Promise<LotProposal[]> {
  const date = query.date ?? todayIso();
  const judgedOn = date > todayIso() ? date : todayIso();
  const scope = invoiceScope(actor, sql`i.region_id`);
  const rows = await queryRows<{ id: number; lotNumber: string; dateExpiry: string | null; quantity: number; nearExpiryDays: number }>(
    executor,
    sql`SELECT i.id, i.lot_number AS "lotNumber", i.date_expiry::text AS "dateExpiry", i.quantity,
               ${companySettingSql('nearExpiryDays')} AS "nearExpiryDays"
        FROM inventory i JOIN stock_locations loc ON loc.id = i.location_id
        WHERE i.item_id = ${query.itemId}::int AND i.region_id = ${query.regionId}::int AND loc.kind = 'warehouse' AND i.quantity > 0
          AND i.lot_status = 'released' AND (i.date_expiry IS NULL OR i.date_expiry >= ${judgedOn}::date)${scope ? sql` AND ${scope}` : sql``}`,
  );
  const lots = rows.map((r) => ({ id: Number(r.id), lotNumber: r.lotNumber, dateExpiry: r.dateExpiry, quantity: Number(r.quantity) }));
  const { draws } = fefoAllocate(lots, query.quantity ?? 0, judgedOn);
  const takes = new Map(draws.map((d) => [d.lot.id, d.quantity]));
  const windowDays = Number(rows[0]?.nearExpiryDays ?? 90);
  return fefoOrder(lots, judgedOn).map((lot) => ({
    inventoryId: lot.id,
    lotNumber: lot.lotNumber,
    dateExpiry: lot.dateExpiry,
    quantity: lot.quantity,
    take: takes.get(lot.id) ?? 0,
    nearExpiry: expiryStatus(lot.dateExpiry, judgedOn, windowDays) === 'nearExpiry',
  }));
}

async function selectOptions(executor: Executor, where: SQL, limit?: number): Promise<InvoiceOption[]> {
  const rows = await queryRows<{ id: number; name: string; createdAt: string | Date; customerId: number; openAmount: string }>(
    executor,
    sql`SELECT invoices.id, invoices.document_number || ' · ' || c.customer_name AS name, invoices.created_at AS "createdAt", invoices.customer_id AS "customerId",
               (invoices.grand_total - invoices.allocated_amount - invoices.returned_amount)::text AS "openAmount"
        FROM invoices JOIN customers c ON c.id = invoices.customer_id
        WHERE invoices.status = 'posted' AND ${where}
        ORDER BY invoices.id DESC ${limit === undefined ? sql`` : sql`LIMIT ${limit}::int`}`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, invoiceId: Number(r.id), createdAt: new Date(r.createdAt).toISOString(), customerId: Number(r.customerId), openAmount: r.openAmount }));
}

export async function invoiceOptions(executor: Executor, actor: Actor, query: OptionsQuery): Promise<{ options: InvoiceOption[]; hasMore: boolean }> {
  const scope = invoiceScope(actor) ?? sql`TRUE`;
  const pattern = query.search ? likePattern(query.search) : undefined;
  const search = pattern ? sql`(invoices.document_number ILIKE ${pattern} OR c.customer_name ILIKE ${pattern})` : sql`TRUE`;
  return optionsPage(query, {
    page: (limit) => selectOptions(executor, sql`${scope} AND ${search}`, limit),
    byIds: (ids) => selectOptions(executor, sql`${scope} AND invoices.id IN (${intList(ids)})`),
  });
}
