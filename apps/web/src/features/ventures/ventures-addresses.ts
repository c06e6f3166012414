import { addressOf, queryAddress } from '../../components/document/document-address.ts';

// The area's manifest is in the app's first chunk: literal routes here, not the documents'
// declarations, whose schemas would load with the login page.
/** Ventures open on /joint-ventures/<id>; settlements on their tab (`?tab=settlements&open=<id>`). */
export const ventureAddress = addressOf('/joint-ventures');
export const settlementAddress = queryAddress('/joint-ventures', { tab: 'settlements' });
