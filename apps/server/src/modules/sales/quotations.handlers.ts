import { quotationDocument,
  canonicalDecimal,
  documentMessages,
  lineMoney,
  type LineMoney,
  type PricedLine as SalesPricedLine,
  permittedIds,
  type QuotationInput,
  type BuyerTaxFacts,
  lineTaxAnswer,
  lineTaxFields,
  type LineTaxFields,
  type RegistrationType,
  saleTaxFactsOf,
  sharedTaxRate,
  type TaxFactsInForce,
  taxSummaryOf,
  quotationMessages,
  salesMessages,
  salesTotals,
  sumFitsColumn,
  type SalesTotals,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intList, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf, DraftValues } from '../../lib/document/document-binding.ts';
import { createInvoiceDraft } from './invoices.binding.ts';
import type { QuotationDetail } from './quotations.queries.ts';
import { taxFactsInForceSql } from '../inventory/inventory.api.ts';
import { companySettingSql } from '../setup/setup.api.ts';
import { pricesFor } from './sales-prices.ts';

interface QuotedItem {
  id: number;
  itemName: string;
  articleNumber: string;
  unit: string;
  isApproved: boolean;
  /** Its row of tax facts in force on the quotation's date. */
  taxFacts: TaxFactsInForce | null;
}

interface QuotedCustomer {
  customerName: string;
  address: string | null;
  active: boolean;
  regionId: number;
  regionName: string;
  registrationType: RegistrationType;
}

/** What a quotation's checks and amounts read, in one query (plus the price list's prices when a line has none). */
interface QuotationFacts {
  /** Null when missing or outside the actor's regions: refused alike. */
  customer: QuotedCustomer | null;
  /** Missing or outside the actor's categories: absent. */
  items: Map<number, QuotedItem>;
  /** The buyer's registration and the settings' rates now: with each item's facts, what the lines' tax is computed from (a draft keeps what it was written with). */
  tax: BuyerTaxFacts;
}

function scoped(actor: Actor, area: string, column: SQL): SQL {
  const ids = permittedIds(actor.permissions, area);
  return ids ? sql` AND ${column} IN (${intList(ids)})` : sql``;
}

async function readFacts(tx: Tx, actor: Actor, input: QuotationInput): Promise<QuotationFacts> {
  const itemIds = [...new Set(input.lines.map((l) => l.itemId))];
  const [row] = await queryRows<{ customer: unknown; items: unknown; taxRate: string | null; furtherTaxRate: string | null }>(
    tx,
    sql`SELECT
          (SELECT json_build_object('customerName', c.customer_name, 'address', c.address, 'active', c.active, 'regionId', c.region_id, 'regionName', r.region_name,
                                    'registrationType', c.registration_type)
             FROM customers c JOIN regions r ON r.id = c.region_id
             WHERE c.id = ${input.customerId}::int${scoped(actor, 'regions', sql`c.region_id`)}) AS customer,
          (SELECT json_agg(json_build_object('id', it.id, 'itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit, 'isApproved', it.is_approved,
                                             'taxFacts', ${taxFactsInForceSql(sql`it.id`, sql`${input.quotationDate}::date`)}))
             FROM items it WHERE it.id IN (${intList(itemIds)})${scoped(actor, 'categories', sql`it.category_id`)}) AS items,
          ${companySettingSql('taxRate')}::text AS "taxRate",
          ${companySettingSql('furtherTaxRate')}::text AS "furtherTaxRate"`,
  );
  const customer = jsonValue<QuotedCustomer | null>(row!.customer);
  const items = jsonValue<QuotedItem[] | null>(row!.items) ?? [];
  return {
    customer: customer && { ...customer, regionId: Number(customer.regionId) },
    items: new Map(items.map((i) => [Number(i.id), { ...i, id: Number(i.id) }])),
    tax: { registrationType: customer?.registrationType ?? 'unregistered', furtherTaxRate: row!.furtherTaxRate ?? '0', standardRate: row!.taxRate ?? '0' },
  };
}

/**
 * Refuses, naming the field, what the quotation may not hold: a customer that does not exist,
 * is not the actor's (another region: reads as missing) or is not active; an item that does
 * not exist (or is outside the actor's categories) or is not approved; a validity before the
 * quotation's date.
 */
