import { messages, stockAdjustmentDocument, stockAdjustmentProblems, stockAdjustmentReasons, type StockAdjustmentInput } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { deleteDocument, documentKeys, saveDocument } from '../../components/document/document-api.ts';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { LinesEditor } from '../../components/document/lines-editor.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { inventoryKeys, type StockAdjustment } from './inventory-api.ts';

type LineValues = { inventoryId?: number | null; itemId?: number | null; regionId?: number | null; lotNumber?: string | null; dateExpiry?: string | null; quantity?: number | null; unitCost?: string | null };
type FormValues = { adjustmentDate: string; reason?: StockAdjustmentInput['reason']; narration: string; lines: LineValues[] };

const emptyLine = (): LineValues => ({});
const blank = (value: unknown) => value === undefined || value === null || value === '';

/** The body the API takes: an existing lot's line sends only the lot and the quantity. */
export function adjustmentBodyOf(values: FormValues): StockAdjustmentInput {
  return {
    adjustmentDate: values.adjustmentDate,
    reason: values.reason!,
    narration: values.narration ?? '',
    lines: (values.lines ?? []).map((line) =>
      line.inventoryId
        ? { inventoryId: line.inventoryId, quantity: Number(line.quantity ?? 0) }
        : {
            itemId: line.itemId ?? null,
            regionId: line.regionId ?? null,
            lotNumber: blank(line.lotNumber) ? null : String(line.lotNumber).trim(),
            dateExpiry: line.dateExpiry ?? null,
            quantity: Number(line.quantity ?? 0),
            unitCost: blank(line.unitCost) ? null : String(line.unitCost),
          },
    ),
  };
}

function valuesOf(document: StockAdjustment): FormValues {
  return {
    adjustmentDate: document.adjustmentDate,
    reason: document.reason,
    narration: document.narration,
    lines: document.lines.map((l) =>
      l.inventoryId ? { inventoryId: l.inventoryId, quantity: l.quantity } : { itemId: l.itemId, regionId: l.regionId, lotNumber: l.lotNumber, dateExpiry: l.dateExpiry, quantity: l.quantity, unitCost: l.unitCost },
    ),
  };
}

/**
 * A stock adjustment: date, reason, lines. A line picks an existing lot (expired ones too:
 * they may be written off) and a signed quantity, or names a new lot (item, region, lot
 * number, expiry, unit cost) brought in. Save keeps a draft; Post saves and posts in one
 * request. The domain's rules run first; the server's `lines.N.<field>` refusals land on the fields.
 */
