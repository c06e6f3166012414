import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import { positiveAmountSchema } from '../money/money.area.ts';

/**
 * A venture's settlement for a period (issue 21, section 3), `JVS-YYYY-NNNNNN`, dated the
 * period's last day: posting runs the statement, keeps its figures and hash, and posts the
 * partner's share: Dr JV profit share, Cr the partner's payable (a shared loss the reverse).
 * A second settlement of an overlapping period is refused (409); the settled period is frozen
 * (its statement reads the rows posted up to the settlement). Cancel (scope) reverses it.
 */
export const jvSettlementDocument = defineDocument({
  name: 'jv-settlements',
  route: '/joint-ventures',
  title: 'Venture settlements',
  singular: 'venture settlement',
  numberPrefix: 'JVS',
  dateField: 'to',
  fields: [
    { name: 'jointVentureId', label: 'Venture', kind: 'reference', reference: 'joint-ventures', required: true, schema: referenceSchema('Venture') },
    { name: 'from', label: 'From', kind: 'date', required: true, schema: dateSchema('From') },
    { name: 'to', label: 'To', kind: 'date', required: true },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Settle', done: 'Venture settlement posted', confirm: "Settle this period? The partner's share is posted and the period is frozen." },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'jv-settlements:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Venture settlement cancelled',
      confirm: 'Cancel this settlement? Its posting is reversed today and the period is open again.',
    },
  },
});

export interface JvSettlementInput {
  jointVentureId: number;
  from: string;
  to: string;
}

/** A partner's capital contribution: Dr the bank or cash account, Cr the partner's capital account. */
export const capitalContributionSchema = z.strictObject({
  date: dateSchema('Date'),
  amount: positiveAmountSchema('Amount'),
  accountId: referenceSchema('Account'),
  memo: z.string().trim().max(200, { error: 'Memo must be at most 200 characters' }).optional().default(''),
});
export type CapitalContributionInput = z.output<typeof capitalContributionSchema>;

/** A period: `from` and `to`, inclusive, from on or before to. */
export const venturePeriodSchema = z
  .strictObject({ from: dateSchema('From'), to: dateSchema('To') })
  .refine((p) => p.from <= p.to, { error: 'From must be on or before to', path: ['to'] });
export type VenturePeriod = z.output<typeof venturePeriodSchema>;
