import { z } from 'zod';
import { dateSchema, maxInt32, noNulPattern, referenceSchema } from '../resource/declaration.ts';
import { wholeNumberInput } from '../resource/numeric-input.ts';

/**
 * What is recorded on an open recall (issue 31, section 2) and what its reads answer: notices
 * sent and acknowledged, disposals, the trace, the reconciliation and the report.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .regex(noNulPattern, { error: `${label} may not hold the character U+0000` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

export const noticeChannels = [
  { value: 'courier', label: 'Courier' },
  { value: 'email', label: 'Email' },
  { value: 'hand', label: 'By hand' },
  { value: 'phone', label: 'Phone' },
] as const;
export type NoticeChannel = (typeof noticeChannels)[number]['value'];

const channelValues = noticeChannels.map((c) => c.value) as [NoticeChannel, ...NoticeChannel[]];

/** `POST /api/recalls/:id/notices/:customerId/sent`: today and by courier unless said. */
export const noticeSentSchema = z.strictObject({
  sentOn: dateSchema('Sent on').optional(),
  sentVia: z.enum(channelValues, { error: `Sent via must be one of ${channelValues.join(', ')}` }).default('courier'),
});
export type NoticeSentInput = z.output<typeof noticeSentSchema>;

/** `POST /api/recalls/:id/notices/:customerId/acknowledged`: today unless said. */
export const noticeAcknowledgedSchema = z.strictObject({ acknowledgedOn: dateSchema('Acknowledged on').optional() });
export type NoticeAcknowledgedInput = z.output<typeof noticeAcknowledgedSchema>;

export const recallDisposalKinds = [
  { value: 'destroyed', label: 'Destroyed' },
  { value: 'returnedToSupplier', label: 'Returned to supplier' },
] as const;
export type RecallDisposalKind = (typeof recallDisposalKinds)[number]['value'];
const kindValues = recallDisposalKinds.map((k) => k.value) as [RecallDisposalKind, ...RecallDisposalKind[]];

const disposalQuantity = wholeNumberInput(
  z
    .number({ error: 'Quantity must be a whole number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(maxInt32, { error: `Quantity must be at most ${maxInt32}` }),
);

/** `POST /api/recalls/:id/disposals`: recalled units destroyed or sent back, lot by lot (an inventory row each). */
export const recallDisposalSchema = z.strictObject({
  disposalDate: dateSchema('Disposal date').optional(),
  kind: z.enum(kindValues, { error: `Kind must be one of ${kindValues.join(', ')}` }),
  method: text('Method', 200).default(''),
  witness: text('Witness', 200).default(''),
  certificateNumber: text('Certificate number', 100).default(''),
  notes: text('Notes', 1000).default(''),
  lines: z
    .array(z.strictObject({ inventoryId: referenceSchema('Lot'), quantity: disposalQuantity }), { error: 'Add at least one line' })
    .min(1, { error: 'A disposal needs at least one line' })
    .max(200, { error: 'A disposal holds at most 200 lines' }),
});
export type RecallDisposalInput = z.output<typeof recallDisposalSchema>;

/** `GET /api/inventory/trace?itemId&lotNumber`: one lot, wherever it went. */
export const lotTraceQuerySchema = z.strictObject({
  itemId: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), referenceSchema('Item')),
  lotNumber: text('Lot number', 60).min(1, { error: 'Lot number is required' }),
});
export type LotTraceQuery = z.output<typeof lotTraceQuerySchema>;

/** The units of a lot, by what happened to them; `difference` is 0 when every unit is accounted for. */
export interface RecallFigures {
  received: number;
  /** Moved in from another region (0 company-wide: a transfer moves stock within the company). */
  transferredIn: number;
  transferredOut: number;
  sold: number;
  returned: number;
  onHand: number;
  destroyed: number;
  returnedToSupplier: number;
  writtenOff: number;
  /** received + transferredIn - transferredOut - sold + returned - onHand - destroyed - returnedToSupplier - writtenOff. */
  difference: number;
}

