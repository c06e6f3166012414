import { addDecimals, demandBasisOptions, type DemandBasis, formatDecimal, type OrderGenerationLine, type OrderGenerationRunDetail, orderGenerationRunDocument } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, InputNumber, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateInput } from '../../components/date-input.tsx';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { addressOf } from '../../components/document/document-address.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { type ConvertedRun, convertRun, discardRun, exportLines, fetchRun, fetchRuns, orderGenerationKeys, saveFinal, startRun } from './order-generation-api.ts';
import { OrderGenerationGrid } from './order-generation-grid.tsx';
import { WhyPanel } from './order-generation-why.tsx';

// Drafts open on the purchase orders screen (the run's roles may all open it).
const orderHref = addressOf('/purchase-orders');

interface RunForm {
  asOf?: string | null;
  vendorId?: number | null;
  regionIds?: number[];
  categoryIds?: number[];
  reviewDays?: number | null;
  historyMonths?: number | null;
  demandBasis: DemandBasis;
}

interface VendorTotal {
  vendor: string;
  lines: number;
  value: string;
}

/** Final x cost per vendor over the lines to order (no vendor: they cannot be ordered). */
function vendorTotals(lines: readonly OrderGenerationLine[]): VendorTotal[] {
  const byVendor = new Map<string, { lines: number; values: string[] }>();
  for (const line of lines) {
    if (line.finalQty <= 0) continue;
    const key = line.vendorName ?? 'No vendor';
    const entry = byVendor.get(key) ?? { lines: 0, values: [] };
    entry.lines += 1;
    entry.values.push(line.value);
    byVendor.set(key, entry);
  }
  return [...byVendor.entries()].map(([vendor, { lines: count, values }]) => ({ vendor, lines: count, value: addDecimals(values) })).sort((a, b) => a.vendor.localeCompare(b.vendor));
}

/**
 * /order-generation (issue 19, section 3): run Generate Order for a vendor or all, regions and
 * categories, see each item's suggestion with its terms, edit finals, and create one draft
 * purchase order per vendor. The open run lives in the address (`?run=<id>`).
 */
