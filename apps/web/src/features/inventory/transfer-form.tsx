import { addDecimals, type GenericOption, messages, multiply, type TransferDetail, transferDocument, type TransferInput, transferProblems } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, InputNumber, Space } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect, useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { deleteDocument, documentKeys, runDocumentAction, saveDocument } from '../../components/document/document-api.ts';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { LineCell, type LineColumn } from '../../components/document/line-columns.tsx';
import { LinesEditor } from '../../components/document/lines-editor.tsx';
import { TotalsBar } from '../../components/document/totals-row.tsx';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { lotOptionText } from '../../components/resource/lot-option-text.ts';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { fetchOptions, resourceKeys } from '../../components/resource/resource-api.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { inventoryKeys } from './inventory-api.ts';

type LineValues = { inventoryId?: number | null; quantity?: number | null };
type FormValues = { transferDate?: string; fromRegionId?: number | null; toRegionId?: number | null; courierId?: number | null; notes?: string; lines?: LineValues[] };

const emptyLine = (): LineValues => ({});

const columns = {
  lot: { label: 'Lot', style: { flex: '3 1 260px', minWidth: 0 } },
  quantity: { label: 'Quantity', style: { flex: '1 1 140px', minWidth: 0 } },
} satisfies Record<string, LineColumn>;

// Shared with the rentals' site-stock card; kept exported here for this form's callers and tests.
export { lotOptionText };

/** The body the API takes. */
export function transferBodyOf(values: FormValues): TransferInput {
  return {
    transferDate: values.transferDate ?? '',
    fromRegionId: values.fromRegionId ?? 0,
    toRegionId: values.toRegionId ?? 0,
    courierId: values.courierId ?? null,
    notes: values.notes ?? '',
    lines: (values.lines ?? []).map((line) => ({ inventoryId: line.inventoryId ?? 0, quantity: Number(line.quantity ?? 0) })),
  };
}

function valuesOf(document: TransferDetail): FormValues {
  return {
    transferDate: document.transferDate,
    fromRegionId: document.fromRegionId,
    toRegionId: document.toRegionId,
    courierId: document.courierId,
    notes: document.notes,
    lines: document.lines.map((l) => ({ inventoryId: l.inventoryId, quantity: l.quantity })),
  };
}

/** What the form can say before sending: the required fields, whole quantities, two regions. */
export function transferFormProblems(values: FormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.transferDate) problems.transferDate = 'Date is required';
  if (!values.fromRegionId) problems.fromRegionId = 'From region is required';
  if (!values.toRegionId) problems.toRegionId = 'To region is required';
  (values.lines ?? []).forEach((line, index) => {
    if (!line.inventoryId) problems[`lines.${index}.inventoryId`] = 'Lot is required';
    if (!line.quantity || line.quantity < 1 || !Number.isInteger(line.quantity)) problems[`lines.${index}.quantity`] = 'Quantity must be at least 1';
  });
  if ((values.lines ?? []).length === 0) problems.lines = 'A transfer needs at least one line';
  return { ...problems, ...transferProblems(transferBodyOf(values)) };
}

/**
 * A transfer: date, from and to region, courier, notes, and lines picking lots of the source
 * region's warehouse (expired ones are not offered: they cannot be dispatched). Save keeps a
 * draft; Save and dispatch saves, then dispatches. The server's `lines.N.<field>` refusals land on the fields.
 */
