import { handMadeAdjustmentReasons, messages, stockAdjustmentDocument, stockAdjustmentProblems, type StockAdjustmentInput } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, InputNumber, Select, Space } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect, useState } from 'react';
import { deleteDocument, documentKeys, saveDocument } from '../../components/document/document-api.ts';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { LineCell, type LineColumn } from '../../components/document/line-columns.tsx';
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

/** A line adjusts an existing lot or, with the last five, makes a new one. */
const columns = {
  lot: { label: 'Existing lot', style: { flex: '2 1 200px', minWidth: 0 } },
  quantity: { label: 'Quantity (+/-)', style: { flex: '1 1 100px', minWidth: 0 } },
  item: { label: 'New lot: item', style: { flex: '2 1 180px', minWidth: 0 } },
  region: { label: 'Region', style: { flex: '1 1 120px', minWidth: 0 } },
  lotNumber: { label: 'Lot number', style: { flex: '1 1 110px', minWidth: 0 } },
  expiry: { label: 'Expiry', style: { flex: '1 1 130px', minWidth: 0 } },
  unitCost: { label: 'Unit cost', style: { flex: '1 1 110px', minWidth: 0 } },
} satisfies Record<string, LineColumn>;
const newLotColumns = [columns.item, columns.region, columns.lotNumber, columns.expiry, columns.unitCost];
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
          <Select aria-label="Reason" placeholder="Reason" showSearch={{ optionFilterProp: 'label' }} options={handMadeAdjustmentReasons.map((r) => ({ value: r.value, label: r.label }))} />
        </Form.Item>
        <Form.Item label="Narration" name="narration" style={{ flex: 1, minWidth: 220 }}>
          <Input aria-label="Narration" maxLength={500} />
        </Form.Item>
      </Flex>
      <LinesEditor
        columns={Object.values(columns)}
        min={1}
        emptyLine={emptyLine}
        linesError={linesError}
        testIdPrefix="adjustment"
        renderLine={(field, index) => (
          <>
            <LineCell column={columns.lot}>
              <Form.Item name={[field.name, 'inventoryId']}>
                <OptionSelect resource="inventory" filters={{ purpose: 'adjustment' }} aria-label={`Line ${index + 1} lot`} placeholder="Existing lot" />
              </Form.Item>
            </LineCell>
            <LineCell column={columns.quantity}>
              <Form.Item name={[field.name, 'quantity']}>
                <InputNumber aria-label={`Line ${index + 1} quantity`} placeholder="Qty (+/-)" precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </LineCell>
            <Form.Item noStyle shouldUpdate={(a: FormValues, b: FormValues) => a.lines?.[index]?.inventoryId !== b.lines?.[index]?.inventoryId}>
              {({ getFieldValue }) =>
                getFieldValue(['lines', field.name, 'inventoryId']) ? (
                  // Empty cells keep the line's columns under their headers.
                  newLotColumns.map((column) => <LineCell key={column.label} column={{ ...column, label: '' }} />)
                ) : (
                  <>
                    <LineCell column={columns.item}>
                      <Form.Item name={[field.name, 'itemId']}>
                        <OptionSelect resource="items" aria-label={`Line ${index + 1} item`} placeholder="or a new lot: item" />
                      </Form.Item>
                    </LineCell>
                    <LineCell column={columns.region}>
                      <Form.Item name={[field.name, 'regionId']}>
                        <OptionSelect resource="regions" aria-label={`Line ${index + 1} region`} placeholder="Region" />
                      </Form.Item>
                    </LineCell>
                    <LineCell column={columns.lotNumber}>
                      <Form.Item name={[field.name, 'lotNumber']}>
                        <Input aria-label={`Line ${index + 1} lot number`} placeholder="Lot number" maxLength={60} />
                      </Form.Item>
                    </LineCell>
                    <LineCell column={columns.expiry}>
                      <Form.Item name={[field.name, 'dateExpiry']}>
                        <DateInput aria-label={`Line ${index + 1} expiry`} placeholder="Expiry" />
                      </Form.Item>
                    </LineCell>
                    <LineCell column={columns.unitCost}>
                      <Form.Item name={[field.name, 'unitCost']}>
                        <InputNumber<string> aria-label={`Line ${index + 1} unit cost`} placeholder="Unit cost" stringMode precision={2} min="0" style={{ width: '100%' }} />
                      </Form.Item>
                    </LineCell>
                  </>
                )
              }
            </Form.Item>
          </>
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
