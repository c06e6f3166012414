import { queryAddress } from '../../components/document/document-address.ts';

/**
 * Where a recall opens: the recalls tab of /inventory (issue 31: no route of its own),
 * `/inventory?tab=recalls&open=<id>`. Shared by the manifest and the tab, so neither imports the other.
 */
export const recallAddress = queryAddress('/inventory', { tab: 'recalls' });
