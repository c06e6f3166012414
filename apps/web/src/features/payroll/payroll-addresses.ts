import { queryAddress } from '../../components/document/document-address.ts';

/** Pay runs open on /pay-slips by query (`?open=<id>`); the slips list is the screen's second tab. */
export const payRunAddress = queryAddress('/pay-slips');