function assertQuotation(input: QuotationInput, facts: QuotationFacts): void {
  const problems: Record<string, string> = {};
  if (!facts.customer) problems.customerId = salesMessages.customerMissing;
  else if (!facts.customer.active) problems.customerId = salesMessages.customerInactive;
  if (input.validUntil < input.quotationDate) problems.validUntil = quotationMessages.validBeforeDate;
  input.lines.forEach((line, index) => {
    const item = facts.items.get(line.itemId);
    if (!item) problems[`lines.${index}.itemId`] = salesMessages.itemMissing;
    else if (!item.isApproved) problems[`lines.${index}.itemId`] = salesMessages.itemNotApproved;
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
}

const given = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** A line as stored: the domain's priced line (its price given, else the price list's) with its item, discount and money. */
interface PricedLine extends SalesPricedLine {
  itemId: number;
  discountPercent: string;
  taxFields: LineTaxFields;
  money: LineMoney;
}

interface Priced {
  lines: PricedLine[];
  totals: SalesTotals;
}

/**
 * The lines' prices and money: a price left out is the price list's for the customer, its
 * region and the quotation date (one read for all such lines); amounts by the domain's
 * lineMoney / salesTotals, so the form, this answer and the printout agree to the cent.
 */
async function priceLines(tx: Tx, input: QuotationInput, customer: QuotedCustomer, facts: QuotationFacts): Promise<Priced> {
  const unpriced = input.lines.filter((l) => !given(l.price)).map((l) => l.itemId);
  const listed = unpriced.length > 0 ? await pricesFor(tx, unpriced, { regionId: customer.regionId, customerId: input.customerId, date: input.quotationDate }) : new Map<number, string>();
  const lines = input.lines.map((line) => {
    const price = canonicalDecimal(given(line.price) ? line.price.trim() : (listed.get(line.itemId) ?? '0'));
    const discountPercent = canonicalDecimal(given(line.discountPercent) ? line.discountPercent.trim() : '0');
    const taxFields = lineTaxFields(facts.items.get(line.itemId)?.taxFacts, facts.tax);
    const money = lineMoney({ itemId: line.itemId, quantity: line.quantity, price, discountPercent }, saleTaxFactsOf(taxFields));
    return { itemId: line.itemId, quantity: line.quantity, price, discountPercent, taxFields, money };
  });
  const totals = salesTotals(lines.map((l) => l.money));
  // Lines that each fit may still add up (with their tax) past numeric(18, 2).
  if (!sumFitsColumn([totals.subtotal, totals.taxAmount, totals.furtherTaxAmount])) throw new BadRequestError({ lines: documentMessages.totalTooLarge('Grand') });
  return { lines, totals };
}

async function checkedAndPriced(tx: Tx, actor: Actor, input: QuotationInput): Promise<{ facts: QuotationFacts; priced: Priced }> {
  const facts = await readFacts(tx, actor, input);
  assertQuotation(input, facts);
  return { facts, priced: await priceLines(tx, input, facts.customer!, facts) };
}

/** What a quotation stores beyond its input: the customer's region, the tax rate, each line's price and money, the totals. */
function valuesOf(facts: QuotationFacts, { totals, lines }: Priced): DraftValues {
  return {
    header: {
      regionId: facts.customer!.regionId,
      taxRate: sharedTaxRate(lines.map((l) => l.taxFields)),
      subtotal: totals.subtotal,
      taxAmount: totals.taxAmount,
      furtherTaxAmount: totals.furtherTaxAmount,
      grandTotal: totals.grandTotal,
      buyerRegistrationType: facts.customer!.registrationType,
    },
    lines: lines.map((line) => {
      const { rateLabel: _label, ...copied } = line.taxFields;
      return { price: line.price, discountPercent: line.discountPercent, amount: line.money.amount, taxAmount: line.money.taxAmount, furtherTaxAmount: line.money.furtherTaxAmount, ...copied };
    }),
  };
}

/** The draft as written, with the names the checks read (no re-read): what a GET answers. */
function draftOf(draft: QuotationDetail, facts: QuotationFacts): QuotationDetail {
  const customer = facts.customer!;
  const lines = draft.lines.map((line) => ({ ...line, ...lineTaxAnswer(line) }));
  return {
    ...draft,
    taxSummary: taxSummaryOf(lines),
    quotationId: draft.id,
    customer: { customerName: customer.customerName, address: customer.address },
    region: { regionName: customer.regionName },
    expired: false,
    invoiceId: null,
    invoice: null,
    lines: lines.map((line) => {
      const item = facts.items.get(line.itemId)!;
      return { ...line, item: { itemName: item.itemName, articleNumber: item.articleNumber, unit: item.unit } };
    }),
  };
}

export function quotationHandlers(): DocumentHandlers<QuotationInput, QuotationDetail, ActionOf<typeof quotationDocument>> {
  return {
    /** After the checks' read (and the prices'), the header and its lines in one statement. */
    async create(tx, actor, input, drafts) {
      const { facts, priced } = await checkedAndPriced(tx, actor, input);
      const values = valuesOf(facts, priced);
      return { document: draftOf(drafts.answer(await drafts.insert(input, values), input, values), facts) };
    },

    /** The rate is the settings' again: a draft re-saved is priced as if written now. */
    async update(tx, actor, before, input, drafts) {
      const { facts, priced } = await checkedAndPriced(tx, actor, input);
      const values = valuesOf(facts, priced);
      return { document: draftOf(drafts.answer(await drafts.update(before.id, input, values), input, values, before), facts) };
    },

    transitions: {
      /** Posts nothing: the machinery numbers it (QT-YYYY-NNNNNN) and stamps it; from then on it cannot change. */
      async send(_tx, _actor, quotation) {
        return { document: quotation };
      },

      /**
       * A quotation past its validity is refused (the customer must be quoted again). Otherwise a
       * draft invoice for the quotation's customer and region, dated today, with the same lines
       * (item, quantity, price, discount; no lot, so the invoice fills them first-expiry-first-out),
       * made by the invoices' own service and linked both ways. The invoice's refusals (stock
       * short, an item no longer approved) refuse the accept and store nothing. The answer is
       * read again by the machinery, so its `invoiceId` is the new invoice's.
       */
      async accept(tx, actor, quotation) {
        if (quotation.validUntil < todayIso()) throw new ConflictError(quotationMessages.expired(quotation.validUntil));
        const invoice = await createInvoiceDraft(
          tx,
          actor,
          {
            customerId: quotation.customerId,
            regionId: quotation.regionId,
            invoiceDate: todayIso(),
            lines: quotation.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity, price: line.price, discountPercent: line.discountPercent })),
          },
          { quotationId: quotation.id },
        );
        await tx.execute(sql`UPDATE quotations SET invoice_id = ${invoice.id}::int WHERE id = ${quotation.id}::int`);
        return { document: quotation, audit: { invoiceId: invoice.id } };
      },

      async reject(_tx, _actor, quotation) {
        return { document: quotation };
      },
    },
  };
}
