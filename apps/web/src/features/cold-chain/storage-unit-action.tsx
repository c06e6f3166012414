import { EnvironmentOutlined } from '@ant-design/icons';
import { hasScope, type InventoryRow, type StoragePlacement, storagePlacementInputSchema, temperatureReadingsWriteScope } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { Form } from '../../components/form.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import type { RowActionProps } from '../../lib/areas/screen-map.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { coldChainKeys } from './cold-chain-api.ts';

const historyKey = (inventoryId: number) => [...coldChainKeys.all, 'storage-history', inventoryId];

/**
 * Which storage unit a warehouse lot of goods kept cold is in, day by day, and a move to another
 * unit of its region and condition from a day on (`POST /api/inventory/:id/storage-unit`, scope
 * temperature-readings:write). Before any move the lot is in the region's default unit.
 */
function StorageUnitModal({ row, mayMove, onClose }: { row: InventoryRow; mayMove: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ storageUnitId?: number; date?: string }>();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: historyKey(row.id),
    queryFn: async () => (await http.get<{ data: StoragePlacement[] }>(`/api/inventory/${row.id}/storage-history`)).data.data,
  });
  const move = useMutation({
    mutationFn: async (body: { storageUnitId: number; date?: string }) => (await http.post<{ message: string }>(`/api/inventory/${row.id}/storage-unit`, body)).data,
    onSuccess: async (answer) => {
      notify.success(answer.message || 'Lot moved');
      await queryClient.invalidateQueries({ queryKey: coldChainKeys.all });
      onClose();
    },
    onError: (failure) => {
      if (!applyServerFieldErrors(form, failure)) setError(errorMessage(failure));
    },
  });
  const submit = () => {
    setError(undefined);
    const values = form.getFieldsValue(true) as { storageUnitId?: number; date?: string | null };
    const body = validateWithSchema(form, storagePlacementInputSchema, { storageUnitId: values.storageUnitId, ...(values.date ? { date: values.date } : {}) });
    if (body) move.mutate(body);
  };
  const label = row.lotNumber || row.item.itemName;
  return (
    <Modal
      open
      title={`Storage unit of lot ${label}`}
      onCancel={onClose}
      cancelText="Close"
      okText="Move"
      okButtonProps={{ loading: move.isPending, hidden: !mayMove }}
      onOk={submit}
    >
      <Typography.Paragraph type="secondary">
        {row.item.itemName}, {row.region.regionName}. Until it is first placed, a lot is in the region's default unit for its storage condition.
      </Typography.Paragraph>
      {history.isError && <Alert type="error" showIcon title={errorMessage(history.error)} />}
      <List<StoragePlacement>
        size="small"
        loading={history.isLoading}
        dataSource={history.data ?? []}
        locale={{ emptyText: "In the region's default unit" }}
        renderItem={(placement) => (
          <List.Item>
            {placement.unitName}, from {formatDate(placement.fromDate)}
          </List.Item>
        )}
      />
      {error && <Alert type="error" showIcon title={error} style={{ margin: '12px 0' }} />}
      {mayMove && (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ date: todayWire() }} style={{ marginTop: 12 }}>
          <Form.Item name="storageUnitId" label="Move to" required>
            <OptionSelect
              resource="storage-units"
              where={(option) => option.regionId === row.regionId && option.storageCondition === row.item.storageCondition && option.active === true}
              placeholder="Storage unit"
            />
          </Form.Item>
          <Form.Item name="date" label="From">
            <DateInput placeholder="Today" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** A lot's row on /inventory: for a warehouse lot of goods kept cold, the unit it is in (and a move, for who keeps the readings). */
export function StorageUnitAction({ row }: RowActionProps) {
  const lot = row as unknown as InventoryRow;
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || lot.location?.kind !== 'warehouse' || !lot.item?.storageCondition || lot.item.storageCondition === 'ambient') return null;
  const mayMove = hasScope(user.role, user.scopes, temperatureReadingsWriteScope);
  const label = lot.lotNumber || lot.item.itemName;
  return (
    <>
      <Button size="small" icon={<EnvironmentOutlined />} aria-label={`Storage unit of ${label}`} title="Storage unit" onClick={() => setOpen(true)} />
      {open && <StorageUnitModal row={lot} mayMove={mayMove} onClose={() => setOpen(false)} />}
    </>
  );
}