export interface TraceReceipt {
  documentType: string;
  documentId: number;
  documentNumber: string;
  date: string;
  regionId: number;
  vendorId: number | null;
  vendorName: string | null;
  itemId: number;
  lotNumber: string;
  quantity: number;
}

export interface TraceCustomer {
  customerId: number;
  customerName: string;
  regionId: number;
  regionName: string;
  sold: number;
  returned: number;
  onSite: number;
}

export interface TraceInvoice {
  invoiceId: number;
  documentNumber: string;
  invoiceDate: string;
  customerId: number;
  regionId: number;
  itemId: number;
  lotNumber: string;
  quantity: number;
  returnedQuantity: number;
}

export interface TraceReturn {
  salesReturnId: number;
  documentNumber: string;
  returnDate: string;
  customerId: number;
  invoiceId: number;
  itemId: number;
  lotNumber: string;
  quantity: number;
  condition: string;
}

export interface TraceTransfer {
  transferId: number;
  documentNumber: string;
  transferDate: string;
  fromRegionId: number;
  toRegionId: number;
  itemId: number;
  lotNumber: string;
  quantity: number;
  status: string;
}

export interface TraceConsignment {
  consignmentId: number;
  documentNumber: string;
  consignmentDate: string;
  consignmentKind: string;
  rentalAgreementId: number;
  customerId: number;
  itemId: number;
  lotNumber: string;
  quantity: number;
}

export interface TraceOnHand {
  inventoryId: number;
  regionId: number;
  regionName: string;
  locationKind: string;
  customerId: number | null;
  itemId: number;
  lotNumber: string;
  quantity: number;
  lotStatus: string;
}

export interface ReconciliationLine extends Omit<RecallFigures, 'transferredIn' | 'transferredOut'> {
  itemId: number;
  lotNumber: string;
}

/** Where the recalled lots went, from posted documents only (a cancelled one counts for nothing). */
export interface LotTrace {
  receipts: TraceReceipt[];
  customers: TraceCustomer[];
  invoices: TraceInvoice[];
  returns: TraceReturn[];
  transfers: TraceTransfer[];
  consignments: TraceConsignment[];
  onHand: TraceOnHand[];
  totals: RecallFigures;
  /** Per lot: the reconciliation's lines. */
  lines: ReconciliationLine[];
}

export interface RecallReconciliation {
  lines: ReconciliationLine[];
  totals: Omit<RecallFigures, 'transferredIn' | 'transferredOut'>;
  balanced: boolean;
}

/** What one customer was supplied of the lots: invoices and consignments. */
export interface NoticeDocument {
  documentType: 'invoice' | 'consignment';
  documentId: number;
  documentNumber: string;
  date: string;
  itemId: number;
  lotNumber: string;
  quantity: number;
}

export interface RecallNoticeRow {
  customerId: number;
  customerName: string;
  regionId: number;
  /** sold - returned + onSite. */
  quantity: number;
  documents: NoticeDocument[];
  sentOn: string | null;
  sentVia: NoticeChannel | null;
  acknowledgedOn: string | null;
}

export interface RecallDisposalLine {
  lineNo: number;
  inventoryId: number;
  itemId: number;
  lotNumber: string;
  regionId: number;
  quantity: number;
  unitCost: string;
  value: string;
}

export interface RecallDisposal {
  id: number;
  kind: RecallDisposalKind;
  disposalDate: string;
  method: string;
  witness: string;
  certificateNumber: string;
  notes: string;
  documentNumber: string;
  adjustmentId: number;
  totalValue: string;
  lines: RecallDisposalLine[];
}

export interface RecallReport {
  recall: Record<string, unknown> & { daysToClose: number | null };
  lots: unknown[];
  reconciliation: RecallReconciliation;
  customers: Array<{ customerName: string; regionName: string; sold: number; returned: number; sentOn: string | null; sentVia: string | null; acknowledgedOn: string | null }>;
  disposals: RecallDisposal[];
  closedBy: { id: number; name: string } | null;
  /** True once closed: the report no longer changes. */
  frozen: boolean;
}
