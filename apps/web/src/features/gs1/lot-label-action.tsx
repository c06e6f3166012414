import { PrinterOutlined } from '@ant-design/icons';
import { canAccessRoute, defaultLabelGtin, gs1LabelMessages, gs1LabelQuerySchema, type InventoryRow, packLevels } from '@erp/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Modal, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Form } from '../../components/form.tsx';
import { downloadFile, fetchList } from '../../components/resource/resource-api.ts';
import type { RowActionProps } from '../../lib/areas/screen-map.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';

interface LabelValues {
  copies?: number | null;
  gtin?: string;
}

interface GtinLink {
  gtin: string;
  packLevel: string;
  unitsPerPack: number;
}

const packLabel = (level: string) => packLevels.find((p) => p.value === level)?.label ?? level;

/** The item's active GTINs, by GTIN as the server orders them (the default is chosen from this order). */
async function activeGtinsOf(itemId: number): Promise<GtinLink[]> {
  const page = await fetchList('item-gtins', { page: 1, pageSize: 100, sort: 'gtin', order: 'asc', filters: { itemId, active: true } });
  return page.data as unknown as GtinLink[];
}

/**
 * GS1 labels of a lot we relabel (`GET /api/inventory/:id/label`, issue 32, section 4): how many
 * (one a page) and which of the item's GTINs, its first `each` one unless chosen; the PDF is
 * downloaded through the signed-in client.
 */
function LotLabelModal({ lot, onClose }: { lot: InventoryRow; onClose: () => void }) {
  const [form] = Form.useForm<LabelValues>();
  const [error, setError] = useState<string>();
  const gtins = useQuery({ queryKey: ['gs1', 'label-gtins', lot.itemId], queryFn: () => activeGtinsOf(lot.itemId) });
  const print = useMutation({
    mutationFn: (query: { copies: number; gtin?: string }) => downloadFile(`/api/inventory/${lot.id}/label`, query, `gs1-labels-${lot.lotNumber || lot.item.articleNumber}.pdf`),
    onSuccess: onClose,
    onError: (failure) => {
      if (!applyServerFieldErrors(form, failure)) setError(errorMessage(failure));
    },
  });
  const submit = () => {
    setError(undefined);
    const values = form.getFieldsValue(true) as LabelValues;
    const query = validateWithSchema(form, gs1LabelQuerySchema, { copies: values.copies ?? undefined, ...(values.gtin ? { gtin: values.gtin } : {}) });
    if (query) print.mutate(query);
  };
  const links = gtins.data ?? [];
  const none = gtins.isSuccess && links.length === 0;
  return (
    <Modal
      open
      title={`GS1 labels of lot ${lot.lotNumber || lot.item.itemName}`}
      onCancel={onClose}
      cancelText="Close"
      okText="Print labels"
      okButtonProps={{ loading: print.isPending, disabled: !gtins.isSuccess || none }}
      onOk={submit}
    >
      <Typography.Paragraph type="secondary">
        {lot.item.itemName} ({lot.item.articleNumber}). One 50 x 30 mm label a page: a GS1 DataMatrix of the GTIN, expiry and lot, the same in words beneath.
      </Typography.Paragraph>
      {gtins.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {gtins.isError && <Alert type="error" showIcon title={errorMessage(gtins.error)} />}
      {none && <Alert type="warning" showIcon title={gs1LabelMessages.noGtin(lot.item.itemName)} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {gtins.isSuccess && !none && (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ copies: 1, gtin: defaultLabelGtin(links)?.gtin }}>
          <Form.Item name="copies" label="Copies" required>
            {/* The caret in Copies when the modal opens, Enter prints: the keyboard alone relabels a lot. */}
            <InputNumber autoFocus min={1} max={500} precision={0} style={{ width: '100%' }} onPressEnter={submit} />
          </Form.Item>
          <Form.Item name="gtin" label="GTIN" required>
            <Select options={links.map((link) => ({ value: link.gtin, label: `${link.gtin} · ${packLabel(link.packLevel)}${link.unitsPerPack > 1 ? ` of ${link.unitsPerPack}` : ''}` }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** A warehouse lot's row on /inventory: print GS1 labels of it (a lot we relabel). */
export function LotLabelAction({ row }: RowActionProps) {
  const lot = row as unknown as InventoryRow;
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || !canAccessRoute(user.role, '/inventory') || lot.location?.kind !== 'warehouse') return null;
  const label = lot.lotNumber || lot.item.itemName;
  return (
    <>
      <Button size="small" icon={<PrinterOutlined />} aria-label={`GS1 labels of ${label}`} title="Label" onClick={() => setOpen(true)} />
      {open && <LotLabelModal lot={lot} onClose={() => setOpen(false)} />}
    </>
  );
}
