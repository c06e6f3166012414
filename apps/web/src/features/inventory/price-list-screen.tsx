import { priceList } from '@erp/domain';
import { Flex } from 'antd';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { PriceAppliesPanel } from './price-applies-panel.tsx';

/**
 * /price-list: the generic list and form of the declaration (New, Edit and Delete shown to
 * holders of price-list:write only), and the price that applies for an item, region and date.
 */
export function PriceListScreen() {
  return (
    <Flex vertical gap={16}>
      <ResourceListScreen resource={priceList} />
      <PriceAppliesPanel />
    </Flex>
  );
}
