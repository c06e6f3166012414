import { formatDecimal, type InvoiceDetail, invoiceDocument, type SalesReturnDetail, salesReturnDocument, type SalesReturnScan, type SalesReturnScanLine } from '@erp/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton, Space, Typography } from 'antd';
import { Form } from '../../../components/form.tsx';
import { useEffect, useRef, useState } from 'react';
import { documentKeys, fetchDocument } from '../../../components/document/document-api.ts';
import { DocumentHeaderFields } from '../../../components/document/document-header-fields.tsx';
import { SummaryDescriptions } from '../../../components/document/document-summary.tsx';
import { problemsByRow, showFormProblems } from '../../../components/document/form-problems.ts';
import { useDraftActions } from '../../../components/document/use-draft-actions.ts';
import { DeleteButton } from '../../../components/resource/delete-button.tsx';
import { OptionSelect } from '../../../components/resource/option-select.tsx';
import type { ScanOutcome } from '../../../components/scan/scan-input.tsx';
import { resourceKeys } from '../../../components/resource/resource-api.ts';
import { requiredMark } from '../../../components/required-mark.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { formatDate, todayWire } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/http.ts';
import { returnBodyOf, returnFormProblems, rowsFromInvoice, rowsFromReturn, type ReturnFormValues, type ReturnRowValues, withScannedUnit } from './sales-return-checks.ts';
import { SalesReturnRows } from './sales-return-rows.tsx';
import { ReturnScan, scannedPack } from './sales-return-scan.tsx';

const invoiceField = salesReturnDocument.fields.filter((field) => field.name === 'invoiceId');
const dateAndNotes = salesReturnDocument.fields.filter((field) => field.name === 'returnDate' || field.name === 'reason' || field.name === 'notes');

const fetchInvoice = (id: number) => fetchDocument<InvoiceDetail>(invoiceDocument, id);

export interface SalesReturnFormProps {
  /** A draft return to edit; undefined for a new one. */
  salesReturn?: SalesReturnDetail;
  /** The invoice a new return credits (`?invoice=` of the address), when known. */
  invoiceId?: number;
  onDone: (openId?: number) => void;
}

/** A sales return's form, once the invoice it starts from (the draft's, or the one named) is read. */
export function SalesReturnForm({ salesReturn, invoiceId, onDone }: SalesReturnFormProps) {
  const first = salesReturn?.invoiceId ?? invoiceId;
  const invoice = useQuery({ queryKey: documentKeys.one(invoiceDocument.name, first ?? 0), queryFn: () => fetchInvoice(first ?? 0), enabled: first !== undefined });
  if (first !== undefined && invoice.isLoading) return <Skeleton active />;
  if (first !== undefined && (invoice.isError || !invoice.data)) return <Alert type="error" showIcon title={errorMessage(invoice.error)} />;
  return <ReturnForm salesReturn={salesReturn} firstInvoice={invoice.data} onDone={onDone} />;
}

/**
 * Invoice (a posted one), return date, notes, and one row per invoice line that may still
 * come back: quantity and condition (restock into its lot, or write off), with the credit
 * they come to. Picking another invoice starts its rows afresh. Once the customer is known (chosen,
 * or the invoice's), packs they brought back may be scanned instead (issue 32, section 4): each
 * scan puts one unit on the row of the invoice line that sold its lot, choosing that invoice when
 * none is yet. Save draft keeps it a draft;
 * Post saves and posts in one request. The domain's rules run first; the server's refusals
 * land on the rows they name.
 */
