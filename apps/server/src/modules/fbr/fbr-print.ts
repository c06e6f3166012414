import { type FbrDocumentType, fbrPrintWords, fbrQrModules } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { DocumentRow } from '../../lib/document/document-binding.ts';
import type { PrintAddition, PrintAdditionDeclarations, PrintAdditionHook } from '../../lib/print/print-additions.ts';
import { readFbrLogo } from './fbr-logo.ts';
import { reportingState } from './fbr-reporting-state.ts';

interface PrintFacts {
  /** Never told to FBR (neverReportedSql): a rental's charges or their return, a return of an invoice posted while reporting was off. */
  service: boolean;
  status: string | null;
  fbrInvoiceNumber: string | null;
}

/**
 * Whether the document `d` is never told to FBR, in SQL: a rental's charges (services, taxed by the
 * province) and their returns, and a return of an invoice FBR was never told of (posted while
 * reporting was off: the return is not reported either).
 */
export function neverReportedSql(documentType: FbrDocumentType): SQL {
  return documentType === 'invoice'
    ? sql`d.kind <> 'sale'`
    : sql`((SELECT o.kind <> 'sale' FROM invoices o WHERE o.id = d.invoice_id)
           OR NOT EXISTS (SELECT 1 FROM fbr_submissions i WHERE i.document_type = 'invoice' AND i.document_id = d.invoice_id))`;
}

/** The document's kind and its submission, one statement by primary key and the submissions' unique (type, id). */
function factsSql(documentType: FbrDocumentType, id: number) {
  const kind = neverReportedSql(documentType);
  const table = documentType === 'invoice' ? sql`invoices` : sql`sales_returns`;
  return sql`SELECT coalesce(${kind}, false) AS service, s.status, s.fbr_invoice_number AS "fbrInvoiceNumber"
             FROM ${table} d LEFT JOIN fbr_submissions s ON s.document_type = ${documentType} AND s.document_id = d.id
             WHERE d.id = ${id}`;
}

/** FBR's number, its QR code and the uploaded logo (none until the admin uploads it: no stand-in of FBR's mark is drawn). */
async function acceptedMark(executor: Executor, fbrInvoiceNumber: string): Promise<PrintAddition> {
  let qr: boolean[][] | undefined;
  try {
    qr = fbrQrModules(fbrInvoiceNumber);
  } catch {
    // A number FBR sent that no version 2 symbol holds: the number still prints, and the invoice with it, rather than no PDF at all.
    qr = undefined;
  }
  const logo = await readFbrLogo(executor);
  return { mark: { caption: fbrPrintWords.caption(fbrInvoiceNumber), ...(qr ? { qr } : {}), image: logo ? { bytes: logo.bytes, mimeType: logo.mime } : null } };
}

const reportingOn = async (executor: Executor) => (await reportingState(executor)).enabled;

/**
 * Whether a document not accepted by FBR says "NOT YET A TAX INVOICE" (its PDF and its view alike):
 * a draft or posted sale that has a submission or would be reported now; not a cancelled one (it
 * never will be), a rental's (services are not reported) or one with reporting off and no submission.
 */
export async function fbrNoticeOf(facts: { service: boolean; status: string | null; documentStatus: string }, reporting: () => Promise<boolean>): Promise<boolean> {
  if (facts.status === 'accepted' || facts.service || facts.documentStatus === 'cancelled') return false;
  return facts.status !== null || (await reporting());
}

/**
 * What an invoice or a return prints of FBR (issue 30, section 6). Accepted: FBR's number, its QR
 * code and logo, whatever the document's state and whether reporting is on now (FBR holds it).
 * Otherwise "NOT YET A TAX INVOICE" under the title for a draft or a posted sale that has a
 * submission or would be reported now; nothing for a cancelled one (it never will be: "not yet"
 * would be untrue), a rental's (services are not reported) or one with reporting off and no
 * submission (as before FBR).
 */
function printAddition(documentType: FbrDocumentType): PrintAdditionHook {
  return async (executor: Executor, document: DocumentRow) => {
    const [facts] = await queryRows<PrintFacts>(executor, factsSql(documentType, document.id));
    if (!facts) return null;
    if (facts.status === 'accepted' && facts.fbrInvoiceNumber) return acceptedMark(executor, facts.fbrInvoiceNumber);
    const notice = fbrNoticeOf({ ...facts, documentStatus: String(document.status) }, () => reportingOn(executor));
    return (await notice) ? { notice: fbrPrintWords.notYet } : null;
  };
}

/** Sales' invoices and returns, by their document names: what the FBR area prints on them. */
export const fbrPrintAdditions: PrintAdditionDeclarations = {
  printAdditions: { invoices: printAddition('invoice'), 'sales-returns': printAddition('salesReturn') },
};
