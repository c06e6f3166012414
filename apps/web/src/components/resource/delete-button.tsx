import { DeleteOutlined } from '@ant-design/icons';
import { messages } from '@erp/domain';
import { Button, Popconfirm } from 'antd';

export interface DeleteButtonProps {
  /** The thing being deleted, as in "Are you sure you want to delete this region?". */
  singular: string;
  onConfirm: () => Promise<unknown> | void;
  loading?: boolean;
  label?: string;
  /** The icon alone, named by `label` (its tooltip too): a list's Actions column stays narrow. */
  iconOnly?: boolean;
}

/** Spec section 5: every delete asks first, with Yes and No. */
export function DeleteButton({ singular, onConfirm, loading, label = 'Delete', iconOnly = false }: DeleteButtonProps) {
  return (
    <Popconfirm title={messages.deleteConfirm(singular)} okText="Yes" cancelText="No" okButtonProps={{ danger: true }} onConfirm={onConfirm}>
      <Button size="small" danger icon={<DeleteOutlined />} loading={loading} aria-label={iconOnly ? label : undefined} title={iconOnly ? label : undefined}>
        {iconOnly ? null : label}
      </Button>
    </Popconfirm>
  );
}
