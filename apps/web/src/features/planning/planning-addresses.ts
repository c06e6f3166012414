import { queryAddress } from '../../components/document/document-address.ts';

/** /planning/form is matched exactly (spec section 2): a plan opens at `?open=<id>`. */
export const planAddress = queryAddress('/planning/form');
