import { purchaseOrderDocument, type PurchaseOrderDetail } from '@erp/domain';
import { Alert, Flex } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect, useState } from 'react';
import { DocumentHeaderFields } from '../../components/document/document-header-fields.tsx';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { DocumentFormFooter } from '../../components/document/document-form-footer.tsx';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import { emptyOrderLine, orderBodyOf, orderFormProblems, orderFormValuesOf, type OrderFormValues } from './purchase-order-checks.ts';
import { PurchaseOrderLinesEditor } from './purchase-order-lines.tsx';
import { OrderCurrencyNote } from './order-currency.tsx';

export interface PurchaseOrderFormProps {
  /** A draft to edit; undefined for a new order. */
  order?: PurchaseOrderDetail;
  onDone: (openId?: number) => void;
}

/**
 * A draft purchase order: vendor, receiving region, dates, notes, lines. Save keeps it a draft;
 * a saved draft offers its workflow (Approve, Cancel) beside. The declaration's schema runs
 * here first; the server's per-field refusals (`lines.1.itemId`: not approved) land on the fields.
 */
export function PurchaseOrderForm({ order, onDone }: PurchaseOrderFormProps) {
  const [form] = Form.useForm<OrderFormValues>();
  const { user } = useAuth();
  const [linesError, setLinesError] = useState<string>();
  const canWrite = user !== undefined && purchaseOrderDocument.mayRun(user, 'edit');
  const canDelete = order !== undefined && user !== undefined && purchaseOrderDocument.mayRun(user, 'delete');

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(order ? orderFormValuesOf(order) : { orderDate: todayWire(), notes: '', lines: [emptyOrderLine()] });
  }, [order, form]);

  const showProblems = (problems: Record<string, string>) => setLinesError(showFormProblems(form, problems));
  // The saved draft stays open: approving it is the next step.
  const draft = useDraftActions<PurchaseOrderDetail>(purchaseOrderDocument, {
    id: order?.id,
    body: () => orderBodyOf(form.getFieldsValue(true) as OrderFormValues),
    check: () => orderFormProblems(form.getFieldsValue(true) as OrderFormValues),
    showProblems,
    onDone,
  });
  const { submit, formError } = draft;

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="purchase-order-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(false)}>
        <DocumentHeaderFields fields={purchaseOrderDocument.fields} inputProps={{ orderDate: { allowClear: false } }} />
        <OrderCurrencyNote form={form} />
        <PurchaseOrderLinesEditor form={form} linesError={linesError} />
      </Form>
      <DocumentFormFooter definition={purchaseOrderDocument} document={order} canWrite={canWrite} canDelete={canDelete} actions={draft} onClose={() => onDone()} />
    </Flex>
  );
}
