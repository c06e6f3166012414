import { z } from 'zod';
import { dateSchema } from '../resource/declaration.ts';

/**
 * Tax withheld by the buyer (issue 29, section 6): the withholding certificates a customer owes
 * for what it kept back on its receipts. GET /api/accounting/withholding-certificates lists the
 * posted receipts with withholding in a date range; PUT /api/receipts/:id/withholding-certificate
 * records the certificate on one.
 */
export const withholdingCertificatesQuerySchema = z.strictObject({
  from: dateSchema('From').optional(),
  to: dateSchema('To').optional(),
  missingCertificate: z.enum(['true', 'false'], { error: 'Missing certificate must be true or false' }).optional(),
});

export const withholdingCertificateInputSchema = z.strictObject({
  certificateNumber: z
    .string({ error: 'Certificate number is required' })
    .trim()
    .min(1, { error: 'Certificate number is required' })
    .max(60, { error: 'Certificate number must be at most 60 characters' })
    .regex(/^[^\u0000]*$/, { error: 'Certificate number must not contain NUL characters' }),
  certificateDate: dateSchema('Certificate date'),
});
export type WithholdingCertificateInput = z.infer<typeof withholdingCertificateInputSchema>;

/** One posted receipt with tax withheld, as the certificates list answers it. */
export interface WithholdingCertificateRow {
  receiptId: number;
  documentNumber: string;
  receiptDate: string;
  customerId: number;
  customerName: string;
  taxWithheld: string;
  incomeTaxWithheld: string;
  certificateNumber: string | null;
  certificateDate: string | null;
}
