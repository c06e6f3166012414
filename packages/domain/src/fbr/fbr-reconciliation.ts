import { z } from 'zod';
import { reportPageQuery } from '../reports/report-page.ts';
import { monthSchema } from '../dates/months.ts';
import { type FbrDocumentType, type FbrSubmissionStatus, fbrSubmissionStatuses } from './fbr-submissions.ts';

/**
 * Issue 30, section 8: the month's reconciliation of what was posted against what FBR holds.
 * A row's status is its submission's, or `notReported` when the document has none.
 */
export const fbrReconciliationStatuses = [...fbrSubmissionStatuses, 'notReported'] as const;
export type FbrReconciliationStatus = FbrSubmissionStatus | 'notReported';

/** The reasons a row has no FBR number that are fixed words; the others carry a time or FBR's error. */
export const fbrReconciliationReasons = {
  service: 'service',
  cancelled: 'cancelled',
  reportingOff: 'posted while reporting was off',
} as const;

export const fbrReconciliationQuerySchema = z.object({
  month: monthSchema.describe('The month of the documents, YYYY-MM'),
  status: z.enum(fbrReconciliationStatuses, { error: `Status must be one of ${fbrReconciliationStatuses.join(', ')}` }).optional(),
  ...reportPageQuery,
  format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' }).optional(),
});
export type FbrReconciliationQuery = z.infer<typeof fbrReconciliationQuerySchema>;

export interface FbrReconciliationRow {
  documentType: FbrDocumentType;
  documentId: number;
  documentNumber: string;
  documentDate: string;
  status: FbrReconciliationStatus;
  fbrInvoiceNumber: string | null;
  /** Null exactly when the row has an FBR number. */
  reason: string | null;
}

export interface FbrReconciliation {
  month: string;
  /** Every invoice and sales return posted in the month (cancelled ones included). */
  documents: number;
  /** With FBR's number. */
  accepted: number;
  /** With a submission not accepted yet. */
  awaiting: number;
  /** With no submission. */
  notReported: number;
  /** With neither an FBR number nor a reason: 0 unless something was posted that nothing accounts for. */
  missing: number;
  /** The rows the status filter leaves (`documents` without one). */
  total: number;
  page: number;
  pageSize: number;
  rows: FbrReconciliationRow[];
}
