import { BarcodeOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useNavigate } from 'react-router';
import type { RowActionProps } from '../../lib/areas/screen-map.ts';

/** An item's row on /items: its GTINs (the count of its active ones), opened on the GTINs tab filtered to it. */
export function ItemGtinsAction({ row }: RowActionProps) {
  const navigate = useNavigate();
  const count = Array.isArray(row.gtins) ? row.gtins.length : 0;
  const label = `GTINs of ${String(row.itemName ?? 'the item')}`;
  return (
    <Badge count={count} size="small" color="blue">
      <Button size="small" icon={<BarcodeOutlined />} aria-label={label} title="GTINs" onClick={() => void navigate(`/items?tab=gtins&itemId=${Number(row.id)}`)} />
    </Badge>
  );
}
