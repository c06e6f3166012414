import { itemGtins } from '@erp/domain';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';

/**
 * /items?tab=gtins: the item GTINs, the generic list and form of the declaration; `&itemId=` for
 * one item's (a new row then starts with it), as an item's tax facts are opened from its row.
 */
export function ItemGtinsTab() {
  const [params] = useQueryParams();
  // Keyed by the address: the GTINs link of another row opens that item's.
  return <ResourceListScreen key={params.get('itemId') ?? 'all'} resource={itemGtins} />;
}
