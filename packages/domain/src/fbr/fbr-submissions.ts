import { z } from 'zod';
import { dateSchema } from '../resource/declaration.ts';
import type { FbrEnvironment } from './fbr-settings.ts';

/** Who releases, resolves and resends a submission (issue 30, section 4): the admin and the accountant by default. */
export const fbrResolveScope = 'fbr-submissions:resolve';

/**
 * A submission's life: `queued` (due at nextAttemptAt), `sending` (claimed by a sender),
 * `accepted` (FBR's number), `rejected` (FBR said why: a person corrects and resends),
 * `unknown` (the post left and its answer was lost: a person checks IRIS, then resolves or releases).
 */
export const fbrSubmissionStatuses = ['queued', 'sending', 'accepted', 'rejected', 'unknown'] as const;
export type FbrSubmissionStatus = (typeof fbrSubmissionStatuses)[number];

export const fbrDocumentTypes = ['invoice', 'salesReturn'] as const;
export type FbrDocumentType = (typeof fbrDocumentTypes)[number];

export type FbrLogStep = 'validate' | 'post' | 'resend' | 'resolve' | 'release';

export interface FbrSubmissionError {
  itemSNo: string | null;
  errorCode: string;
  error: string;
}

export interface FbrSubmissionRow {
  id: number;
  documentType: FbrDocumentType;
  documentId: number;
  documentNumber: string;
  documentDate: string;
  customerName: string;
  invoiceType: 'Sale Invoice' | 'Debit Note';
  environment: FbrEnvironment;
  status: FbrSubmissionStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastHttpStatus: number | null;
  errors: FbrSubmissionError[];
  fbrInvoiceNumber: string | null;
  lineNumbers: string[];
  resolution: 'manual' | null;
  createdAt: string;
  updatedAt: string;
}

export interface FbrSubmissionLogEntry {
  at: string;
  step: FbrLogStep;
  httpStatus: number | null;
  outcome: string;
  errorCode: string | null;
  userId: number | null;
}

export interface FbrSubmissionDetail extends FbrSubmissionRow {
  payload: unknown;
  response: unknown;
  log: FbrSubmissionLogEntry[];
}

const sortable = ['id', 'documentDate', 'documentNumber', 'customerName', 'status', 'attempts', 'nextAttemptAt', 'createdAt', 'updatedAt'] as const;

/** GET /api/fbr-submissions. */
export const fbrSubmissionListQuerySchema = z.object({
  status: z.enum(fbrSubmissionStatuses, { error: `Status must be one of ${fbrSubmissionStatuses.join(', ')}` }).optional(),
  documentType: z.enum(fbrDocumentTypes, { error: 'Document type must be invoice or salesReturn' }).optional(),
  documentId: z.coerce.number({ error: 'Document must be an id' }).int({ error: 'Document must be an id' }).positive({ error: 'Document must be an id' }).max(2147483647, { error: 'Document must be an id' }).optional(),
  awaiting: z.enum(['true', 'false'], { error: 'Awaiting must be true or false' }).optional(),
  from: dateSchema('From').optional(),
  to: dateSchema('To').optional(),
  search: z.string().trim().max(200, { error: 'Search must be at most 200 characters' }).optional(),
  sort: z.enum(sortable, { error: `Sort must be one of ${sortable.join(', ')}` }).default('id'),
  order: z.enum(['asc', 'desc', 'ascend', 'descend']).default('desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' }).optional(),
});
export type FbrSubmissionListQuery = z.infer<typeof fbrSubmissionListQuerySchema>;

/** POST /api/fbr-submissions/:id/resolve: the number a person read in IRIS. */
export const fbrResolveSchema = z.strictObject({
  fbrInvoiceNumber: z.string({ error: 'FBR invoice number is required' }).trim(),
  lineNumbers: z.array(z.string().trim().max(40), { error: 'Line numbers must be a list of FBR line numbers' }).max(1000).optional(),
});
export type FbrResolveInput = z.infer<typeof fbrResolveSchema>;
