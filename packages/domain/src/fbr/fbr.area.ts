import { defineArea } from '../area/define-area.ts';
import { fbrResolveScope } from './fbr-submissions.ts';

export * from './fbr-settings.ts';
export * from './fbr-submissions.ts';
export * from './fbr-payload.ts';
export * from './fbr-reference.ts';
export * from './fbr-reconciliation.ts';
export * from './fbr-scenarios.ts';
export * from './fbr-qr.ts';
export * from './fbr-print.ts';

/** Issue 30: FBR digital invoicing, every posted invoice and sales return reported through an outbox. */
export const fbrArea = defineArea({
  name: 'fbr',
  scopes: [fbrResolveScope],
  // FBR's submissions that need a person (issue 30): resend a corrected one, record a number read in IRIS, release a retry.
  defaultScopes: { accountant: [fbrResolveScope] },
});
