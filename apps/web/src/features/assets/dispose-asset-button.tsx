import { type AssetDetail, assetDocument, disposalKinds, disposeAssetSchema } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Modal, Radio } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { documentKeys, runDocumentAction } from '../../components/document/document-api.ts';
import { requiredMark } from '../../components/required-mark.tsx';
import { todayWire } from '../../lib/dates.ts';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

interface DisposalValues {
  disposalDate?: string | null;
  kind?: 'sale' | 'writeOff';
  proceeds?: string | null;
  accountId?: number | null;
}

const transition = assetDocument.transitions.dispose;

/** A write-off fetches nothing: its proceeds and account are not sent. */
function disposalBodyOf(values: DisposalValues): Record<string, unknown> {
  const sale = values.kind === 'sale';
  return {
    disposalDate: values.disposalDate ?? undefined,
    kind: values.kind,
    proceeds: sale ? (values.proceeds ?? undefined) : null,
    accountId: sale ? (values.accountId ?? undefined) : null,
  };
}

/**
 * Dispose of an active asset (POST /api/assets/:id/dispose): a sale with its price and the cash
 * or bank account it was paid into, or a write-off; the server posts the gain or loss.
 */
export function DisposeAssetButton({ asset, onDone }: { asset: AssetDetail; onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<DisposalValues>();
  const [formError, setFormError] = useState<string>();
  const queryClient = useQueryClient();
  const kind = Form.useWatch('kind', form);
  const dispose = useMutation({
    mutationFn: (body: object) => runDocumentAction<AssetDetail>(assetDocument, asset.id, 'dispose', body),
    onSuccess: async (answer) => {
      notify.success(answer.message || transition.done);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(assetDocument.name) });
      onDone?.();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error)) setFormError(errorMessage(error));
    },
  });
  const submit = () => {
    setFormError(undefined);
    const body = validateWithSchema(form, disposeAssetSchema, disposalBodyOf(form.getFieldsValue(true) as DisposalValues));
    if (body) dispose.mutate(body);
  };
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {transition.label} {assetDocument.singular}
      </Button>
      <Modal
        title={`Dispose of ${asset.assetName}`}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={submit}
        okText="Dispose"
        okButtonProps={{ danger: true, loading: dispose.isPending }}
        destroyOnHidden
      >
        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          name="dispose-asset"
          layout="vertical"
          requiredMark={requiredMark}
          preserve={false}
          initialValues={{ disposalDate: todayWire(), kind: 'sale' }}
          onFinish={submit}
        >
          <Form.Item name="disposalDate" label="Disposal date" required>
            <DateInput allowClear={false} />
          </Form.Item>
          <Form.Item name="kind" label="Disposal" required>
            <Radio.Group options={disposalKinds.map((k) => ({ value: k.value, label: k.label }))} optionType="button" />
          </Form.Item>
          {kind !== 'writeOff' && (
            <>
              <Form.Item name="proceeds" label="Proceeds" required>
                <InputNumber<string> stringMode precision={2} min="0" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="accountId" label="Received into (cash or bank account)" required>
                <AccountSelect kinds={['cash', 'bank']} />
              </Form.Item>
            </>
          )}
          <Alert type="warning" showIcon title={transition.confirm} />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal>
    </>
  );
}