export function OrderGenerationScreen() {
  const [params, setParams] = useQueryParams();
  const runId = Number(params.get('run')) || undefined;
  const client = useQueryClient();
  const narrow = useIsNarrow();
  const [form] = Form.useForm<RunForm>();
  const [why, setWhy] = useState<OrderGenerationLine>();
  const [converting, setConverting] = useState(false);
  const [regionId, setRegionId] = useState<number>();
  const [converted, setConverted] = useState<ConvertedRun>();

  const runs = useQuery({ queryKey: orderGenerationKeys.runs, queryFn: fetchRuns });
  const run = useQuery({ queryKey: orderGenerationKeys.run(runId ?? 0), queryFn: () => fetchRun(runId!), enabled: runId !== undefined });
  const open = (id: number) => setParams({ run: String(id) });
  const refresh = (next: OrderGenerationRunDetail) => {
    client.setQueryData(orderGenerationKeys.run(next.id), next);
    void client.invalidateQueries({ queryKey: orderGenerationKeys.runs, exact: true });
  };

  const start = useMutation({
    mutationFn: (values: RunForm) =>
      startRun({
        demandBasis: values.demandBasis,
        ...(values.asOf ? { asOf: values.asOf } : {}),
        ...(values.vendorId ? { vendorId: values.vendorId } : {}),
        ...(values.regionIds?.length ? { regionIds: values.regionIds } : {}),
        ...(values.categoryIds?.length ? { categoryIds: values.categoryIds } : {}),
        ...(values.reviewDays !== null && values.reviewDays !== undefined ? { reviewDays: values.reviewDays } : {}),
        ...(values.historyMonths !== null && values.historyMonths !== undefined ? { historyMonths: values.historyMonths } : {}),
      }),
    onSuccess: (created) => {
      refresh(created);
      open(created.id);
      notify.success(`Run ${created.documentNumber ?? ''} computed: ${created.lineCount} items`);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  const data = run.data;
  const lines = useMemo(() => data?.lines ?? [], [data]);
  const totals = useMemo(() => vendorTotals(lines), [lines]);
  const editable = data?.status === 'draft';

  const onSave = async (line: OrderGenerationLine, finalQty: number) => {
    try {
      const saved = await saveFinal(data!.id, line.itemId, finalQty);
      client.setQueryData<OrderGenerationRunDetail>(orderGenerationKeys.run(data!.id), (current) => {
        if (!current) return current;
        const next = (current.lines ?? []).map((l) => (l.itemId === saved.itemId ? { ...l, finalQty: saved.finalQty, value: saved.value } : l));
        return { ...current, lines: next, totalValue: addDecimals(next.map((l) => l.value)) };
      });
    } catch (error) {
      notify.error(errorMessage(error));
      throw error;
    }
  };

  const convert = useMutation({
    mutationFn: () => convertRun(data!.id, regionId!),
    onSuccess: (result) => {
      setConverting(false);
      setConverted(result);
      void client.invalidateQueries({ queryKey: orderGenerationKeys.run(result.id) });
      void client.invalidateQueries({ queryKey: orderGenerationKeys.runs, exact: true });
      notify.success(`${result.purchaseOrders.length} draft purchase order${result.purchaseOrders.length === 1 ? '' : 's'} created`);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const discard = useMutation({
    mutationFn: () => discardRun(data!.id),
    onSuccess: (result) => {
      refresh({ ...data!, ...result, lines: data!.lines });
      notify.success('Run discarded');
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>Generate Order</ScreenTitle>
        <Select
          aria-label="Open an earlier run"
          placeholder="Earlier runs"
          style={{ minWidth: 260 }}
          value={runId}
          loading={runs.isLoading}
          onChange={(id: number) => open(id)}
          options={(runs.data ?? []).map((r) => ({ value: r.id, label: `${r.documentNumber ?? `#${r.id}`} · ${r.asOf} · ${r.status}` }))}
        />
      </Flex>

      <Card size="small" title="Run">
        <Form<RunForm> form={form} layout="vertical" initialValues={{ demandBasis: 'planAdjusted' }} onFinish={(values) => start.mutate(values)}>
          <Flex wrap gap={12} align="end">
            <Form.Item label="As of" name="asOf" style={{ marginBottom: 0 }}>
              <DateInput style={{ width: 150 }} />
            </Form.Item>
            <Form.Item label="Vendor" name="vendorId" style={{ marginBottom: 0, minWidth: 200 }}>
              <OptionSelect resource="vendors" allowClear placeholder="All vendors" />
            </Form.Item>
            <Form.Item label="Regions" name="regionIds" style={{ marginBottom: 0, minWidth: 200 }}>
              <OptionSelect resource="regions" mode="multiple" allowClear placeholder="All regions, pooled" />
            </Form.Item>
            <Form.Item label="Categories" name="categoryIds" style={{ marginBottom: 0, minWidth: 200 }}>
              <OptionSelect resource="categories" mode="multiple" allowClear placeholder="All categories" />
            </Form.Item>
            <Form.Item label="Review days" name="reviewDays" style={{ marginBottom: 0 }}>
              <InputNumber<number> min={0} max={365} precision={0} placeholder="Settings" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item label="History months" name="historyMonths" style={{ marginBottom: 0 }}>
              <InputNumber<number> min={1} max={24} precision={0} placeholder="Settings" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item label="Demand basis" name="demandBasis" style={{ marginBottom: 0, minWidth: 240 }}>
              <Select options={demandBasisOptions.map((o) => ({ value: o.value, label: o.label }))} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={start.isPending}>
              Run Generate Order
            </Button>
          </Flex>
        </Form>
      </Card>

      {run.isError && <Alert type="error" showIcon title={errorMessage(run.error)} />}
      {!runId && <Typography.Paragraph type="secondary">Run Generate Order to see what to buy from each vendor, or open an earlier run.</Typography.Paragraph>}

      {data && (
        <>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap size={12}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                {data.documentNumber}
              </Typography.Title>
              <DocumentStatusTag definition={orderGenerationRunDocument} status={data.status} />
              <Typography.Text>
                As of {data.asOf} · {demandBasisOptions.find((o) => o.value === data.demandBasis)?.label} · review {data.reviewDays} d · history {data.historyMonths} mo
              </Typography.Text>
            </Space>
            <Space wrap>
              <ExportButtons onExport={(format) => exportLines(data, format)} />
              {editable && (
                <>
                  <Popconfirm title="Discard this run?" description="No orders are created from it." onConfirm={() => discard.mutate()} okText="Discard" cancelText="Keep">
                    <Button loading={discard.isPending}>Discard</Button>
                  </Popconfirm>
                  <Button type="primary" onClick={() => setConverting(true)}>
                    Create draft purchase orders
                  </Button>
                </>
              )}
            </Space>
          </Flex>

          {converted && converted.id === data.id && (
            <Alert
              type={converted.warnings.length > 0 ? 'warning' : 'success'}
              showIcon
              closable={{ onClose: () => setConverted(undefined) }}
              title={`Draft purchase orders created: ${converted.purchaseOrders.length}`}
              description={
                <Flex vertical gap={4}>
                  {converted.purchaseOrders.map((order) => (
                    <Link key={order.id} to={orderHref.href(order.id)}>
                      Draft #{order.id} to {order.vendorName}: {order.lineCount} lines, {formatDecimal(order.totalValue)} {order.currency}
                    </Link>
                  ))}
                  {converted.warnings.map((warning) => (
                    <span key={warning}>{warning}</span>
                  ))}
                </Flex>
              }
            />
          )}

          <OrderGenerationGrid lines={lines} historyMonths={data.historyMonths} editable={editable} onWhy={setWhy} onSave={onSave} height={narrow ? 420 : 520} />

          <Card size="small" title="Totals per vendor">
            <Table<VendorTotal>
              size="small"
              rowKey="vendor"
              pagination={false}
              dataSource={totals}
              locale={{ emptyText: <Typography.Text>Nothing to order</Typography.Text> }}
              columns={[
                { key: 'vendor', title: 'Vendor', dataIndex: 'vendor' },
                { key: 'lines', title: 'Items to order', dataIndex: 'lines', align: 'right' },
                { key: 'value', title: 'Value', dataIndex: 'value', align: 'right', render: (v: string) => formatDecimal(v) },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <strong>Total</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {totals.reduce((n, t) => n + t.lines, 0)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <strong>{formatDecimal(addDecimals(totals.map((t) => t.value)))}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </Card>

          <WhyPanel line={why} asOf={data.asOf} reviewDays={data.reviewDays} onClose={() => setWhy(undefined)} />
          <Modal
            open={converting}
            title="Create draft purchase orders"
            okText="Create draft purchase orders"
            okButtonProps={{ disabled: regionId === undefined, loading: convert.isPending }}
            onOk={() => convert.mutate()}
            onCancel={() => setConverting(false)}
            destroyOnHidden
          >
            <Flex vertical gap={12}>
              <Typography.Paragraph style={{ margin: 0 }}>One draft order per vendor, for the final quantities. Orders under a vendor’s minimum order value are created with a warning.</Typography.Paragraph>
              <label htmlFor="receiving-region">Receiving region</label>
              <OptionSelect id="receiving-region" resource="regions" value={regionId} onChange={(value: number) => setRegionId(value)} placeholder="Choose the receiving region" />
            </Flex>
          </Modal>
        </>
      )}
    </Flex>
  );
}
