import { Drawer } from 'antd';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { CustomerStatement } from './customer-statement.tsx';

/** A customer's statement over the screen it was asked from (the customers list). */
export function CustomerStatementDrawer({ customer, onClose }: { customer?: { id: number; customerName?: unknown }; onClose: () => void }) {
  const narrow = useIsNarrow();
  return (
    <Drawer
      title={customer ? `Statement: ${String(customer.customerName ?? `customer ${customer.id}`)}` : 'Statement'}
      open={customer !== undefined}
      onClose={onClose}
      size={narrow ? '100%' : 960}
      destroyOnHidden
    >
      {customer && <CustomerStatement customerId={customer.id} />}
    </Drawer>
  );
}
