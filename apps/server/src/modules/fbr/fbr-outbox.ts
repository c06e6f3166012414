import { buildFbrPayload, type FbrEnvironment, type FbrPayload, type FbrPayloadLine, fbrMessages, fromMinorUnits, lineTaxAnswer, type Province, type SaleType, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, jsonValue, queryRows, textArray, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { DocumentHookDeclarations } from '../../lib/document/document-hooks.ts';
import { readSettingValues } from '../setup/setup.api.ts';
import { allowedUnits, referenceWords } from './fbr-reference.ts';
import { reportingState } from './fbr-reporting-state.ts';

interface PostedLine {
  itemName: string;
  hsCode: string | null;
  fbrUom: string | null;
  saleType: SaleType;
  taxRate: string;
  sroScheduleNo: string;
  sroItemSerialNo: string;
  retailPrice: string | null;
  furtherTaxRate: string;
  furtherTaxAmount: string;
  quantity: number;
  price: string;
  amount: string;
  taxAmount: string;
}

interface PostedInvoice {
  id: number;
  documentNumber: string;
  documentDate: string;
  regionId: number;
  buyerRegistrationType: 'registered' | 'unregistered';
  customerName: string;
  address: string | null;
  ntn: string | null;
  cnic: string | null;
  province: Province | null;
  lines: unknown;
}

/** The sales of a batch as posted (rental charges are services, not reported: PRODUCT.md, issue 30 section 3), with their lines in order. */
async function readPostedSales(tx: Tx, ids: readonly number[]): Promise<PostedInvoice[]> {
  return queryRows<PostedInvoice>(
    tx,
    sql`SELECT i.id, i.document_number AS "documentNumber", i.document_date::text AS "documentDate", i.region_id AS "regionId",
               i.buyer_registration_type AS "buyerRegistrationType", c.customer_name AS "customerName", c.address, c.ntn, c.cnic, c.province,
               (SELECT json_agg(json_build_object('itemName', it.item_name, 'hsCode', l.hs_code, 'fbrUom', l.fbr_uom, 'saleType', l.sale_type,
                         'taxRate', l.tax_rate::text, 'sroScheduleNo', l.sro_schedule_no, 'sroItemSerialNo', l.sro_item_serial_no,
                         'retailPrice', l.retail_price::text, 'furtherTaxRate', l.further_tax_rate::text, 'furtherTaxAmount', l.further_tax_amount::text,
                         'quantity', l.quantity, 'price', l.price::text, 'amount', l.amount::text, 'taxAmount', l.tax_amount::text) ORDER BY l.line_no)
                FROM invoice_lines l JOIN items it ON it.id = l.item_id WHERE l.invoice_id = i.id) AS lines
        FROM invoices i JOIN customers c ON c.id = i.customer_id
        WHERE i.id = ANY(${intArray([...ids])}) AND i.kind = 'sale'
        ORDER BY i.id`,
  );
}

/**
 * What FBR would refuse for missing data (issue 30, section 3) or a unit its reference data does
 * not allow for the line's HS code (section 2; checked only for a code the cache holds): 409
 * naming the line's item or the buyer, so nothing of the posting is stored.
 */
function refusalsOf(invoice: PostedInvoice, lines: readonly PostedLine[], units: ReadonlyMap<string, readonly string[]>): Record<string, string> {
  const problems: Record<string, string> = {};
  lines.forEach((line, index) => {
    if (!line.hsCode || !line.fbrUom) problems[`lines.${index}.itemId`] = fbrMessages.itemFacts(line.itemName);
    else if (units.has(line.hsCode) && !units.get(line.hsCode)!.includes(line.fbrUom.trim())) {
      problems[`lines.${index}.itemId`] = fbrMessages.unitNotAllowed(line.itemName, line.fbrUom, line.hsCode);
    }
  });
  if (!invoice.province) problems.customerId = fbrMessages.buyerProvince;
  return problems;
}

/** A line as the payload builder reads it; the discount in money is what the line's price and quantity lost to it. */
function payloadLine(line: PostedLine): FbrPayloadLine {
  const answer = lineTaxAnswer(line);
  const gross = toMinorUnits(line.price) * BigInt(line.quantity);
  return {
    hsCode: line.hsCode,
    productDescription: line.itemName,
    saleType: line.saleType,
    taxRate: line.taxRate,
    rateLabel: answer.rateLabel,
    fbrUom: line.fbrUom,
    quantity: line.quantity,
    amount: line.amount,
    taxAmount: line.taxAmount,
    furtherTaxAmount: line.furtherTaxAmount,
    lineTotal: answer.lineTotal,
    retailPrice: line.retailPrice,
    sroScheduleNo: line.sroScheduleNo,
    sroItemSerialNo: line.sroItemSerialNo,
    discount: fromMinorUnits(gross - toMinorUnits(line.amount)),
  };
}

/**
 * The payload of each sale of `ids` (rental charges left out), as FBR is to receive it in
 * `environment`, in FBR's words from the reference cache; a sale FBR would refuse for missing data
 * or a unit the cache does not allow throws (409 naming the line or the buyer). The cache costs two
 * statements per batch, whatever its size.
 */
export async function invoicePayloads(tx: Tx, ids: readonly number[], environment: FbrEnvironment): Promise<{ invoices: PostedInvoice[]; payloads: FbrPayload[] }> {
  const invoices = await readPostedSales(tx, ids);
  if (invoices.length === 0) return { invoices, payloads: [] };
  const company = await readSettingValues(tx, ['ntn', 'companyName', 'address', 'province']);
  const linesOf = new Map(invoices.map((invoice) => [invoice.id, jsonValue<PostedLine[]>(invoice.lines) ?? []]));
  const hsCodes = [...new Set([...linesOf.values()].flatMap((lines) => lines.flatMap((line) => (line.hsCode ? [line.hsCode] : []))))];
  const [words, units] = [await referenceWords(tx), await allowedUnits(tx, hsCodes)];
  const payloads = invoices.map((invoice) => {
    const lines = linesOf.get(invoice.id)!;
    const problems = refusalsOf(invoice, lines, units);
    if (Object.keys(problems).length > 0) throw new ConflictError(Object.values(problems)[0]!, problems);
    return buildFbrPayload({
      invoiceType: 'Sale Invoice',
      invoiceDate: invoice.documentDate,
      environment,
      seller: { ntn: company.ntn ?? '', businessName: company.companyName ?? '', province: (company.province ?? null) as Province | null, address: company.address ?? '' },
      buyer: {
        ntn: invoice.ntn,
        cnic: invoice.cnic,
        businessName: invoice.customerName,
        province: invoice.province,
        address: invoice.address ?? '',
        registrationType: invoice.buyerRegistrationType,
      },
      lines: lines.map(payloadLine),
    }, words);
  });
  return { invoices, payloads };
}

/**
 * The outbox row of each posted sale while reporting is on (issue 30, section 3), written in the
 * posting's own transaction by sales' onPosted hook: the posting and its report commit together or
 * not at all, and the sender does the rest after the commit. A sale FBR would refuse for missing
 * data throws here, which rolls the whole posting back.
 */
async function reportInvoices(tx: Tx, _actor: Actor, postedIds: readonly number[]): Promise<void> {
  const state = await reportingState(tx);
  if (!state.enabled) return;
  const { invoices, payloads } = await invoicePayloads(tx, postedIds, state.environment);
  if (invoices.length === 0) return;
  await tx.execute(
    sql`INSERT INTO fbr_submissions (document_type, document_id, document_number, document_date, customer_name, region_id, invoice_type, environment, payload)
        SELECT 'invoice', v.id, v.number, v.date::date, v.customer, v.region, 'Sale Invoice', ${state.environment}, v.payload::jsonb
        FROM unnest(${intArray(invoices.map((i) => i.id))}, ${textArray(invoices.map((i) => i.documentNumber))}, ${textArray(invoices.map((i) => i.documentDate))},
                    ${textArray(invoices.map((i) => i.customerName))}, ${intArray(invoices.map((i) => i.regionId))}, ${textArray(payloads.map((p) => JSON.stringify(p)))})
          AS v(id, number, date, customer, region, payload)`,
  );
}

/**
 * Issue 30, section 5: a document FBR holds or may hold (queued, sending, unknown, accepted)
 * is corrected by a sales return, never cancelled: FBR keeps what it received. A rejected one
 * never reached FBR's books and may be cancelled.
 */
async function refuseReportedCancel(tx: Tx, _actor: Actor, documents: ReadonlyArray<{ id: number }>): Promise<void> {
  const [held] = await queryRows<{ status: string; fbrInvoiceNumber: string | null }>(
    tx,
    sql`SELECT status, fbr_invoice_number AS "fbrInvoiceNumber" FROM fbr_submissions
        WHERE document_type = 'invoice' AND document_id = ANY(${intArray(documents.map((d) => d.id))}) AND status <> 'rejected' LIMIT 1 FOR UPDATE`,
  );
  if (held) throw new ConflictError(fbrMessages.reportedCancel(held.fbrInvoiceNumber ?? held.status));
}

export const fbrDocumentHooks: DocumentHookDeclarations = {
  onPosted: { invoices: reportInvoices },
  beforeCancel: { invoices: refuseReportedCancel },
};
