import { canAccessRoute, type ImportShipmentDetail, importChargeKinds, importShipmentDocument } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DocumentFormFooter } from '../../components/document/document-form-footer.tsx';
import { DocumentHeaderFields } from '../../components/document/document-header-fields.tsx';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { LineCell, type LineColumn } from '../../components/document/line-columns.tsx';
import { LinesEditor } from '../../components/document/lines-editor.tsx';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { Form } from '../../components/form.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { http } from '../../lib/http.ts';
import { ChargePartyCurrency } from './charge-party-currency.tsx';
import { ShipmentPreviewTable } from './shipment-preview-table.tsx';
import { bodyOf, emptyCharge, type ChargeLine, type ShipmentFormValues, valuesOf } from './shipment-values.ts';
import { ShipmentWeightsInput, useShipmentReceipts } from './shipment-weights.tsx';

const columns = {
  kind: { label: 'Charge', style: { flex: '2 1 170px', minWidth: 0 } },
  vendor: { label: 'Vendor', style: { flex: '2 1 170px', minWidth: 0 } },
  account: { label: 'or account', style: { flex: '2 1 170px', minWidth: 0 } },
  bill: { label: 'Bill number', style: { flex: '1 1 110px', minWidth: 0 } },
  amount: { label: 'Amount', style: { flex: '1 1 120px', minWidth: 0 } },
} satisfies Record<string, LineColumn>;

const headerFields = importShipmentDocument.fields.filter((field) => ['shipmentDate', 'reference', 'gdNumber', 'lcNumber', 'splitMethod'].includes(field.name));
const notesField = importShipmentDocument.fields.filter((field) => field.name === 'notes');

/** The server names charges `charges.N.<field>` and receipts `goodsReceiptIds.N`: where the form keeps them. */
const formProblemsOf = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^charges\./, 'lines.').replace(/^goodsReceiptIds\.\d+$/, 'goodsReceiptIds'), message]));

/** Posted goods receipts the shipment may name (the user's regions'). */
function usePostedReceipts() {
  return useQuery({
    queryKey: ['goods-receipts', 'posted-for-shipments'],
    queryFn: async () =>
      (await http.get<{ data: Array<{ id: number; documentNumber: string | null; receiptDate: string }> }>('/api/goods-receipts', { params: { status: 'posted', pageSize: 100 } })).data.data,
  });
}

export interface ImportShipmentFormProps {
  shipment?: ImportShipmentDetail;
  onDone: (openId?: number) => void;
}

/**
 * A draft shipment: date, B/L and GD numbers, how charges split, the posted receipts it brought in
 * and its charges (each a vendor's bill or paid from an account). A saved draft shows the preview
 * of its landed costs; Post recomputes them under the lots' locks.
 */
