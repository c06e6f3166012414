import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, noNulPattern } from '../resource/declaration.ts';

export const recallClasses = [
  { value: 'I', label: 'Class I' },
  { value: 'II', label: 'Class II' },
  { value: 'III', label: 'Class III' },
] as const;
export type RecallClass = (typeof recallClasses)[number]['value'];

export const recallSources = [
  { value: 'drapAlert', label: 'DRAP alert' },
  { value: 'manufacturerNotice', label: "Manufacturer's notice" },
  { value: 'internal', label: 'Internal' },
] as const;
export type RecallSource = (typeof recallSources)[number]['value'];

/** What a recall asks of every customer when the opener writes nothing else (issue 31, section 2). */
export const standardRecallInstructions =
  'Stop using and supplying the lots listed at once. Quarantine every unit you hold, apart from other stock and clearly marked. ' +
  'Return them to us (we collect them at our cost) or keep them for our representative to destroy in your presence. ' +
  'Sign and return the acknowledgement slip below within 7 days, stating how many units you hold.';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .regex(noNulPattern, { error: `${label} may not hold the character U+0000` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * Recalls (issue 31, section 2): a DRAP alert, a manufacturer's notice or our own decision that
 * some lots (item and lot number) must come off the market everywhere. A draft names the lots;
 * opening it numbers it `RCL-YYYY-NNNNNN` and makes every inventory row of those lots `recalled`
 * in every region and place; it closes once every unit is accounted for. Company-wide: the
 * document itself is seen by every role with /inventory; its trace, notices and disposals are
 * narrowed by region.
 */
export const recallDocument = defineDocument({
  name: 'recalls',
  route: '/inventory',
  title: 'Recalls',
  singular: 'recall',
  numberPrefix: 'RCL',
  dateField: 'recallDate',
  fields: [
    // Today when left out (the handlers fill it in before writing).
    { name: 'recallDate', label: 'Recall date', kind: 'date', schema: dateSchema('Recall date').optional() },
    { name: 'recallClass', label: 'Class', kind: 'enum', enumValues: recallClasses, required: true, filterable: true },
    { name: 'source', label: 'Source', kind: 'enum', enumValues: recallSources, defaultValue: 'drapAlert', filterable: true },
    { name: 'sourceReference', label: 'Source reference', kind: 'text', searchable: true, schema: text('Source reference', 200).default('') },
    { name: 'sourceDate', label: 'Source date', kind: 'date', list: false, schema: dateSchema('Source date').nullable().optional() },
    {
      name: 'reason',
      label: 'Reason',
      kind: 'textarea',
      searchable: true,
      list: false,
      schema: text('Reason', 2000).min(1, { error: 'Reason is required' }),
    },
    { name: 'instructions', label: 'Instructions', kind: 'textarea', list: false, schema: text('Instructions', 4000).default(standardRecallInstructions) },
    { name: 'notes', label: 'Notes', kind: 'textarea', list: false, searchable: true, schema: text('Notes', 2000).default('') },
  ],
  lines: {
    fields: [
      { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true },
      { name: 'lotNumber', label: 'Lot number', kind: 'text', schema: text('Lot number', 60).min(1, { error: 'Lot number is required' }) },
    ],
    min: 1,
    max: 200,
  },
  states: ['draft', 'open', 'closed', 'cancelled'],
  stateLabels: { draft: 'Draft', open: 'Open', closed: 'Closed', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    open: {
      from: ['draft'],
      to: 'open',
      scope: 'recalls:open',
      numbers: true,
      label: 'Open',
      done: 'Recall opened',
      confirm: 'Open this recall? Its lots stop in every region at once and can no longer be sold.',
    },
    close: {
      from: ['open'],
      to: 'closed',
      scope: 'recalls:close',
      stamp: 'closed',
      label: 'Close',
      done: 'Recall closed',
      confirm: 'Close this recall? Its report is frozen as it stands.',
      input: z.strictObject({ closingNotes: text('Closing notes', 2000).default('') }),
    },
    cancel: { from: ['draft'], to: 'cancelled', scope: 'recalls:cancel', stamp: 'cancelled', label: 'Cancel', done: 'Recall cancelled', confirm: 'Cancel this recall?' },
  },
});

export type RecallStatus = (typeof recallDocument.states)[number];

/** Who may create, change and open a recall (its transitions' scopes are declared on them). */
export const recallOpenScope = 'recalls:open';
/** Who records what happened: notices sent and acknowledged, disposals. */
export const recallRecordScope = 'recalls:record';

export interface RecallLineInput {
  itemId: number;
  lotNumber: string;
}

export interface RecallInput {
  recallDate?: string;
  recallClass: RecallClass;
  source: RecallSource;
  sourceReference: string;
  sourceDate?: string | null;
  reason: string;
  instructions: string;
  notes: string;
  lines: RecallLineInput[];
}

/** What is recorded as done (a disposal, a letter, its slip) is dated today or before. */
const dateAhead = (what: string) => `The ${what} date cannot be later than today`;

export const recallMessages = {
  sourceReferenceRequired: 'Source reference is required unless the recall is internal',
  lotTwice: 'This lot is already a line of the recall',
  neverHeld: (lotNumber: string, itemName: string) => `We never held lot ${lotNumber} of ${itemName}`,
  itemMissing: 'The item does not exist',
  underOpenRecall: (label: string, number: string) => `${label} is already under open recall ${number}`,
  scope: 'Creating, changing and opening a recall needs the recalls:open scope',
  notOpen: (status: string) => `The recall is ${status}: only an open recall records this`,
  disposalAhead: dateAhead('disposal'),
  sentAhead: dateAhead('sending'),
  acknowledgedAhead: dateAhead('acknowledgement'),
  customerNotOnTrace: 'The customer received none of the recalled lots',
  closeEveryRegion: 'Only a user of every region may close a recall',
  closeRefused: 'The recall cannot be closed yet',
  noticesUnsent: (names: readonly string[]) => `No notice sent to ${names.join(', ')}`,
  unitsLeft: (places: readonly string[]) => `Units still on hand: ${places.join('; ')}`,
  difference: (difference: number) => `The reconciliation is off by ${difference} unit${Math.abs(difference) === 1 ? '' : 's'}`,
  lotNotOfRecall: 'The lot is not one of the recall',
  lotTwiceInDisposal: 'This lot is already a line of the disposal',
  beyondOnHand: (label: string, onHand: number, place: string) => `Only ${onHand} of ${label} ${onHand === 1 ? 'is' : 'are'} on hand in ${place}`,
  notSentYet: 'Record the notice as sent before its acknowledgement',
  acknowledgedBeforeSent: 'A notice cannot be acknowledged before it was sent',
  warehouseOnly: (place: string) => `Only warehouse stock is disposed of: this lot is ${place}; bring it back to the warehouse first`,
  receiptUnderRecall: (label: string, number: string) => `${label} is under open recall ${number} and cannot be received`,
  disposalAdjustmentKept: (number: string) => `This adjustment is a disposal of recall ${number}: it is the recall's record of destroyed units and cannot be cancelled`,
};

/**
 * What the fields alone cannot say, naming the field: a source reference unless internal, and
 * each lot once (`lines.N.lotNumber`).
 */
export function recallProblems(input: Pick<RecallInput, 'source' | 'sourceReference' | 'lines'>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.source !== 'internal' && !input.sourceReference) problems.sourceReference = recallMessages.sourceReferenceRequired;
  const seen = new Set<string>();
  input.lines.forEach((line, index) => {
    const key = `${line.itemId}\u0000${line.lotNumber}`;
    if (seen.has(key)) problems[`lines.${index}.lotNumber`] = recallMessages.lotTwice;
    seen.add(key);
  });
  return problems;
}

/** A recall's report is due 7 days after it is opened (DRAP). */
export const recallReportDays = 7;

export interface RecallLineRow {
  lineNo: number;
  itemId: number;
  lotNumber: string;
  item: { itemName: string; articleNumber: string; unit: string };
  dateExpiry: string | null;
  /** Units received of the lot (receipts, opening stock, positive adjustments), everywhere. */
  received: number;
  /** Units on hand now, everywhere (warehouses, in transit, customers' sites). */
  onHand: number;
}

/** A recall as the API answers it; server and web share it. */
export interface RecallDetail {
  id: number;
  documentNumber: string | null;
  recallDate: string;
  recallClass: RecallClass;
  source: RecallSource;
  sourceReference: string;
  sourceDate: string | null;
  reason: string;
  instructions: string;
  notes: string;
  status: RecallStatus;
  openedAt: string | null;
  openedBy: number | null;
  reportDueDate: string | null;
  /** Open past its report's due date. */
  overdue: boolean;
  closedAt: string | null;
  closedBy: number | null;
  closingNotes: string;
  lines: RecallLineRow[];
  [key: string]: unknown;
}
