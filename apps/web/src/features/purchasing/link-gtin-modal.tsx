import { createSchemaOf, itemGtins, packLevels, type PackLevel, type PurchaseOrderDetail } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { Form } from '../../components/form.tsx';
import { createRow, resourceKeys } from '../../components/resource/resource-api.ts';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';

interface LinkValues {
  gtin: string;
  itemId?: number;
  packLevel: PackLevel;
  unitsPerPack: number | null;
}

const createSchema = createSchemaOf(itemGtins);
const packLevelOptions = packLevels.map(({ value, label }) => ({ value, label }));

/**
 * "Link this GTIN" (issue 32, section 4): a scanned GTIN no item has, linked to one of the order's
 * items with its pack (`POST /api/item-gtins`, scope item-gtins:write), so the scan can be applied.
 */
export function LinkGtinModal({ gtin, order, onLinked, onCancel }: { gtin: string; order: PurchaseOrderDetail; onLinked: () => void; onCancel: () => void }) {
  const [form] = Form.useForm<LinkValues>();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const items = [...new Map(order.lines.map((line) => [line.itemId, { value: line.itemId, label: `${line.item.itemName} (${line.item.articleNumber})` }])).values()];
  const link = useMutation({
    mutationFn: (body: object) => createRow(itemGtins.name, body),
    onSuccess: async () => {
      // The items' rows and options carry their GTINs.
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(itemGtins.name) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('items') });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.options('items') });
      onLinked();
    },
    onError: (failure) => {
      if (!applyServerFieldErrors(form, failure)) setError(errorMessage(failure));
    },
  });
  const submit = () => {
    setError(undefined);
    const values = form.getFieldsValue(true) as LinkValues;
    const body = validateWithSchema(form, createSchema, { gtin: values.gtin, itemId: values.itemId, packLevel: values.packLevel, unitsPerPack: values.unitsPerPack });
    if (body) link.mutate(body);
  };
  return (
    <Modal open title="Link this GTIN" okText="Link and receive" onOk={submit} onCancel={onCancel} okButtonProps={{ loading: link.isPending }} destroyOnHidden>
      <Typography.Paragraph type="secondary">No item has this GTIN yet. Link it to the item of this order it is a pack of; the scan is then received.</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ gtin, itemId: items.length === 1 ? items[0]!.value : undefined, packLevel: 'each', unitsPerPack: 1 }} onFinish={submit}>
        <Form.Item name="gtin" label="GTIN">
          <Input readOnly />
        </Form.Item>
        <Form.Item name="itemId" label="Item" required>
          <Select aria-label="Item" options={items} placeholder="An item of this order" showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="packLevel" label="Pack level" required>
          <Select aria-label="Pack level" options={packLevelOptions} />
        </Form.Item>
        <Form.Item name="unitsPerPack" label="Units per pack" required>
          <InputNumber aria-label="Units per pack" min={1} max={100_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
