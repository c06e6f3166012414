import { excursionStatuses } from '@erp/domain';
import { Flex, Segmented } from 'antd';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { ExcursionsPanel } from './excursions-panel.tsx';
import { StorageUnitsPanel } from './storage-units-panel.tsx';

type View = 'units' | 'excursions';

/**
 * /inventory?tab=cold-chain (issue 31, section 3): the storage units with their last reading and
 * excursion state (each unit's readings in a drawer), and the excursions with their decisions.
 * `&view=excursions` shows the excursions; a dashboard drill with an excursion's `status`
 * (`&status=awaitingDisposition`) opens them too, one with `&inExcursion=true` the units.
 */
export function ColdChainTab() {
  const [address, setAddress] = useQueryParams();
  const statusAsked = (excursionStatuses as readonly string[]).includes(address.get('status') ?? '');
  const view: View = address.get('view') === 'excursions' || (address.get('view') === null && statusAsked) ? 'excursions' : 'units';
  // Each view's filters in the address are its own: switching starts the other from its key alone.
  const choose = (next: View) => setAddress(next === 'units' ? { tab: 'cold-chain' } : { tab: 'cold-chain', view: next });
  return (
    <Flex vertical gap={16}>
      <Segmented<View>
        aria-label="Cold chain view"
        value={view}
        onChange={choose}
        options={[
          { value: 'units', label: 'Storage units' },
          { value: 'excursions', label: 'Excursions' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'units' ? <StorageUnitsPanel /> : <ExcursionsPanel />}
    </Flex>
  );
}
