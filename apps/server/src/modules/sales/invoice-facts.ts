import { type BuyerTaxFacts, type InvoiceInput, permittedIds, type RegistrationType, type StoredLotStatus, type TaxFactsInForce } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intArray, jsonValue, preferGenericPlans, queryPrepared, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { taxFactsInForceSql } from '../inventory/inventory.api.ts';
import { companySettingSql } from '../setup/setup.api.ts';
import { pricesOf, pricesReadSql } from './sales-prices.ts';

export interface SaleCustomer {
  id: number;
  customerName: string;
  active: boolean;
  regionId: number;
  accountId: number;
  paymentTermsDays: number;
  salespersonId: number | null;
  address: string | null;
  phone: string | null;
  taxNumber: string | null;
  registrationType: RegistrationType;
  ntn: string | null;
  cnic: string | null;
  strn: string | null;
}

export interface SaleItem {
  id: number;
  itemName: string;
  articleNumber: string;
  unit: string;
  isApproved: boolean;
  /** Its row of tax facts in force on the invoice's date (read with the item, not per line). */
  taxFacts: TaxFactsInForce | null;
}

/** A lot as a sale may draw from it: only a warehouse lot of the invoice's region qualifies. */
export interface SaleLot {
  id: number;
  itemId: number;
  lotNumber: string;
  dateExpiry: string | null;
  regionId: number;
  isWarehouse: boolean;
  quantity: number;
  unitCost: string;
  /** Issue 31: only a released lot is sold; `statusReason` says what holds another. */
  lotStatus: StoredLotStatus;
  statusReason: string;
}

/** What the rules of an invoice's save read, in one query with the prices. */
export interface SaleFacts {
  /** Within the actor's regions, else null (refused like a missing one). */
  customer: SaleCustomer | null;
  region: { id: number; regionName: string } | null;
  courier: { id: number; courierName: string } | null;
  items: Map<number, SaleItem>;
  /** The lots the lines name, and every lot of the region's warehouse with stock of the items of lines that name none. */
  lots: Map<number, SaleLot>;
  /** Per item, its lots in the region's warehouse with stock (the first-expiry-first-out candidates). */
  candidates: Map<number, SaleLot[]>;
  /** The buyer's registration and the settings' rates: with each item's facts, what the lines' tax is computed from. */
  tax: BuyerTaxFacts;
  nearExpiryDays: number;
  /** The price list's price per item for the customer, region and date. */
  prices: Map<number, string>;
}

const lotJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'itemId', ${alias}.item_id, 'lotNumber', ${alias}.lot_number, 'dateExpiry', ${alias}.date_expiry,
    'regionId', ${alias}.region_id, 'isWarehouse', loc.kind = 'warehouse', 'quantity', ${alias}.quantity, 'unitCost', ${alias}.unit_cost::text,
    'lotStatus', ${alias}.lot_status, 'statusReason', ${alias}.status_reason)`);

/** ` AND column = ANY(the actor's ids of the area)`, or nothing for an actor not kept to some. */
export function scoped(actor: Actor, area: string, column: SQL): SQL {
  const ids = permittedIds(actor.permissions, area);
  return ids ? sql` AND ${column} = ANY(${intArray(ids)})` : sql``;
}

/** Reads what `input` names (customer, region, courier, items, lots) and the candidates for lines without a lot. */
export async function readSaleFacts(tx: Tx, actor: Actor, input: InvoiceInput): Promise<SaleFacts> {
  const itemIds = [...new Set(input.lines.map((l) => l.itemId))];
  const needPrice = input.lines.filter((l) => l.price === undefined || l.price === null || l.price === '').map((l) => l.itemId);
  const priceWhere = { regionId: input.regionId, customerId: input.customerId, date: input.invoiceDate };
  const namedLots = [...new Set(input.lines.flatMap((l) => (l.inventoryId ? [l.inventoryId] : [])))];
  const fefoItems = [...new Set(input.lines.filter((l) => !l.inventoryId).map((l) => l.itemId))];
  // Arrays, not IN lists: a few texts whatever the invoice (each list one id or many), each prepared
  // once, and planned once (the read and the save's statements after it are lookups by key).
  await preferGenericPlans(tx);
  const [row] = await queryPrepared<Record<string, unknown>>(
    tx,
    sql`SELECT
          (SELECT json_build_object('id', c.id, 'customerName', c.customer_name, 'active', c.active, 'regionId', c.region_id, 'accountId', c.account_id,
                                    'paymentTermsDays', c.payment_terms_days, 'salespersonId', c.salesperson_id, 'address', c.address, 'phone', c.phone,
                                    'taxNumber', c.tax_number, 'registrationType', c.registration_type,
                                    'ntn', c.ntn, 'cnic', c.cnic, 'strn', c.strn)
             FROM customers c WHERE c.id = ${input.customerId}::int${scoped(actor, 'regions', sql`c.region_id`)}) AS customer,
          (SELECT json_build_object('id', r.id, 'regionName', r.region_name) FROM regions r WHERE r.id = ${input.regionId}::int${scoped(actor, 'regions', sql`r.id`)}) AS region,
          (SELECT json_build_object('id', k.id, 'courierName', k.courier_name) FROM couriers k WHERE k.id = ${input.courierId ?? null}::int) AS courier,
          (SELECT json_agg(json_build_object('id', it.id, 'itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit, 'isApproved', it.is_approved,
                                             'taxFacts', ${taxFactsInForceSql(sql`it.id`, sql`${input.invoiceDate}::date`)}))
             FROM items it WHERE it.id = ANY(${intArray(itemIds)})${scoped(actor, 'categories', sql`it.category_id`)}) AS items,
          (SELECT json_agg(${lotJson('i')}) FROM inventory i JOIN stock_locations loc ON loc.id = i.location_id
             WHERE i.id = ANY(${intArray(namedLots)})
                OR (i.item_id = ANY(${intArray(fefoItems)}) AND i.region_id = ${input.regionId}::int AND loc.kind = 'warehouse' AND i.quantity > 0)) AS lots,
          ${companySettingSql('taxRate')}::text AS "taxRate",
          ${companySettingSql('furtherTaxRate')}::text AS "furtherTaxRate",
          ${companySettingSql('nearExpiryDays')} AS "nearExpiryDays",
          ${pricesReadSql(needPrice, priceWhere)} AS prices`,
  );
  const customer = jsonValue<SaleCustomer | null>(row!.customer);
  const lots = (jsonValue<SaleLot[] | null>(row!.lots) ?? []).map((l) => ({ ...l, id: Number(l.id), itemId: Number(l.itemId), regionId: Number(l.regionId), quantity: Number(l.quantity) }));
  const candidates = new Map<number, SaleLot[]>();
  for (const lot of lots) {
    if (!lot.isWarehouse || lot.regionId !== input.regionId || lot.quantity <= 0) continue;
    candidates.set(lot.itemId, [...(candidates.get(lot.itemId) ?? []), lot]);
  }
  // Read with the facts; they count only for a customer in the actor's scope.
  const prices = customer ? pricesOf(row!.prices, priceWhere) : new Map<number, string>();
  return {
    customer: customer && {
      ...customer,
      id: Number(customer.id),
      regionId: Number(customer.regionId),
      accountId: Number(customer.accountId),
      paymentTermsDays: Number(customer.paymentTermsDays),
      salespersonId: customer.salespersonId === null ? null : Number(customer.salespersonId),
    },
    region: jsonValue(row!.region),
    courier: jsonValue(row!.courier),
    items: new Map((jsonValue<SaleItem[] | null>(row!.items) ?? []).map((it) => [Number(it.id), { ...it, id: Number(it.id) }])),
    lots: new Map(lots.map((l) => [l.id, l])),
    candidates,
    tax: { registrationType: customer?.registrationType ?? 'unregistered', furtherTaxRate: String(row!.furtherTaxRate ?? '0'), standardRate: String(row!.taxRate ?? '0') },
    nearExpiryDays: Number(row!.nearExpiryDays ?? 90),
    prices,
  };
}
