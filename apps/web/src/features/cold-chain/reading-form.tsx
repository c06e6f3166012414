import { temperatureReadingInputSchema } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Form } from '../../components/form.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { coldChainKeys, recordReading, type UnitSummary } from './cold-chain-api.ts';

interface Values {
  readAt: Dayjs | null;
  temperatureC: string | null;
  notes: string;
}

// Typed as the picker shows it, or the wire's way; the time is the browser's.
const readAtFormats = ['D MMM YYYY HH:mm', 'YYYY-MM-DD HH:mm', 'DD/MM/YYYY HH:mm'];

/**
 * A reading taken by hand (scope temperature-readings:write): the time in the browser's zone
 * (sent with its offset, so the server reads that instant), the temperature to two decimals.
 * Checked by the API's own schema first; the server's refusals (a later time than now, a second
 * reading at that instant) land on their fields.
 */
export function ReadingForm({ unit, onDone }: { unit: UnitSummary; onDone: (stored: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: recordReading,
    onSuccess: async (answer) => {
      notify.success(answer.message || 'Reading recorded');
      await queryClient.invalidateQueries({ queryKey: coldChainKeys.all });
      onDone(true);
    },
    onError: (failure) => {
      if (!applyServerFieldErrors(form, failure)) setError(errorMessage(failure));
    },
  });
  const submit = () => {
    setError(undefined);
    const values = form.getFieldsValue(true) as Values;
    const body = validateWithSchema(form, temperatureReadingInputSchema, {
      storageUnitId: unit.id,
      // With the browser's offset: `2026-03-01T08:30:00+05:00`.
      readAt: values.readAt ? values.readAt.second(0).millisecond(0).format() : '',
      temperatureC: values.temperatureC ?? '',
      notes: values.notes?.trim() ? values.notes.trim() : null,
    });
    if (body) save.mutate(body);
  };
  return (
    <Card size="small" title={`New reading of ${unit.unitName}`}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<Values>
        form={form}
        name="temperature-reading"
        layout="vertical"
        requiredMark={requiredMark}
        initialValues={{ readAt: dayjs().second(0).millisecond(0), temperatureC: null, notes: '' }}
        onFinish={submit}
      >
        <Flex wrap gap={12}>
          <Form.Item name="readAt" label="Read at" required style={{ flex: '1 1 200px' }}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={readAtFormats} maxDate={dayjs()} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="temperatureC" label="Temperature (°C)" required style={{ flex: '1 1 140px' }}>
            <InputNumber<string> stringMode precision={2} min="-100" max="100" step="0.1" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="notes" label="Notes" style={{ flex: '2 1 200px' }}>
            <Input maxLength={500} />
          </Form.Item>
        </Flex>
        <Flex gap={8}>
          <Button onClick={() => onDone(false)}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Record reading
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