export function TransferForm({ document, onDone }: { document?: TransferDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<FormValues>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string>();
  const [linesError, setLinesError] = useState<string>();
  const fromRegionId = Form.useWatch('fromRegionId', form) as number | null | undefined;
  const lotFilters = fromRegionId ? { regionId: fromRegionId } : undefined;
  // The lots' picker reads the same (cached) options: their costs give the lines' value.
  const lotOptions = useQuery({ queryKey: resourceKeys.options('inventory', { filters: lotFilters }), queryFn: () => fetchOptions('inventory', { filters: lotFilters }), enabled: !!fromRegionId });
  const lines = Form.useWatch('lines', form) as LineValues[] | undefined;
  const canDispatch = user !== undefined && transferDocument.mayRun(user, 'dispatch');
  const canDelete = user !== undefined && document !== undefined && transferDocument.mayRun(user, 'delete');

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(document ? valuesOf(document) : { transferDate: todayWire(), notes: '', lines: [emptyLine()] });
  }, [document, form]);

  const showProblems = (problems: Record<string, string>) => setLinesError(showFormProblems(form, problems));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: documentKeys.all(transferDocument.name) });
    await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['options', 'inventory'] });
  };

  const save = useMutation({
    mutationFn: async ({ dispatch }: { dispatch: boolean }) => {
      const saved = await saveDocument<TransferDetail>(transferDocument, transferBodyOf(form.getFieldsValue(true) as FormValues), { id: document?.id });
      if (!dispatch) return { id: saved.data.id, message: saved.message || messages.saved, dispatched: false };
      // A refused dispatch leaves the saved draft, shown with the refusal.
      try {
        const dispatched = await runDocumentAction<TransferDetail>(transferDocument, saved.data.id, 'dispatch');
        return { id: saved.data.id, message: dispatched.message, dispatched: true };
      } catch (error) {
        await refresh();
        throw error;
      }
    },
    onSuccess: async ({ id, message, dispatched }) => {
      notify.success(message);
      await refresh();
      onDone(dispatched ? id : undefined);
    },
    onError: (error) => {
      setFormError(errorMessage(error));
      const errors = fieldErrorsOf(error);
      if (errors && Object.keys(errors).length > 0) showProblems(errors);
    },
  });

  const submit = (dispatch: boolean) => {
    setFormError(undefined);
    const problems = transferFormProblems(form.getFieldsValue(true) as FormValues);
    if (Object.keys(problems).length > 0) return showProblems(problems);
    save.mutate({ dispatch });
  };

  const remove = useMutation({
    mutationFn: () => deleteDocument(transferDocument, document!.id),
    onSuccess: async (message) => {
      notify.success(message || messages.deleted);
      await refresh();
      onDone();
    },
    onError: (error) => setFormError(errorMessage(error)),
  });

  const costs = new Map<number, string>([
    ...(document?.lines ?? []).map((l) => [l.inventoryId, l.unitCost] as const),
    ...(lotOptions.data?.options ?? []).map((o) => [o.id, String((o as GenericOption & { unitCost?: string }).unitCost ?? '0')] as const),
  ]);
  const total = addDecimals((lines ?? []).flatMap((l) => (l?.inventoryId && l.quantity && costs.has(l.inventoryId) ? [multiply(l.quantity, costs.get(l.inventoryId)!)] : [])));

  return (
    <Form form={form} layout="vertical" name="transfer" onFinish={() => submit(false)}>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Flex gap={16} wrap>
        <Form.Item label="Date" name="transferDate" required style={{ flex: '0 1 180px' }}>
          <DateInput aria-label="Date" allowClear={false} max={todayWire()} />
        </Form.Item>
        <Form.Item label="From region" name="fromRegionId" required style={{ flex: '1 1 180px' }}>
          <OptionSelect
            resource="regions"
            aria-label="From region"
            // The lines' lots are the source warehouse's: another source empties them.
            onChange={() => form.setFieldValue('lines', (form.getFieldValue('lines') as LineValues[] | undefined)?.map(() => emptyLine()) ?? [emptyLine()])}
          />
        </Form.Item>
        <Form.Item label="To region" name="toRegionId" required style={{ flex: '1 1 180px' }}>
          <OptionSelect resource="regions" aria-label="To region" />
        </Form.Item>
        <Form.Item label="Courier" name="courierId" style={{ flex: '1 1 180px' }}>
          <OptionSelect resource="couriers" aria-label="Courier" allowClear />
        </Form.Item>
      </Flex>
      <Form.Item label="Notes" name="notes">
        <Input.TextArea aria-label="Notes" maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <LinesEditor
        columns={Object.values(columns)}
        min={1}
        emptyLine={emptyLine}
        linesError={linesError}
        testIdPrefix="transfer"
        footer={<TotalsBar items={[{ label: 'Value at cost', value: total }]} testId="transfer-total" />}
        renderLine={(field, index) => (
          <>
            <LineCell column={columns.lot}>
              <Form.Item name={[field.name, 'inventoryId']}>
                <OptionSelect
                  key={fromRegionId ?? 'none'}
                  resource="inventory"
                  filters={lotFilters}
                  disabled={!fromRegionId}
                  optionText={lotOptionText}
                  aria-label={`Line ${index + 1} lot`}
                />
              </Form.Item>
            </LineCell>
            <LineCell column={columns.quantity}>
              <Form.Item name={[field.name, 'quantity']}>
                <InputNumber aria-label={`Line ${index + 1} quantity`} min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </LineCell>
          </>
        )}
      />
      <Space wrap style={{ marginTop: 16 }}>
        <Button htmlType="submit" loading={save.isPending && !save.variables?.dispatch}>
          Save draft
        </Button>
        {canDispatch && (
          <Button type="primary" onClick={() => submit(true)} loading={save.isPending && save.variables?.dispatch}>
            Save and dispatch
          </Button>
        )}
        {canDelete && <DeleteButton singular={transferDocument.singular} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
      </Space>
    </Form>
  );
}