export function ImportShipmentForm({ shipment, onDone }: ImportShipmentFormProps) {
  const [form] = Form.useForm<ShipmentFormValues>();
  const { user } = useAuth();
  const [linesError, setLinesError] = useState<string>();
  const canWrite = user !== undefined && canAccessRoute(user.role, '/accounting') && importShipmentDocument.mayRun(user, 'edit');
  const canDelete = shipment !== undefined && user !== undefined && importShipmentDocument.mayRun(user, 'delete');
  const receipts = usePostedReceipts();
  const chosenReceipts = (Form.useWatch('goodsReceiptIds', form) as number[] | undefined) ?? [];
  const splitMethod = Form.useWatch('splitMethod', form) as string | undefined;
  // With what the form does not show: a charge's own split.
  const charges = (Form.useWatch('lines', { form, preserve: true }) as ChargeLine[] | undefined) ?? [];
  // A weight split, the shipment's or a charge's own, needs each line's weight.
  const weighed = splitMethod === 'weight' || charges.some((charge) => charge?.splitMethod === 'weight');
  const weighedReceipts = useShipmentReceipts(weighed ? chosenReceipts : []);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(shipment));
  }, [shipment, form]);

  const draft = useDraftActions<ImportShipmentDetail>(importShipmentDocument, {
    id: shipment?.id,
    body: () => bodyOf(form.getFieldsValue(true) as ShipmentFormValues, shipment?.shipmentDate),
    check: (): Record<string, string> => {
      const values = form.getFieldsValue(true) as ShipmentFormValues;
      return (values.goodsReceiptIds ?? []).length === 0 ? { goodsReceiptIds: 'A shipment names at least one goods receipt' } : {};
    },
    showProblems: (problems) => setLinesError(showFormProblems(form, problems)),
    serverProblems: formProblemsOf,
    onDone,
  });

  return (
    <Flex vertical gap={8}>
      {draft.formError && <Alert type="error" showIcon title={draft.formError} />}
      <Form form={form} name="import-shipment-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => draft.submit(false)}>
        <DocumentHeaderFields
          fields={headerFields}
          inputProps={{
            shipmentDate: { allowClear: false, 'aria-label': 'Shipment date' },
            reference: { 'aria-label': 'Reference' },
            gdNumber: { 'aria-label': 'GD number' },
            lcNumber: { 'aria-label': 'LC number' },
            splitMethod: { 'aria-label': 'Split' },
          }}
        />
        <Form.Item name="goodsReceiptIds" label="Goods receipts" required>
          <Select
            mode="multiple"
            aria-label="Goods receipts"
            placeholder="Posted goods receipts"
            loading={receipts.isLoading}
            optionFilterProp="label"
            options={(receipts.data ?? []).map((r) => ({ value: r.id, label: r.documentNumber ?? `#${r.id}` }))}
          />
        </Form.Item>
        {weighed && (
          <Form.Item name="weights" label="Weights (kg)">
            <ShipmentWeightsInput receipts={weighedReceipts} />
          </Form.Item>
        )}
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Charges
        </Typography.Title>
        <LinesEditor
          columns={Object.values(columns)}
          min={1}
          emptyLine={emptyCharge}
          linesError={linesError}
          testIdPrefix="charge"
          renderLine={(field, index) => (
            <>
              <LineCell column={columns.kind}>
                <Form.Item name={[field.name, 'kind']}>
                  <Select aria-label={`Charge ${index + 1} kind`} options={importChargeKinds.map((k) => ({ value: k.value, label: k.label }))} />
                </Form.Item>
              </LineCell>
              <LineCell column={columns.vendor}>
                <Form.Item name={[field.name, 'vendorId']}>
                  <OptionSelect resource="vendors" aria-label={`Charge ${index + 1} vendor`} placeholder="Vendor" allowClear />
                </Form.Item>
              </LineCell>
              <LineCell column={columns.account}>
                <Form.Item name={[field.name, 'accountId']}>
                  <OptionSelect resource="accounts" aria-label={`Charge ${index + 1} account`} placeholder="Account" allowClear />
                </Form.Item>
              </LineCell>
              <LineCell column={columns.bill}>
                <Form.Item name={[field.name, 'billNumber']}>
                  <Input aria-label={`Charge ${index + 1} bill number`} maxLength={60} />
                </Form.Item>
              </LineCell>
              <LineCell column={columns.amount}>
                <Form.Item name={[field.name, 'amount']}>
                  <Input aria-label={`Charge ${index + 1} amount`} inputMode="decimal" style={{ textAlign: 'right' }} />
                </Form.Item>
                <ChargePartyCurrency name={field.name} index={index} />
              </LineCell>
            </>
          )}
        />
        <DocumentHeaderFields fields={notesField} inputProps={{ notes: { 'aria-label': 'Notes' } }} />
      </Form>
      {shipment && <ShipmentPreviewTable shipment={shipment} />}
      <DocumentFormFooter definition={importShipmentDocument} document={shipment} canWrite={canWrite} canDelete={canDelete} actions={draft} onClose={() => onDone()} />
    </Flex>
  );
}
