import { messages } from '../messages.ts';

/**
 * The workflow every posted record shares (issue 28, section 2), spread into its `defineDocument`
 * with `postOnCreate: true`. The draft lives only inside the create's transaction (its lines are
 * written while it is editable); `post` numbers it, `cancel` posts the reversal dated today under
 * the scope `<name>:cancel`, which the accountant holds by default (`*:cancel`) like every cancel.
 * The create answers "Saved", as the records answered when they were resources. `numbers: false`:
 * the record takes a number only when its post claims one (a service visit without parts moves
 * nothing and stays unnumbered, as before).
 */
export function postedRecordWorkflow<const Name extends string>(name: Name, singular: string, options: { numbers?: boolean } = {}) {
  return {
    postOnCreate: true,
    states: ['draft', 'posted', 'cancelled'],
    stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
    editableIn: ['draft'],
    transitions: {
      post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: options.numbers ?? true, label: 'Record', done: messages.saved },
      cancel: {
        from: ['posted'],
        to: 'cancelled',
        scope: `${name}:cancel`,
        stamp: 'cancelled',
        label: 'Cancel',
        done: `${singular.charAt(0).toUpperCase()}${singular.slice(1)} cancelled`,
        confirm: `Cancel this ${singular}? Its stock moves and ledger rows are reversed today.`,
      },
    },
  } as const;
}
