import { canAccessRoute, goodsReceiptDocument, messages, purchaseOrderDocument, type GoodsReceiptDetail, type PurchaseOrderDetail } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Collapse, Flex, Skeleton, Space } from 'antd';
import { Form } from '../../components/form.tsx';
import { useRef, useState } from 'react';
import { documentKeys, deleteDocument, fetchDocument, saveDocument } from '../../components/document/document-api.ts';
import { DocumentHeaderFields } from '../../components/document/document-header-fields.tsx';
import { SummaryDescriptions } from '../../components/document/document-summary.tsx';
import { problemsByRow, showFormProblems } from '../../components/document/form-problems.ts';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { isNearExpiryMessage, loggerFieldNames, rateOfDraft, loggerFromReceipt, receiptBodyOf, receiptFormProblems, rowsFromOrder, rowsFromReceipt, type ReceiptFormValues, type ReceiptRowValues } from './goods-receipt-checks.ts';
import { GoodsReceiptRows } from './goods-receipt-rows.tsx';
import { NearExpiryConfirm, nearExpiryLot } from './near-expiry-confirm.tsx';
import { ReceiptScanInput } from './receipt-scan-input.tsx';
import { ReceiptRateField } from './receipt-currency.tsx';

const headerFields = goodsReceiptDocument.fields.filter((field) => field.name === 'receiptDate' || field.name === 'notes');
const loggerFields = goodsReceiptDocument.fields.filter((field) => (loggerFieldNames as readonly string[]).includes(field.name));

export interface GoodsReceiptFormProps {
  /** A draft receipt to edit; undefined for a new one. */
  receipt?: GoodsReceiptDetail;
  /** The order a new receipt receives (`?order=` of the address). */
  orderId?: number;
  onDone: (openId?: number) => void;
}

/** A goods receipt's form, once its order is read: the rows come from the order's open lines (new) or the draft's lines. */
export function GoodsReceiptForm({ receipt, orderId, onDone }: GoodsReceiptFormProps) {
  const purchaseOrderId = receipt?.purchaseOrderId ?? orderId;
  const order = useQuery({
    queryKey: documentKeys.one(purchaseOrderDocument.name, purchaseOrderId ?? 0),
    queryFn: () => fetchDocument<PurchaseOrderDetail>(purchaseOrderDocument, purchaseOrderId ?? 0),
    enabled: purchaseOrderId !== undefined,
  });
  if (purchaseOrderId === undefined) return <Alert type="info" showIcon title="A goods receipt is made from its purchase order: open an approved order and choose Receive." />;
  if (order.isLoading) return <Skeleton active />;
  if (order.isError || !order.data) return <Alert type="error" showIcon title={errorMessage(order.error)} />;
  return <ReceiptForm receipt={receipt} order={order.data} onDone={onDone} />;
}

interface NearExpiryQuestion {
  toPost: boolean;
  problems: Record<string, string>;
}

/**
 * Receipt date, notes and the rows (quantity, lot number, expiry; rows left at 0 are not sent).
 * Save draft keeps it a draft; Post saves and posts in one request (stock in, ledger). The
 * domain's rules run first; a near-expiry refusal from the server asks, then sends again with
 * `acceptNearExpiry: true`; other refusals land on the rows they name.
 */
