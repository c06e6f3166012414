import { moneyMessages, type ReceiptDetail, type withholdingCertificateInputSchema, type WithholdingCertificateRow, type withholdingCertificatesQuerySchema } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { auditStatement } from '../../plugins/audit.ts';
import { invoiceScope } from '../sales/sales.api.ts';
import { receiptBinding } from './receipts.binding.ts';

/**
 * Withholding certificates (issue 29, section 6): what customers withheld on their posted
 * receipts, and the certificate each owes for it. Listed on the /accounting screen (the auditor
 * reads); recorded on the receipt by whoever may cancel receipts (`receipts:cancel`: the
 * accountant and the admin), as the certificate is the receipt's proof, not a new posting.
 */

/** Posted receipts with tax withheld in the range, in the actor's regions, oldest first. */
export async function withholdingCertificates(executor: Executor, actor: Actor, query: z.infer<typeof withholdingCertificatesQuerySchema>): Promise<WithholdingCertificateRow[]> {
  const scope = invoiceScope(actor, sql`r.region_id`);
  const conditions = [
    sql`r.status = 'posted'`,
    ...(query.from ? [sql`r.document_date >= ${query.from}::date`] : []),
    ...(query.to ? [sql`r.document_date <= ${query.to}::date`] : []),
    ...(query.missingCertificate === 'true' ? [sql`r.certificate_number IS NULL`] : query.missingCertificate === 'false' ? [sql`r.certificate_number IS NOT NULL`] : []),
    ...(scope ? [scope] : []),
  ];
  const rows = await queryRows<WithholdingCertificateRow>(
    executor,
    sql`SELECT * FROM (
          SELECT r.id AS "receiptId", r.document_number AS "documentNumber", r.document_date::text AS "receiptDate", r.customer_id AS "customerId",
                 c.customer_name AS "customerName", w.tax::text AS "taxWithheld", w.income_tax::text AS "incomeTaxWithheld",
                 r.certificate_number AS "certificateNumber", r.certificate_date::text AS "certificateDate"
          FROM receipts r JOIN customers c ON c.id = r.customer_id
          CROSS JOIN LATERAL (SELECT coalesce(sum(a.tax_withheld), 0)::numeric(18, 2) AS tax, coalesce(sum(a.income_tax_withheld), 0)::numeric(18, 2) AS income_tax
                              FROM receipt_allocations a WHERE a.receipt_id = r.id AND a.released_at IS NULL) w
          WHERE ${sql.join(conditions, sql` AND `)}) x
        WHERE x."taxWithheld"::numeric > 0 OR x."incomeTaxWithheld"::numeric > 0
        ORDER BY x."receiptDate", x."receiptId"`,
  );
  return rows.map((row) => ({ ...row, receiptId: Number(row.receiptId), customerId: Number(row.customerId) }));
}

/**
 * Records the customer's certificate on a posted receipt that withheld something (0044 lets the
 * two columns change after posting). 404 outside the actor's regions; 409 for a receipt not
 * posted or that withheld nothing.
 */
export async function recordWithholdingCertificate(tx: Tx, actor: Actor, id: number, input: z.infer<typeof withholdingCertificateInputSchema>): Promise<ReceiptDetail> {
  const scope = invoiceScope(actor, sql`r.region_id`);
  const [receipt] = await queryRows<{ status: string; certificateNumber: string | null; certificateDate: string | null; withheld: string }>(
    tx,
    sql`SELECT r.status, r.certificate_number AS "certificateNumber", r.certificate_date::text AS "certificateDate",
               (SELECT coalesce(sum(a.tax_withheld + a.income_tax_withheld), 0) FROM receipt_allocations a WHERE a.receipt_id = r.id AND a.released_at IS NULL)::text AS withheld
        FROM receipts r WHERE r.id = ${id}::int ${scope ? sql`AND ${scope}` : sql``} FOR NO KEY UPDATE OF r`,
  );
  if (!receipt) throw new NotFoundError();
  if (receipt.status !== 'posted') throw new ConflictError(moneyMessages.certificateOnlyPosted);
  if (Number(receipt.withheld) <= 0) throw new ConflictError(moneyMessages.nothingWithheld);
  const audit = auditStatement(
    auditActorOf(actor),
    {
      action: 'withholding-certificate',
      resource: 'receipts',
      recordId: id,
      before: { certificateNumber: receipt.certificateNumber, certificateDate: receipt.certificateDate },
      after: { certificateNumber: input.certificateNumber, certificateDate: input.certificateDate },
    },
    {},
  );
  await tx.execute(sql`WITH a AS (${audit})
    UPDATE receipts SET certificate_number = ${input.certificateNumber}::text, certificate_date = ${input.certificateDate}::date, updated_at = now() WHERE id = ${id}::int`);
  return (await findDocument<ReceiptDetail>(tx, receiptBinding, id))!;
}
