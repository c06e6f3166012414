import { buildFbrPayload, fbrPrintWords, type FbrSubmissionStatus, fbrSubmissionStatuses, type FbrEnvironment, type FbrPayload, type FbrPayloadLine, fbrMessages, fromMinorUnits, lineTaxAnswer, type Province, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, jsonValue, queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { AnswerFields, DocumentHookDeclarations, PostingWritesHook } from '../../lib/document/document-hooks.ts';
import { z } from 'zod';
import { companySettingSql } from '../setup/setup.api.ts';
import { allowedUnitsSql, referenceWordsSql, unitsFromReference, wordsFromReference } from './fbr-reference.ts';
import { fbrNoticeOf, neverReportedSql } from './fbr-print.ts';
import { reportingState } from './fbr-reporting-state.ts';
import { type PostedDocument, type PostedLine, type ReportedType, reportedDocumentsSql } from './fbr-posted-documents.ts';
import { checkReturnForFbr } from './fbr-returns.ts';


const invoiceTypeOf = { invoice: 'Sale Invoice', salesReturn: 'Debit Note' } as const;

/**
 * What FBR would refuse for missing data (issue 30, section 3) or a unit its reference data does
 * not allow for the line's HS code (section 2; checked only for a code the cache holds): 409
 * naming the line's item or the buyer, so nothing of the posting is stored.
 */
function refusalsOf(invoice: PostedDocument, lines: readonly PostedLine[], units: ReadonlyMap<string, readonly string[]>): Record<string, string> {
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
 * The payload of each document of `ids` FBR is told of (a sale, rental charges left out; a return
 * of an invoice FBR accepted), as FBR is to receive it in `environment`, in FBR's words from the
 * reference cache; a document FBR would refuse for missing data or a unit the cache does not allow
 * throws (409 naming the line or the buyer). One statement per batch, whatever its size.
 */
export async function documentPayloads(
  tx: Tx,
  documentType: ReportedType,
  ids: readonly number[],
  environment: FbrEnvironment,
): Promise<{ invoices: PostedDocument[]; payloads: FbrPayload[] }> {
  // One round trip in the posting's transaction, before its statement takes the number's lock: the
  // documents with their lines, the company, the reference words and the units of their HS codes;
  // prepared, its text fixed.
  const [read] = await queryPrepared<{ documents: unknown; company: Record<string, string | null> | string; words: unknown; units: unknown }>(
    tx,
    sql`WITH docs AS (${reportedDocumentsSql(documentType, ids)})
        SELECT (SELECT json_agg(docs ORDER BY docs.id) FROM docs) AS documents,
               json_build_object('ntn', ${companySettingSql('ntn')}, 'companyName', ${companySettingSql('companyName')},
                                 'address', ${companySettingSql('address')}, 'province', ${companySettingSql('province')}) AS company,
               ${referenceWordsSql} AS words,
               ${allowedUnitsSql(sql`SELECT DISTINCT l->>'hsCode' FROM docs CROSS JOIN LATERAL json_array_elements(docs.lines) l`)} AS units`,
  );
  const invoices = jsonValue<PostedDocument[]>(read?.documents) ?? [];
  if (invoices.length === 0) return { invoices, payloads: [] };
  const company = jsonValue<Record<string, string | null>>(read!.company) ?? {};
  const [words, units] = [wordsFromReference(read!.words), unitsFromReference(read!.units)];
  const linesOf = new Map(invoices.map((invoice) => [invoice.id, jsonValue<PostedLine[]>(invoice.lines) ?? []]));
  const payloads = invoices.map((invoice) => {
    const lines = linesOf.get(invoice.id)!;
    const problems = refusalsOf(invoice, lines, units);
    if (Object.keys(problems).length > 0) throw new ConflictError(Object.values(problems)[0]!, problems);
    return buildFbrPayload({
      invoiceType: invoiceTypeOf[documentType],
      invoiceRefNo: invoice.invoiceRefNo,
      reason: invoice.reason,
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
 * The outbox row of a sale or return posted while reporting is on (issue 30, section 3), written
 * in the posting's own statement (sales' postingWrites hook): the posting and its report commit
 * together or not at all, and the sender does the rest after the commit. The payload is read and
 * built just before that statement, from the document as it is to be posted (no number is in it),
 * so the number's lock, which every posting of the type waits for, is held no longer with
 * reporting on than off. A document FBR would refuse for missing data throws here (409), before
 * anything of the posting is written.
 */
const reportPosting = (documentType: ReportedType): PostingWritesHook => async (tx, _actor, document) => {
  const state = await reportingState(tx);
  if (!state.enabled) return [];
  const { invoices, payloads } = await documentPayloads(tx, documentType, [document.id], state.environment);
  const [posted, payload] = [invoices[0], payloads[0]];
  if (!posted || !payload) return [];
  return [
    (documentNumber) =>
      sql`INSERT INTO fbr_submissions (document_type, document_id, document_number, document_date, customer_name, region_id, invoice_type, environment, payload)
          VALUES (${documentType}, ${posted.id}::int, ${documentNumber}, ${posted.documentDate}::date, ${posted.customerName}::text, ${posted.regionId}::int,
                  ${invoiceTypeOf[documentType]}, ${state.environment}, ${JSON.stringify(payload)}::jsonb)`,
  ];
};

/**
 * Issue 30, section 5: a document FBR holds or may hold (queued, sending, unknown, accepted)
 * is corrected by a sales return, never cancelled: FBR keeps what it received. A rejected one
 * never reached FBR's books and may be cancelled.
 */
const refuseReportedCancel = (documentType: ReportedType) => async (tx: Tx, _actor: Actor, documents: ReadonlyArray<{ id: number }>): Promise<void> => {
  const [held] = await queryRows<{ status: string; fbrInvoiceNumber: string | null }>(
    tx,
    sql`SELECT status, fbr_invoice_number AS "fbrInvoiceNumber" FROM fbr_submissions
        WHERE document_type = ${documentType} AND document_id = ANY(${intArray(documents.map((d) => d.id))}) AND status <> 'rejected' LIMIT 1 FOR UPDATE`,
  );
  if (!held) return;
  const state = held.fbrInvoiceNumber ?? held.status;
  throw new ConflictError(documentType === 'invoice' ? fbrMessages.reportedCancel(state) : fbrMessages.reportedReturnCancel(state));
};

interface FbrStateRow {
  id: number;
  documentStatus: string;
  service: boolean;
  status: FbrSubmissionStatus | null;
  fbrInvoiceNumber: string | null;
  fbrSubmissionId: number | null;
}

/**
 * FBR's state of each document (issue 30, sections 5 and 6): the submission's status (null when
 * none), its FBR number and id, and whether the document says "NOT YET A TAX INVOICE" as its PDF
 * does (fbrNoticeOf), on the invoice's and the return's answers. One statement for a page, run
 * with the other areas' answer reads.
 */
const fbrState = (documentType: ReportedType): AnswerFields => ({
  fields: {
    fbrStatus: z.enum(fbrSubmissionStatuses).nullable(),
    fbrInvoiceNumber: z.string().nullable(),
    fbrSubmissionId: z.int().nullable(),
    fbrNotice: z.string().nullable().describe('"NOT YET A TAX INVOICE" while FBR has not accepted a document it has or would be told of, as the PDF prints'),
  },
  batched: {
    rows(ids) {
      const table = sql.identifier(documentType === 'invoice' ? 'invoices' : 'sales_returns');
      return sql`SELECT d.id, d.status AS "documentStatus", coalesce(${neverReportedSql(documentType)}, false) AS service, s.status, s.fbr_invoice_number AS "fbrInvoiceNumber",
                        s.id AS "fbrSubmissionId"
                 FROM ${table} d LEFT JOIN fbr_submissions s ON s.document_type = ${documentType} AND s.document_id = d.id
                 WHERE d.id = ANY(${intArray([...ids])})`;
    },
    async answers(rows, _ids, executor) {
      // The reporting state once for the page, and only when a row needs it.
      let reporting: Promise<boolean> | undefined;
      const reportingOn = () => (reporting ??= reportingState(executor).then((state) => state.enabled));
      const answers = new Map<number, Record<string, unknown>>();
      for (const row of rows as unknown as ReadonlyArray<FbrStateRow>) {
        const notice = (await fbrNoticeOf(row, reportingOn)) ? fbrPrintWords.notYet : null;
        answers.set(row.id, { fbrStatus: row.status, fbrInvoiceNumber: row.fbrInvoiceNumber, fbrSubmissionId: row.fbrSubmissionId, fbrNotice: notice });
      }
      return answers;
    },
  },
});

export const fbrDocumentHooks: DocumentHookDeclarations = {
  postingWrites: { invoices: reportPosting('invoice'), 'sales-returns': reportPosting('salesReturn') },
  beforePost: { 'sales-returns': checkReturnForFbr },
  beforeCancel: { invoices: refuseReportedCancel('invoice'), 'sales-returns': refuseReportedCancel('salesReturn') },
  answerFields: { invoices: fbrState('invoice'), 'sales-returns': fbrState('salesReturn') },
};
