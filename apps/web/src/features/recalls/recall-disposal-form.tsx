import { type RecallDetail, type RecallDisposalKind, recallDisposalKinds, type TraceOnHand } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, InputNumber, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { Form } from '../../components/form.tsx';
import { todayWire } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { inventoryLists } from './recall-refresh.ts';
import { recallKeys, recordDisposal } from './recalls-api.ts';

interface DisposalValues {
  kind: RecallDisposalKind;
  disposalDate: string | null;
  method?: string;
  witness?: string;
  certificateNumber?: string;
  notes?: string;
  /** Units to dispose of, by inventory row. */
  quantities: Record<string, number | null>;
}

/**
 * A disposal of recalled stock: kind (destroyed, returned to the supplier), date, method,
 * witness, certificate, notes, and the units of each warehouse row of the lots on hand (all of
 * it unless changed). It posts a stock adjustment; a refusal names the row it is about.
 */
export function DisposalForm({ recall, rows, itemName, onDone }: { recall: RecallDetail; rows: readonly TraceOnHand[]; itemName: (itemId: number) => string; onDone: () => void }) {
  const [form] = Form.useForm<DisposalValues>();
  const queryClient = useQueryClient();
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [initialValues] = useState<DisposalValues>(() => ({
    kind: 'destroyed',
    disposalDate: todayWire(),
    quantities: Object.fromEntries(rows.map((row) => [String(row.inventoryId), row.quantity])),
  }));
  const save = useMutation({
    mutationFn: (values: DisposalValues) => {
      const lines = rows.flatMap((row) => {
        const quantity = values.quantities[String(row.inventoryId)];
        return quantity ? [{ inventoryId: row.inventoryId, quantity }] : [];
      });
      return recordDisposal(recall.id, {
        ...(values.disposalDate ? { disposalDate: values.disposalDate } : {}),
        kind: values.kind,
        method: values.method?.trim() ?? '',
        witness: values.witness?.trim() ?? '',
        certificateNumber: values.certificateNumber?.trim() ?? '',
        notes: values.notes?.trim() ?? '',
        lines,
      }).catch((error: unknown) => {
        // `lines.N.<field>` counts the lines sent: put each refusal on its row.
        const byRow: Record<number, string> = {};
        for (const [key, message] of Object.entries(fieldErrorsOf(error) ?? {})) {
          const match = /^lines\.(\d+)\./.exec(key);
          const line = match ? lines[Number(match[1])] : undefined;
          if (line) byRow[line.inventoryId] = message;
        }
        setRowErrors(byRow);
        throw error;
      });
    },
    onSuccess: async (answer) => {
      notify.success(answer.message || 'Disposal recorded');
      await queryClient.invalidateQueries({ queryKey: recallKeys.all });
      for (const key of inventoryLists) await queryClient.invalidateQueries({ queryKey: key });
      onDone();
    },
  });
  const submit = () => {
    setRowErrors({});
    const values = form.getFieldsValue(true) as DisposalValues;
    if (!rows.some((row) => values.quantities[String(row.inventoryId)])) {
      setRowErrors(Object.fromEntries(rows.map((row) => [row.inventoryId, 'Dispose of at least one unit'])));
      return;
    }
    save.mutate(values);
  };
  return (
    <Form form={form} layout="vertical" name="recall-disposal" initialValues={initialValues} aria-label="Record disposal">
      <Typography.Title level={5}>Record disposal</Typography.Title>
      {save.isError && <Alert type="error" showIcon title={errorMessage(save.error)} style={{ marginBottom: 12 }} />}
      <Flex gap={16} wrap>
        <Form.Item label="Kind" name="kind" required style={{ flex: '0 1 220px' }}>
          <Select aria-label="Kind" options={recallDisposalKinds.map((k) => ({ value: k.value, label: k.label }))} />
        </Form.Item>
        <Form.Item label="Date" name="disposalDate" style={{ flex: '0 1 180px' }}>
          <DateInput aria-label="Disposal date" allowClear={false} max={todayWire()} />
        </Form.Item>
        <Form.Item label="Method" name="method" style={{ flex: '1 1 200px' }}>
          <Input aria-label="Method" maxLength={200} placeholder="Incinerated by a licensed contractor" />
        </Form.Item>
        <Form.Item label="Witness" name="witness" style={{ flex: '1 1 180px' }}>
          <Input aria-label="Witness" maxLength={200} />
        </Form.Item>
        <Form.Item label="Certificate number" name="certificateNumber" style={{ flex: '1 1 160px' }}>
          <Input aria-label="Certificate number" maxLength={100} />
        </Form.Item>
      </Flex>
      <Form.Item label="Notes" name="notes">
        <Input.TextArea aria-label="Disposal notes" maxLength={1000} autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
      <Flex vertical gap={4}>
        {rows.map((row) => (
          <Flex key={row.inventoryId} gap={8} align="baseline" wrap data-testid={`disposal-row-${row.inventoryId}`}>
            <Typography.Text style={{ flex: '1 1 260px' }}>
              {itemName(row.itemId)} {row.lotNumber}, {row.regionName}: {row.quantity} on hand
            </Typography.Text>
            <Form.Item
              name={['quantities', String(row.inventoryId)]}
              style={{ flex: '0 1 140px', marginBottom: 8 }}
              validateStatus={rowErrors[row.inventoryId] ? 'error' : undefined}
              help={rowErrors[row.inventoryId]}
            >
              <InputNumber aria-label={`Units of ${row.lotNumber} in ${row.regionName}`} min={0} max={row.quantity} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        ))}
      </Flex>
      <Space wrap style={{ marginTop: 8 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Popconfirm title="Record this disposal? It posts a stock adjustment taking these units out of stock." okText="Yes" cancelText="No" onConfirm={submit}>
          <Button type="primary" danger loading={save.isPending}>
            Record disposal
          </Button>
        </Popconfirm>
      </Space>
    </Form>
  );
}
