import { invoiceDocument, type InvoiceDetail, type GenericOption } from '@erp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Space } from 'antd';
import { Form } from '../../../components/form.tsx';
import { useEffect, useRef, useState } from 'react';
import { DocumentHeaderFields } from '../../../components/document/document-header-fields.tsx';
import { problemsOfIssues, showFormProblems } from '../../../components/document/form-problems.ts';
import { TransitionButtons } from '../../../components/document/transition-buttons.tsx';
import { useDraftActions } from '../../../components/document/use-draft-actions.ts';
import { DeleteButton } from '../../../components/resource/delete-button.tsx';
import { requiredMark } from '../../../components/required-mark.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../../lib/dates.ts';
import { InvoiceLinesStore } from './invoice-lines-store.ts';
import { InvoiceLines } from './invoice-lines.tsx';
import { PickButton } from './invoice-picking.tsx';
import { useSalesSettings } from '../shared/sales-settings.ts';

interface HeaderValues {
  customerId?: number | null;
  regionId?: number | null;
  invoiceDate?: string | null;
  dueDate?: string | null;
  courierId?: number | null;
  notes?: string | null;
}

const headerOf = (invoice?: InvoiceDetail): HeaderValues =>
  invoice
    ? { customerId: invoice.customerId, regionId: invoice.regionId, invoiceDate: invoice.invoiceDate, dueDate: invoice.dueDate, courierId: invoice.courierId, notes: invoice.notes }
    : { invoiceDate: todayWire(), notes: '' };

const linesOf = (invoice?: InvoiceDetail) =>
  invoice
    ? invoice.lines.map((l) => ({ itemId: l.itemId, itemName: l.item.itemName, inventoryId: l.inventoryId, quantity: l.quantity, price: l.price, discountPercent: l.discountPercent }))
    : [{ quantity: 1 }];

/** Form values -> request body; missing values stay missing, so the schema names them. */
function bodyOf(header: HeaderValues, store: InvoiceLinesStore): Record<string, unknown> {
  const present = (value: unknown) => value !== undefined && value !== null && value !== '';
  return {
    ...Object.fromEntries(Object.entries(header).filter(([, v]) => present(v))),
    lines: store.all().map((l) => ({
      ...(present(l.itemId) ? { itemId: l.itemId } : {}),
      ...(present(l.inventoryId) ? { inventoryId: l.inventoryId } : {}),
      ...(present(l.quantity) ? { quantity: l.quantity } : {}),
      ...(present(l.price) ? { price: l.price } : {}),
      ...(present(l.discountPercent) ? { discountPercent: l.discountPercent } : {}),
    })),
  };
}

/**
 * A draft invoice: customer (its region follows), region, dates (the due date from the
 * customer's terms when left empty), courier, notes, and its lines, proposed
 * first-expiry-first-out. Save keeps it a draft (the server splits lines over lots and they
 * come back that way); Save and post posts it in the same request. The declaration's schema
 * runs here first; the server's refusals land on the header fields and on the lines. A saved
 * draft is picked by scanning (Pick).
 */
export function InvoiceForm({ invoice, onDone }: { invoice?: InvoiceDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<HeaderValues>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const settings = useSalesSettings();
  const [store] = useState(() => new InvoiceLinesStore(linesOf(invoice)));
  // The invoice the store's lines were made from: on mount they are already there, and making
  // them again would mount every row twice (200 rows of pickers and inputs).
  const linesFrom = useRef(invoice);
  const [linesError, setLinesError] = useState<string>();
  const canWrite = user !== undefined && invoiceDocument.mayRun(user, 'edit');
  const canPost = user !== undefined && invoiceDocument.mayRun(user, 'post');
  const canDelete = invoice !== undefined && user !== undefined && invoiceDocument.mayRun(user, 'delete');
  const customerId = Form.useWatch('customerId', form) ?? undefined;
  const regionId = Form.useWatch('regionId', form) ?? undefined;
  const date = Form.useWatch('invoiceDate', form) || todayWire();

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(headerOf(invoice));
    if (linesFrom.current !== invoice) store.reset(linesOf(invoice));
    linesFrom.current = invoice;
  }, [invoice, form, store]);

  const showProblems = (problems: Record<string, string>) => {
    const header = Object.fromEntries(Object.entries(problems).filter(([key]) => !key.startsWith('lines.')));
    setLinesError(showFormProblems(form, header));
    store.setErrors(Object.fromEntries(Object.entries(problems).filter(([key]) => key.startsWith('lines.'))));
  };
  const { save, remove, submit, formError, setFormError } = useDraftActions<InvoiceDetail>(invoiceDocument, {
    id: invoice?.id,
    body: () => bodyOf(form.getFieldsValue(true), store),
    check: () => {
      const parsed = invoiceDocument.saveSchema.safeParse(bodyOf(form.getFieldsValue(true), store));
      return parsed.success ? {} : problemsOfIssues(parsed.error.issues);
    },
    showProblems,
    onDone,
    // Lots proposed elsewhere moved.
    alsoRefresh: () => queryClient.invalidateQueries({ queryKey: ['invoice-lots'] }),
  });

  const pickCustomer = (option: GenericOption | undefined) => {
    if (typeof option?.regionId === 'number') form.setFieldValue('regionId', option.regionId);
  };

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="invoice-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(false)}>
        <DocumentHeaderFields
          fields={invoiceDocument.fields}
          inputProps={{ customerId: { onOptionPicked: pickCustomer }, invoiceDate: { allowClear: false }, dueDate: { placeholder: 'From payment terms' } }}
        />
      </Form>
      <InvoiceLines store={store} linesError={linesError} context={{ customerId, regionId, date, taxRate: settings.data?.taxRate ?? '0.00', editable: canWrite }} />
      {canWrite && (
        <Flex justify="flex-end" wrap gap={8} className="no-print">
          <Space wrap>
            {canDelete && <DeleteButton singular={invoiceDocument.singular} label="Delete draft" loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
            {invoice?.status === 'draft' && <PickButton invoice={invoice} />}
            {invoice && <TransitionButtons definition={invoiceDocument} document={invoice} onError={setFormError} />}
            <Button onClick={() => onDone()}>Close</Button>
            <Button loading={save.isPending && !save.variables} onClick={() => submit(false)}>
              Save draft
            </Button>
            {canPost && !invoice && (
              <Button type="primary" loading={save.isPending && save.variables} onClick={() => submit(true)}>
                Save and post
              </Button>
            )}
          </Space>
        </Flex>
      )}
    </Flex>
  );
}

