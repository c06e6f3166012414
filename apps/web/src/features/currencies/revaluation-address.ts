import { queryAddress } from '../../components/document/document-address.ts';

/** A revaluation opens over the revaluations of the Currencies tab: `/accounting?tab=currencies&view=revaluations&open=<id>`. */
export const revaluationAddress = queryAddress('/accounting', { tab: 'currencies', view: 'revaluations' });