function ReceiptForm({ receipt, order, onDone }: { receipt?: GoodsReceiptDetail; order: PurchaseOrderDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<ReceiptFormValues>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string>();
  const [linesError, setLinesError] = useState<string>();
  const [nearExpiry, setNearExpiry] = useState<NearExpiryQuestion>();
  // Which form row each sent line came from: the server's `lines.N` counts sent lines only.
  const sentRows = useRef<number[]>([]);
  const canWrite = user !== undefined && goodsReceiptDocument.mayRun(user, 'edit');
  const canPost = user !== undefined && goodsReceiptDocument.mayRun(user, 'post');
  const canDelete = receipt !== undefined && user !== undefined && goodsReceiptDocument.mayRun(user, 'delete');
  // Scans are looked up on /inventory's route (GS1's lookup): others receive by typing the rows.
  const canScan = canWrite && canAccessRoute(user.role, '/inventory');
  const [initialValues] = useState<ReceiptFormValues>(() =>
    receipt
      ? { receiptDate: receipt.receiptDate, notes: receipt.notes, exchangeRate: rateOfDraft(receipt), ...loggerFromReceipt(receipt), lines: rowsFromReceipt(receipt) }
      : { receiptDate: todayWire(), notes: '', lines: rowsFromOrder(order) },
  );

  // Open when the draft has a logger, and when a refusal names one of its fields (the post of goods kept cold).
  const [loggerOpen, setLoggerOpen] = useState(Boolean(initialValues.loggerResult));
  const showProblems = (problems: Record<string, string>) => {
    if (Object.keys(problems).some((key) => (loggerFieldNames as readonly string[]).includes(key))) setLoggerOpen(true);
    setLinesError(showFormProblems(form, problems));
  };

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: documentKeys.all(goodsReceiptDocument.name) });
    await queryClient.invalidateQueries({ queryKey: documentKeys.all(purchaseOrderDocument.name) });
    // Stock moved: the inventory screens' lists and lot pickers.
    await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    await queryClient.invalidateQueries({ queryKey: ['options', 'inventory'] });
  };

  const save = useMutation({
    mutationFn: async ({ toPost, acceptNearExpiry }: { toPost: boolean; acceptNearExpiry: boolean }) => {
      const { body, rowOfLine } = receiptBodyOf(form.getFieldsValue(true) as ReceiptFormValues, order.id, acceptNearExpiry);
      sentRows.current = rowOfLine;
      return saveDocument<GoodsReceiptDetail>(goodsReceiptDocument, body, { id: receipt?.id, post: toPost });
    },
    onSuccess: async (answer, { toPost }) => {
      notify.success(answer.message || (toPost ? goodsReceiptDocument.transitions.post.done : messages.saved));
      await refresh();
      onDone(answer.data.id);
    },
    onError: (error, { toPost, acceptNearExpiry }) => {
      const errors = fieldErrorsOf(error);
      const problems = errors ? problemsByRow(errors, sentRows.current) : {};
      const messagesOf = Object.values(problems);
      if (!acceptNearExpiry && messagesOf.length > 0 && messagesOf.every(isNearExpiryMessage)) {
        setNearExpiry({ toPost, problems });
        return;
      }
      setFormError(errorMessage(error));
      if (messagesOf.length > 0) showProblems(problems);
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteDocument(goodsReceiptDocument, receipt!.id),
    onSuccess: async (message) => {
      notify.success(message || messages.deleted);
      await refresh();
      onDone();
    },
    onError: (error) => setFormError(errorMessage(error)),
  });

  const submit = (toPost: boolean) => {
    setFormError(undefined);
    const problems = receiptFormProblems(form.getFieldsValue(true) as ReceiptFormValues, order);
    showProblems(problems);
    if (Object.keys(problems).length === 0) save.mutate({ toPost, acceptNearExpiry: false });
  };

  return (
    <Flex vertical gap={8}>
      {canScan && <ReceiptScanInput form={form} order={order} />}
      <SummaryDescriptions
        error={formError}
        // Two to a row below 992 px: more in a 768 px drawer broke names and amounts mid-word.
        column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
        items={[
          { key: 'order', label: 'Purchase order', children: order.documentNumber ?? 'Draft' },
          { key: 'vendor', label: 'Vendor', children: order.vendor.vendorName },
          { key: 'region', label: 'Receiving region', children: order.region.regionName },
        ]}
      />
      <Form form={form} name="goods-receipt-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} initialValues={initialValues}>
        <DocumentHeaderFields fields={headerFields} inputProps={{ receiptDate: { allowClear: false, max: todayWire() } }} />
        <ReceiptRateField form={form} order={order} />
        <Collapse
          size="small"
          ghost
          activeKey={loggerOpen ? ['logger'] : []}
          onChange={(keys) => setLoggerOpen(keys.length > 0)}
          items={[
            {
              key: 'logger',
              label: 'Temperature logger (goods kept cold: required to post)',
              forceRender: true,
              children: <DocumentHeaderFields fields={loggerFields} />,
            },
          ]}
        />
        <GoodsReceiptRows form={form} order={order} linesError={linesError} />
      </Form>
      {canWrite && (
        <Flex justify="flex-end" wrap gap={8} className="no-print">
          <Space wrap>
            {canDelete && <DeleteButton singular={goodsReceiptDocument.singular} label="Delete draft" loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
            <Button onClick={() => onDone()}>Close</Button>
            <Button loading={save.isPending && !save.variables?.toPost} onClick={() => submit(false)}>
              Save draft
            </Button>
            {canPost && (
              <Button type="primary" loading={save.isPending && save.variables?.toPost} onClick={() => submit(true)}>
                Post
              </Button>
            )}
          </Space>
        </Flex>
      )}
      <NearExpiryConfirm
        lots={nearExpiry && Object.entries(nearExpiry.problems).map(([key, message]) => nearExpiryLot(key, message, (row) => form.getFieldValue(['lines', row]) as ReceiptRowValues | undefined))}
        onConfirm={() => {
          const question = nearExpiry!;
          setNearExpiry(undefined);
          save.mutate({ toPost: question.toPost, acceptNearExpiry: true });
        }}
        onCancel={() => {
          // Left on the rows, so the user sees which lots and may change them.
          showProblems(nearExpiry?.problems ?? {});
          setNearExpiry(undefined);
        }}
      />
    </Flex>
  );
}
