import { formatDecimal, ledgerPath, type StatementLine } from '@erp/domain';
import { Table, Typography } from 'antd';
import { Link } from 'react-router';
import { SummaryRow } from '../../components/summary-row.tsx';

interface StatementRow {
  key: string;
  label: string;
  accountId?: number;
  amount: string;
  children?: StatementRow[];
}

function rowsOf(lines: readonly StatementLine[], prefix: string): StatementRow[] {
  return lines.map((line, index) => {
    const key = `${prefix}.${index}`;
    const children = line.children?.length ? rowsOf(line.children, key) : undefined;
    return { key, label: line.label, accountId: line.accountId, amount: line.amount, ...(children ? { children } : {}) };
  });
}

/**
 * One section of a statement (income, assets, ...): its lines (grouped lines expand), each
 * account drilling down to its ledger for the same period, and the section total.
 */
export function StatementSection({
  title,
  lines,
  total,
  totalLabel,
  from,
  to,
  dimension,
}: {
  title: string;
  lines: readonly StatementLine[];
  total: string;
  totalLabel: string;
  from?: string;
  to?: string;
  /** The department or region the statement is narrowed to: its ledgers open narrowed alike. */
  dimension?: { departmentId?: string | undefined; regionId?: string | undefined };
}) {
  return (
    <Table<StatementRow>
      size="small"
      pagination={false}
      title={() => <Typography.Text strong>{title}</Typography.Text>}
      dataSource={rowsOf(lines, title)}
      expandable={{ defaultExpandAllRows: true }}
      columns={[
        {
          key: 'label',
          title: 'Account',
          render: (_: unknown, row) => (row.accountId ? <Link to={ledgerPath(row.accountId, from, to, dimension)}>{row.label}</Link> : row.label),
        },
        { key: 'amount', title: 'Amount', align: 'right', render: (_: unknown, row) => formatDecimal(row.amount), width: 160 },
      ]}
      locale={{ emptyText: <Typography.Text type="secondary">Nothing in this period</Typography.Text> }}
      summary={() => (
        <SummaryRow label={totalLabel} columnCount={2} cells={{ 1: formatDecimal(total) }} />
      )}
    />
  );
}
