import { agingBuckets, type AgingBucket, type AgingKind, type AgingRow, compareDecimal, formatDecimal } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Segmented, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { DateInput } from '../../components/date-input.tsx';
import { DataAsOf } from '../../components/data-as-of.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { SummaryRow } from '../../components/summary-row.tsx';
import { errorMessage } from '../../lib/http.ts';
import { type AgingCell, agingKeys, fetchAging } from './aging-api.ts';
import { AgingDocumentsDrawer } from './aging-documents-drawer.tsx';

const kinds: { value: AgingKind; label: string; party: string }[] = [
  { value: 'receivable', label: 'Receivables', party: 'Customer' },
  { value: 'payable', label: 'Payables', party: 'Vendor' },
];

type Column = { key: AgingBucket | 'total'; label: string };
const figureColumns: readonly Column[] = [...agingBuckets.map((b) => ({ key: b.key, label: b.label })), { key: 'total', label: 'Total' }];

/**
 * Receivables or payables aging as of a date (issue 9, section 4): per customer or vendor what
 * is open by days past the due date, with the totals; each figure opens the items behind it (open
 * documents, advances as credits, balances brought forward and journals: issue 17, section 5).
 */
export function AgingTab() {
  // A dashboard figure opens the aging of its side (`?tab=aging&kind=payable`).
  const [address] = useQueryParams();
  const [kind, setKind] = useState<AgingKind>(() => kinds.find((k) => k.value === address.get('kind'))?.value ?? 'receivable');
  const [asOf, setAsOf] = useState<string>();
  const [cell, setCell] = useState<AgingCell & { partyName: string }>();
  // A dashboard bucket's figure (`&bucket=days31to60`): its column stands out, largest first, and its total is said above.
  const highlighted = agingBuckets.find((b) => b.key === address.get('bucket'));
  const { token } = theme.useToken();
  const marked = (key: Column['key']) => (key === highlighted?.key ? { style: { background: token.colorPrimaryBg } } : {});
  const query = useQuery({ queryKey: agingKeys.report({ kind, asOf }), queryFn: () => fetchAging({ kind, asOf }), placeholderData: keepPreviousData });
  const data = query.data?.kind === kind ? query.data : undefined;
  const party = kinds.find((k) => k.value === kind)!.party;

  const figure = (row: AgingRow, column: Column) => {
    const value = row[column.key];
    const text = formatDecimal(value);
    if (!data || compareDecimal(value, '0') === 0) return text;
    const bucket = column.key === 'total' ? undefined : column.key;
    return (
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto' }}
        aria-label={`${row.partyName}, ${column.label}: ${text}. Show the documents`}
        onClick={() => setCell({ kind, asOf: data.asOf, partyId: row.partyId, partyName: row.partyName, bucket })}
      >
        {column.key === 'total' ? <strong>{text}</strong> : text}
      </Button>
    );
  };

  const columns: ColumnsType<AgingRow> = [
    { key: 'party', title: party, dataIndex: 'partyName', fixed: 'left', sorter: (a, b) => a.partyName.localeCompare(b.partyName) },
    ...figureColumns.map((column) => ({
      key: column.key,
      title: column.label,
      align: 'right' as const,
      sorter: (a: AgingRow, b: AgingRow) => compareDecimal(a[column.key], b[column.key]),
      defaultSortOrder: column.key === highlighted?.key ? ('descend' as const) : undefined,
      onHeaderCell: () => marked(column.key),
      onCell: () => marked(column.key),
      render: (_: unknown, row: AgingRow) => figure(row, column),
    })),
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex gap={12} wrap align="center">
          <Segmented<AgingKind> aria-label="Aging of" value={kind} onChange={setKind} options={kinds.map((k) => ({ value: k.value, label: k.label }))} />
          <span>As of</span>
          <DateInput aria-label="Aging as of" allowClear={false} value={asOf ?? data?.asOf} onChange={(v) => setAsOf(v ?? undefined)} style={{ width: 180 }} />
        </Flex>
        <Flex gap={8} wrap align="center">
          <DataAsOf read={data} />
          <ExportButtons
            disabled={!data}
            onExport={(format) => downloadFile('/api/accounting/aging/export', { kind, asOf: data?.asOf, format }, `${kind}-aging.${format}`)}
          />
        </Flex>
      </Flex>
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      {highlighted && data && (
        <Alert
          type="info"
          showIcon
          data-testid="aging-bucket"
          title={`${kinds.find((k) => k.value === kind)!.label} ${highlighted.key === 'current' ? 'not yet due' : `${highlighted.label} days past due`}: ${formatDecimal(data.totals[highlighted.key])}`}
        />
      )}
      <Table<AgingRow>
        rowKey="partyId"
        size="small"
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={data?.rows ?? []}
        columns={columns}
        summary={() =>
          data && (
            <SummaryRow
              testId="aging-totals"
              label="Total"
              columnCount={figureColumns.length + 1}
              cells={Object.fromEntries(figureColumns.map((column, index) => [index + 1, formatDecimal(data.totals[column.key])]))}
            />
          )
        }
      />
      <AgingDocumentsDrawer cell={cell} onClose={() => setCell(undefined)} />
    </Flex>
  );
}