function ReturnForm({ salesReturn, firstInvoice, onDone }: { salesReturn?: SalesReturnDetail; firstInvoice?: InvoiceDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<ReturnFormValues>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [linesError, setLinesError] = useState<string>();
  const [invoiceId, setInvoiceId] = useState<number | undefined>(firstInvoice?.id);
  // Whose return it is: not sent (the invoice says it), but it narrows the invoices offered and is what scans are read against.
  const [customerId, setCustomerId] = useState<number | undefined>(salesReturn?.customerId ?? firstInvoice?.customerId);
  // Which invoice the form's rows are of; the rows start afresh when another is read.
  const rowsOf = useRef<number | undefined>(firstInvoice?.id);
  // Which form row each sent line came from: the server's `lines.N` counts sent lines only.
  const sentRows = useRef<number[]>([]);
  const canWrite = user !== undefined && salesReturnDocument.mayRun(user, 'edit');
  const canPost = user !== undefined && salesReturnDocument.mayRun(user, 'post');
  const canDelete = salesReturn !== undefined && user !== undefined && salesReturnDocument.mayRun(user, 'delete');
  const [initialValues] = useState<ReturnFormValues>(() =>
    salesReturn
      ? { invoiceId: salesReturn.invoiceId, returnDate: salesReturn.returnDate, reason: salesReturn.reason, notes: salesReturn.notes, lines: rowsFromReturn(salesReturn, firstInvoice) }
      : { invoiceId: firstInvoice?.id, returnDate: todayWire(), reason: '', notes: '', lines: firstInvoice ? rowsFromInvoice(firstInvoice) : [] },
  );

  const read = useQuery({ queryKey: documentKeys.one(invoiceDocument.name, invoiceId ?? 0), queryFn: () => fetchInvoice(invoiceId ?? 0), enabled: invoiceId !== undefined });
  const invoice = read.data && read.data.id === invoiceId ? read.data : undefined;
  useEffect(() => {
    if (!invoice) return;
    setCustomerId(invoice.customerId);
    if (rowsOf.current === invoice.id) return;
    rowsOf.current = invoice.id;
    form.setFieldValue('lines', rowsFromInvoice(invoice));
  }, [invoice, form]);

  const chooseInvoice = (id: number | undefined, lines: ReturnRowValues[] = []) => {
    setInvoiceId(id);
    rowsOf.current = id;
    form.setFieldsValue({ invoiceId: id ?? null, lines });
  };

  // Another customer's invoice no longer fits: the return starts again.
  const chooseCustomer = (id: number | undefined) => {
    setCustomerId(id);
    if (invoice && invoice.customerId !== id) chooseInvoice(undefined);
  };

  const addScanned = async (line: SalesReturnScanLine, scanned: SalesReturnScan): Promise<ScanOutcome> => {
    const pack = scannedPack(scanned);
    if (line.invoiceId !== invoiceId) {
      const rows = (form.getFieldValue('lines') as ReturnRowValues[] | undefined) ?? [];
      if (invoice && rows.some((row) => (row.quantity ?? 0) > 0)) {
        return { ok: false, message: `${pack} was sold on ${line.documentNumber}; this return is of ${invoice.documentNumber ?? 'another invoice'}: save it, then start another` };
      }
      const sold = await queryClient.fetchQuery({ queryKey: documentKeys.one(invoiceDocument.name, line.invoiceId), queryFn: () => fetchInvoice(line.invoiceId) });
      chooseInvoice(sold.id, rowsFromInvoice(sold));
    }
    const added = withScannedUnit((form.getFieldValue('lines') as ReturnRowValues[] | undefined) ?? [], line);
    if (!added) return { ok: false, message: `All ${line.returnable} of ${pack} that may come back on ${line.documentNumber} are on this return` };
    form.setFieldValue('lines', added.rows);
    return { ok: true, summary: `${pack}: ${added.quantity} to return on ${line.documentNumber}` };
  };

  const showProblems = (problems: Record<string, string>) => setLinesError(showFormProblems(form, problems));

  const { save, remove, submit, formError } = useDraftActions<SalesReturnDetail>(salesReturnDocument, {
    id: salesReturn?.id,
    body: () => {
      const { body, rowOfLine } = returnBodyOf(form.getFieldsValue(true) as ReturnFormValues);
      sentRows.current = rowOfLine;
      return body;
    },
    check: () => returnFormProblems(form.getFieldsValue(true) as ReturnFormValues, invoice),
    showProblems,
    serverProblems: (errors) => problemsByRow(errors, sentRows.current),
    onDone,
    // The invoice's returned quantities and open amount, the lots restocked.
    alsoRefresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all(invoiceDocument.name) }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.options(invoiceDocument.name) }),
        queryClient.invalidateQueries({ queryKey: ['inventory'] }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.options('inventory') }),
      ]),
  });

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form
        form={form}
        name="sales-return-form"
        layout="vertical"
        requiredMark={requiredMark}
        disabled={!canWrite}
        initialValues={initialValues}
        onValuesChange={(changed: ReturnFormValues) => {
          if (!('invoiceId' in changed)) return;
          setInvoiceId(changed.invoiceId ?? undefined);
          rowsOf.current = undefined;
          form.setFieldValue('lines', []);
        }}
      >
        <Flex gap={16} wrap>
          <Form.Item label="Customer" style={{ flex: '1 1 280px' }}>
            <OptionSelect resource="customers" placeholder="Customer" aria-label="Customer" value={customerId} onChange={(id: unknown) => chooseCustomer(typeof id === 'number' ? id : undefined)} />
          </Form.Item>
          <div style={{ flex: '2 1 280px' }}>
            <DocumentHeaderFields fields={invoiceField} inputProps={{ invoiceId: customerId === undefined ? {} : { where: (option: { customerId?: unknown }) => option.customerId === customerId } }} />
          </div>
        </Flex>
        {canWrite && customerId !== undefined && <ReturnScan customerId={customerId} invoiceId={invoiceId} onLine={addScanned} />}
        {invoice && (
          <SummaryDescriptions
            // Two to a row below 992 px: more in a 768 px drawer broke names and amounts mid-word.
            column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}
            items={[
              { key: 'customer', label: 'Customer', children: invoice.customer.customerName },
              { key: 'region', label: 'Region', children: invoice.region.regionName },
              { key: 'invoiceDate', label: 'Invoice date', children: formatDate(invoice.invoiceDate) },
              { key: 'open', label: 'Open amount', children: formatDecimal(invoice.openAmount) },
            ]}
          />
        )}
        <DocumentHeaderFields fields={dateAndNotes} inputProps={{ returnDate: { allowClear: false, max: todayWire() } }} />
        {invoice ? (
          <SalesReturnRows form={form} invoice={invoice} linesError={linesError} />
        ) : (
          <Typography.Paragraph type="secondary">{read.isFetching ? 'Reading the invoice…' : 'Pick a posted invoice to see what may come back.'}</Typography.Paragraph>
        )}
      </Form>
      {canWrite && (
        <Flex justify="flex-end" wrap gap={8} className="no-print">
          <Space wrap>
            {canDelete && <DeleteButton singular={salesReturnDocument.singular} label="Delete draft" loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
            <Button onClick={() => onDone()}>Close</Button>
            <Button loading={save.isPending && save.variables === false} disabled={!invoice} onClick={() => submit(false)}>
              Save draft
            </Button>
            {canPost && (
              <Button type="primary" loading={save.isPending && save.variables === true} disabled={!invoice} onClick={() => submit(true)}>
                Post
              </Button>
            )}
          </Space>
        </Flex>
      )}
    </Flex>
  );
}
