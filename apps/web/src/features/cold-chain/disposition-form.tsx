import { type ExcursionDisposition, excursionDispositionInputSchema, excursionDispositions, type ExcursionRow, storageUnits } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Radio, Typography } from 'antd';
import { useState } from 'react';
import { Form } from '../../components/form.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { resourceKeys } from '../../components/resource/resource-api.ts';
import { TextArea } from '../../components/text-area.tsx';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { coldChainKeys, dispositionExcursion, dispositionWords } from './cold-chain-api.ts';

const explanations: Readonly<Record<ExcursionDisposition, string>> = {
  release: 'The lots may be sold again, unless something else holds them (a recall, expiry).',
  quarantine: 'The lots stay quarantined until someone with lots:release releases them on the stock list.',
  writeOff: 'The quantity the excursion exposed is written off by a posted stock adjustment; a lot left with none is destroyed, one with more stays quarantined.',
};

const dispositionOptions = excursionDispositions.map((value) => ({ value, label: dispositionWords[value] }));

interface Values {
  disposition: ExcursionDisposition;
  reason: string;
}

/**
 * The Responsible Person's decision on an excursion awaiting one (scope
 * temperature-excursions:disposition): one disposition for every lot (a lot decided otherwise in
 * the lots' table), and the reason, kept with who and when. Checked by the API's schema first.
 */
export function DispositionForm({
  excursion,
  overrides,
  onDisposition,
  onDecided,
}: {
  excursion: ExcursionRow;
  /** Lots decided otherwise than the whole, chosen in the lots' table. */
  overrides: Readonly<Record<number, ExcursionDisposition>>;
  onDisposition: (disposition: ExcursionDisposition) => void;
  onDecided: (stillBlocked: Record<string, string>) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const disposition = Form.useWatch('disposition', form) ?? 'release';
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (body: Parameters<typeof dispositionExcursion>[1]) => dispositionExcursion(excursion.id, body),
    onSuccess: async (answer) => {
      notify.success(answer.message || 'Excursion decided');
      onDecided(answer.stillBlocked ?? {});
      // The lots' status changed on the stock list too, and the unit may have left its excursion.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: coldChainKeys.all }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(storageUnits.name) }),
        queryClient.invalidateQueries({ queryKey: ['inventory'] }),
      ]);
    },
    onError: (failure) => {
      // Field errors on their fields; the message always, since some name no field here (409 status).
      applyServerFieldErrors(form, failure);
      setError(errorMessage(failure));
    },
  });
  const submit = () => {
    setError(undefined);
    const values = form.getFieldsValue(true) as Values;
    const chosen = Object.entries(overrides).filter(([, value]) => value !== values.disposition);
    const body = validateWithSchema(form, excursionDispositionInputSchema, {
      disposition: values.disposition,
      reason: values.reason ?? '',
      ...(chosen.length > 0 ? { lots: chosen.map(([inventoryId, value]) => ({ inventoryId: Number(inventoryId), disposition: value })) } : {}),
    });
    if (body) decide.mutate(body);
  };

  return (
    <Card size="small" title={<Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>Decision</Typography.Title>}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<Values>
        form={form}
        name="excursion-disposition"
        layout="vertical"
        requiredMark={requiredMark}
        initialValues={{ disposition: 'release', reason: '' }}
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.disposition) onDisposition(changed.disposition);
        }}
      >
        <Form.Item name="disposition" label="Disposition" required extra={explanations[disposition]}>
          <Radio.Group optionType="button" options={dispositionOptions} />
        </Form.Item>
        <Form.Item name="reason" label="Reason" required>
          <TextArea maxLength={2000} rows={3} />
        </Form.Item>
        <Button type="primary" htmlType="submit" danger={disposition === 'writeOff'} loading={decide.isPending}>
          Record decision
        </Button>
      </Form>
    </Card>
  );
}
