import type { Province, SaleType } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '../../db/client.ts';

// The documents FBR is told of, read as posted: the outbox builds their payloads from these rows.

export interface PostedLine {
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

/** A posted invoice or return as FBR is told of it; a return carries its invoice's FBR number and its reason. */
export interface PostedDocument {
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
  invoiceRefNo?: string;
  reason?: string;
}

export type ReportedType = 'invoice' | 'salesReturn';

/** The sales of a batch as posted (rental charges are services, not reported: PRODUCT.md, issue 30 section 3), with their lines in order. */
function postedSalesSql(ids: readonly number[]): SQL {
  return sql`SELECT i.id, i.document_number AS "documentNumber", i.document_date::text AS "documentDate", i.region_id AS "regionId",
               i.buyer_registration_type AS "buyerRegistrationType", c.customer_name AS "customerName", c.address, c.ntn, c.cnic, c.province,
               -- The item's name looked up by key: a join let the posting's generic plan hash the whole items table.
               (SELECT json_agg(json_build_object('itemName', (SELECT it.item_name FROM items it WHERE it.id = l.item_id), 'hsCode', l.hs_code, 'fbrUom', l.fbr_uom,
                         'saleType', l.sale_type, 'taxRate', l.tax_rate::text, 'sroScheduleNo', l.sro_schedule_no, 'sroItemSerialNo', l.sro_item_serial_no,
                         'retailPrice', l.retail_price::text, 'furtherTaxRate', l.further_tax_rate::text, 'furtherTaxAmount', l.further_tax_amount::text,
                         'quantity', l.quantity, 'price', l.price::text, 'amount', l.amount::text, 'taxAmount', l.tax_amount::text) ORDER BY l.line_no)
                FROM invoice_lines l WHERE l.invoice_id = i.id) AS lines
        FROM invoices i JOIN customers c ON c.id = i.customer_id
        WHERE i.id = ANY(${intArray([...ids])}) AND i.kind = 'sale'`;
}

/**
 * The returns of `ids` that FBR is told of, as Debit Notes: those of an invoice FBR accepted (an
 * invoice posted before reporting was on has no number, and its return is not reported). A line's
 * FBR facts (HS code, unit, SRO, retail price, price) are its invoice line's, as sold; its money is
 * the return's own.
 */
function reportedReturnsSql(ids: readonly number[]): SQL {
  return sql`SELECT r.id, r.document_number AS "documentNumber", r.document_date::text AS "documentDate", r.region_id AS "regionId",
               i.buyer_registration_type AS "buyerRegistrationType", c.customer_name AS "customerName", c.address, c.ntn, c.cnic, c.province,
               r.reason, s.fbr_invoice_number AS "invoiceRefNo",
               (SELECT json_agg(json_build_object('itemName', it.item_name, 'hsCode', il.hs_code, 'fbrUom', il.fbr_uom, 'saleType', l.sale_type,
                         'taxRate', l.tax_rate::text, 'sroScheduleNo', il.sro_schedule_no, 'sroItemSerialNo', il.sro_item_serial_no,
                         'retailPrice', il.retail_price::text, 'furtherTaxRate', il.further_tax_rate::text, 'furtherTaxAmount', l.further_tax_amount::text,
                         'quantity', l.quantity, 'price', il.price::text, 'amount', l.amount::text, 'taxAmount', l.tax_amount::text) ORDER BY l.line_no)
                FROM sales_return_lines l JOIN invoice_lines il ON il.id = l.invoice_line_id JOIN items it ON it.id = l.item_id
                WHERE l.sales_return_id = r.id) AS lines
        FROM sales_returns r
        JOIN invoices i ON i.id = r.invoice_id
        JOIN customers c ON c.id = r.customer_id
        JOIN fbr_submissions s ON s.document_type = 'invoice' AND s.document_id = r.invoice_id AND s.status = 'accepted'
        WHERE r.id = ANY(${intArray([...ids])})`;
}

/** The statement of the documents of `ids` FBR is told of, by type (a row per document, its `lines` a JSON array), for the outbox's one read. */
export function reportedDocumentsSql(documentType: ReportedType, ids: readonly number[]): SQL {
  return documentType === 'invoice' ? postedSalesSql(ids) : reportedReturnsSql(ids);
}
