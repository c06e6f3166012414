import { queryAddress } from '../../components/document/document-address.ts';

/** Where the Bank tab's documents open: /accounting?tab=bank&view=…&open=:id (a screen and its manifest share it). */
export const statementAddress = queryAddress('/accounting', { tab: 'bank', view: 'statements' });
export const reconciliationAddress = queryAddress('/accounting', { tab: 'bank', view: 'reconciliations' });
