import { formatDecimal, type PaySlipDetail, paySlipFlags, type PaySlipFlag, payRunDocument } from '@erp/domain';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { SummaryRow } from '../../components/summary-row.tsx';

/** A slip's states: its run's, or held, partly paid, paid. */
export const slipStates = {
  stateLabels: { ...payRunDocument.stateLabels, held: 'Held', partlyPaid: 'Partly paid', paid: 'Paid' },
};

const money = (v: string | undefined) => (v === undefined ? '' : formatDecimal(v));

/** The components the slips hold, earnings first, each once: the grid's columns. */
export function componentColumnsOf(slips: readonly PaySlipDetail[]): Array<{ code: string; name: string; kind: string }> {
  const seen = new Map<string, { code: string; name: string; kind: string }>();
  const order = { earning: 0, deduction: 1, employerContribution: 2 } as Record<string, number>;
  for (const slip of slips) for (const line of slip.lines) if (!seen.has(line.code)) seen.set(line.code, { code: line.code, name: line.componentName.replace(/ \(adjustment\)$/, ''), kind: line.kind });
  return [...seen.values()].sort((a, b) => (order[a.kind] ?? 9) - (order[b.kind] ?? 9));
}

/** A slip's amount of a component, its lines added (a month split by a raise has two). */
function amountOf(slip: PaySlipDetail, code: string): string | undefined {
  const lines = slip.lines.filter((l) => l.code === code);
  if (lines.length === 0) return undefined;
  const cents = lines.reduce((sum, l) => sum + BigInt(l.amount.replace('.', '')), 0n);
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export interface SlipReviewGridProps {
  slips: readonly PaySlipDetail[];
  /** Holding is for a draft run only. */
  canHold: boolean;
  onHold?: (slip: PaySlipDetail, held: boolean) => void;
  onPdf: (slip: PaySlipDetail) => void;
  loading?: boolean;
  /** The sums of every slip of the query (the server's), shown as the totals row. */
  totals?: SlipGridTotals;
}

/** What the totals row shows, by column. */
export interface SlipGridTotals {
  count: number;
  gross: string;
  deductions: string;
  net: string;
  employerCost: string;
}

const totalled = ['gross', 'deductions', 'net', 'employerCost'] as const;

/**
 * The review grid (issue 20, section 3): one row per slip with gross, deductions, net, employer
 * cost and the flags (net <= 0, no bank account, net changed > 20 %, missing inputs); a switch
 * adds one column per component (the grid then scrolls sideways, the employee pinned): at
 * 1280 px the amounts show without scrolling (issue 27, section 6).
 * Virtualised: a run of 2,000 slips renders only the rows in view.
 */
export function SlipReviewGrid({ slips, canHold, onHold, onPdf, loading, totals }: SlipReviewGridProps) {
  const [showComponents, setShowComponents] = useState(false);
  const components = useMemo(() => (showComponents ? componentColumnsOf(slips) : []), [slips, showComponents]);
  const columns: ColumnsType<PaySlipDetail> = [
    {
      key: 'employee',
      title: 'Employee',
      fixed: 'left',
      width: 215,
      render: (_, slip) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{slip.employeeName}</Typography.Text>
          <Typography.Text type="secondary">
            {slip.employeeCode} · {slip.month} · <span style={{ whiteSpace: 'nowrap' }}>{slip.paidDays} days</span>
          </Typography.Text>
        </Space>
      ),
    },
    ...components.map((c) => ({ key: c.code, title: <Tooltip title={c.name}>{c.code}</Tooltip>, width: 120, align: 'right' as const, render: (_: unknown, slip: PaySlipDetail) => money(amountOf(slip, c.code)) })),
    { key: 'gross', dataIndex: 'gross', title: 'Gross', width: 115, align: 'right', render: money },
    { key: 'deductions', dataIndex: 'deductions', title: 'Deductions', width: 110, align: 'right', render: money },
    { key: 'net', dataIndex: 'net', title: 'Net', width: 120, align: 'right', render: (v: string) => <strong>{money(v)}</strong> },
    // Gross and the employer's contributions: what the dashboard's Payroll cost counts.
    { key: 'employerCost', dataIndex: 'employerCost', title: 'Employer cost', width: 120, align: 'right', render: money },
    {
      // The slip's state and, under it, what the reviewer should look at.
      key: 'status',
      title: 'Status and flags',
      width: 175,
      render: (_, slip) => (
        <Space size={[4, 4]} wrap>
          <DocumentStatusTag definition={slipStates} status={slip.status} />
          {slip.flags.map((flag) => (
            // A flag's words wrap inside its column rather than run under the actions.
            <Tag key={flag} color="orange" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
              {paySlipFlags[flag as PaySlipFlag] ?? flag}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 115,
      render: (_, slip) => (
        <Space size={4}>
          {canHold && <Switch size="small" checked={slip.held} onChange={(held) => onHold?.(slip, held)} aria-label={`Hold ${slip.employeeName}`} />}
          <Button size="small" icon={<DownloadOutlined />} onClick={() => onPdf(slip)} aria-label={`Pay slip of ${slip.employeeName} as PDF`}>
            PDF
          </Button>
        </Space>
      ),
    },
  ];
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0);
  return (
    <Flex vertical gap={8}>
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, alignSelf: 'flex-start' }}>
        <Switch size="small" checked={showComponents} onChange={setShowComponents} />
        One column per component
      </label>
      <Table<PaySlipDetail>
        virtual
        size="small"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={slips as PaySlipDetail[]}
        pagination={false}
        scroll={{ x: width, y: 480 }}
        summary={() =>
          totals && (
            <Table.Summary fixed>
              <SummaryRow
                testId="slip-totals"
                label={`All ${totals.count.toLocaleString('en-US')} slips`}
                labelSpan={columns.findIndex((c) => c.key === 'gross')}
                columnCount={columns.length}
                cells={Object.fromEntries(totalled.map((key) => [columns.findIndex((c) => c.key === key), money(totals[key])]))}
              />
            </Table.Summary>
          )
        }
        aria-label="Pay slips of the run"
      />
    </Flex>
  );
}
