import { canAccessRoute } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { DocumentPartProps } from '../../lib/areas/screen-map.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { http } from '../../lib/http.ts';
import { importShipmentAddress } from './import-shipment-address.ts';

/** The shipments naming a receipt or an order (`?goodsReceiptId=`, `?purchaseOrderId=`), linked for roles with /accounting; nothing for others or when none. */
function ShipmentLinks({ filter, id }: { filter: 'goodsReceiptId' | 'purchaseOrderId'; id: number }) {
  const { user } = useAuth();
  const allowed = user !== undefined && canAccessRoute(user.role, '/accounting');
  const shipments = useQuery({
    queryKey: ['import-shipments', 'links', filter, id],
    enabled: allowed,
    queryFn: async () => (await http.get<{ data: Array<{ id: number; documentNumber: string | null; status: string }> }>('/api/import-shipments', { params: { [filter]: id, pageSize: 20 } })).data.data,
  });
  if (!allowed || !shipments.data || shipments.data.length === 0) return null;
  return (
    <Space size={8} wrap data-testid="import-shipment-links">
      <Typography.Text type="secondary">Import shipments:</Typography.Text>
      {shipments.data.map((s) => (
        <Link key={s.id} to={importShipmentAddress.href(s.id)}>
          {s.documentNumber ?? `Draft #${s.id}`}
          {s.status === 'cancelled' ? ' (cancelled)' : ''}
        </Link>
      ))}
    </Space>
  );
}

export function ReceiptShipmentsPart({ document }: DocumentPartProps) {
  return <ShipmentLinks filter="goodsReceiptId" id={Number(document.id)} />;
}

export function OrderShipmentsPart({ document }: DocumentPartProps) {
  return <ShipmentLinks filter="purchaseOrderId" id={Number(document.id)} />;
}