export function StockAdjustmentForm({ document, onDone }: { document?: StockAdjustment; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<FormValues>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string>();
  const [linesError, setLinesError] = useState<string>();
  const canPost = user !== undefined && stockAdjustmentDocument.mayRun(user, 'post');
  const canDelete = user !== undefined && document !== undefined && stockAdjustmentDocument.mayRun(user, 'delete');

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(document ? valuesOf(document) : { adjustmentDate: todayWire(), narration: '', lines: [emptyLine()] });
  }, [document, form]);

  const showProblems = (problems: Record<string, string>) => setLinesError(showFormProblems(form, problems));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: documentKeys.all(stockAdjustmentDocument.name) });
    await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['options', 'inventory'] });
  };

  const save = useMutation({
    mutationFn: async ({ toPost }: { toPost: boolean }) => {
      const saved = await saveDocument<StockAdjustment>(stockAdjustmentDocument, adjustmentBodyOf(form.getFieldsValue(true) as FormValues), { id: document?.id, post: toPost });
      return { id: saved.data.id, message: saved.message || messages.saved };
    },
    onSuccess: async ({ id, message }, { toPost }) => {
      notify.success(message);
      await refresh();
      onDone(toPost ? id : undefined);
    },
    onError: (error) => {
      const errors = fieldErrorsOf(error);
      if (errors && Object.keys(errors).length > 0) {
        setFormError(errorMessage(error));
        showProblems(errors);
      } else setFormError(errorMessage(error));
    },
  });

  const submit = (toPost: boolean) => {
    setFormError(undefined);
    const values = form.getFieldsValue(true) as FormValues;
    const required: Record<string, string> = {};
    if (!values.adjustmentDate) required.adjustmentDate = 'Date is required';
    if (!values.reason) required.reason = 'Reason is required';
    (values.lines ?? []).forEach((line, index) => {
      if (!line.quantity) required[`lines.${index}.quantity`] = 'Quantity must not be 0';
    });
    const problems = { ...required, ...(values.reason ? stockAdjustmentProblems(adjustmentBodyOf(values)) : {}) };
    if (Object.keys(problems).length > 0) return showProblems(problems);
    save.mutate({ toPost });
  };

  const remove = useMutation({
    mutationFn: () => deleteDocument(stockAdjustmentDocument, document!.id),
    onSuccess: async (message) => {
      notify.success(message || messages.deleted);
      await refresh();
      onDone();
    },
    onError: (error) => setFormError(errorMessage(error)),
  });

  return (
    <Form form={form} layout="vertical" name="stock-adjustment" onFinish={() => submit(false)}>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Flex gap={16} wrap>
        <Form.Item label="Date" name="adjustmentDate" required style={{ minWidth: 180 }}>
          <DateInput aria-label="Date" allowClear={false} />
        </Form.Item>
        <Form.Item label="Reason" name="reason" required style={{ minWidth: 200 }}>
          <Select aria-label="Reason" placeholder="Reason" showSearch={{ optionFilterProp: 'label' }} options={stockAdjustmentReasons.map((r) => ({ value: r.value, label: r.label }))} />
        </Form.Item>
        <Form.Item label="Narration" name="narration" style={{ flex: 1, minWidth: 220 }}>
          <Input aria-label="Narration" maxLength={500} />
        </Form.Item>
      </Flex>
      <LinesEditor
        min={1}
        emptyLine={emptyLine}
        linesError={linesError}
        testIdPrefix="adjustment"
        renderLine={(field, index) => (
          <Flex gap={8} wrap style={{ flex: 1 }}>
            <Form.Item name={[field.name, 'inventoryId']} style={{ minWidth: 240, flex: 2, marginBottom: 8 }}>
              <OptionSelect resource="inventory" filters={{ purpose: 'adjustment' }} aria-label={`Line ${index + 1} lot`} placeholder="Existing lot" />
            </Form.Item>
            <Form.Item name={[field.name, 'quantity']} style={{ width: 120, marginBottom: 8 }}>
              <InputNumber aria-label={`Line ${index + 1} quantity`} placeholder="Qty (+/-)" precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a: FormValues, b: FormValues) => a.lines?.[index]?.inventoryId !== b.lines?.[index]?.inventoryId}>
              {({ getFieldValue }) =>
                getFieldValue(['lines', field.name, 'inventoryId']) ? null : (
                  <>
                    <Form.Item name={[field.name, 'itemId']} style={{ minWidth: 200, flex: 2, marginBottom: 8 }}>
                      <OptionSelect resource="items" aria-label={`Line ${index + 1} item`} placeholder="or a new lot: item" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'regionId']} style={{ minWidth: 140, flex: 1, marginBottom: 8 }}>
                      <OptionSelect resource="regions" aria-label={`Line ${index + 1} region`} placeholder="Region" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'lotNumber']} style={{ width: 130, marginBottom: 8 }}>
                      <Input aria-label={`Line ${index + 1} lot number`} placeholder="Lot number" maxLength={60} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'dateExpiry']} style={{ width: 150, marginBottom: 8 }}>
                      <DateInput aria-label={`Line ${index + 1} expiry`} placeholder="Expiry" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'unitCost']} style={{ width: 130, marginBottom: 8 }}>
                      <InputNumber<string> aria-label={`Line ${index + 1} unit cost`} placeholder="Unit cost" stringMode precision={2} min="0" style={{ width: '100%' }} />
                    </Form.Item>
                  </>
                )
              }
            </Form.Item>
          </Flex>
        )}
      />
      <Space wrap style={{ marginTop: 16 }}>
        <Button htmlType="submit" loading={save.isPending && !save.variables?.toPost}>
          Save draft
        </Button>
        {canPost && (
          <Button type="primary" onClick={() => submit(true)} loading={save.isPending && save.variables?.toPost}>
            Post
          </Button>
        )}
        {canDelete && <DeleteButton singular={stockAdjustmentDocument.singular} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
      </Space>
    </Form>
  );
}
