import { achievedPercentOf, type DashboardFigure, formatDecimal, toMinorUnits } from '@erp/domain';
import { Button, Card, Progress, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { drillHref } from './dashboard-api.ts';

const shown = (figure: Pick<DashboardFigure, 'unit'>, value: string) => (figure.unit === 'money' ? formatDecimal(value) : Number(value).toLocaleString('en-US'));

/**
 * The figure against its comparison, one decimal, exact (none when the comparison is nothing):
 * the rule of Plan progress's % achieved, so Sales against plan reads as its drill-down does.
 */
function percentOf(value: string, compare: string): string | undefined {
  return toMinorUnits(compare) > 0n ? (achievedPercentOf(toMinorUnits(value), toMinorUnits(compare)) ?? undefined) : undefined;
}

/**
 * One figure: a link to its list screen with the same filter (Tab reaches it, Enter opens it),
 * its value, what it is compared with, and its top rows. A figure the server could not read
 * shows "-" and a retry button instead (no link: a button may not sit inside one).
 */
export function FigureCard({ figure, onRetry }: { figure: DashboardFigure; onRetry: () => void }) {
  if (figure.value === null) {
    return (
      <Card size="small" title={figure.label} className="figure-card">
        <Statistic value="-" />
        <Typography.Text type="secondary">{figure.error} </Typography.Text>
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      </Card>
    );
  }
  // A comparison in the figure's own unit (sales against last year, a plan) shows as a percentage.
  const percent = figure.compare && figure.compare.unit === figure.unit ? percentOf(figure.value, figure.compare.value) : undefined;
  return (
    <Link to={drillHref(figure.drill)} className="figure-card-link" aria-label={`${figure.label}: ${shown(figure, figure.value)}. Open the list`}>
      <Card size="small" hoverable title={figure.label} className="figure-card" data-testid={`figure-${figure.id}`}>
        <Statistic value={shown(figure, figure.value)} />
        {figure.compare && (
          <Typography.Text type="secondary">
            {figure.compare.label}: {shown(figure.compare, figure.compare.value)}
          </Typography.Text>
        )}
        {percent !== undefined && (
          // status normal: past 100 % antd turns the text success-green, under 4.5:1 on white.
          <Progress percent={Math.min(Number(percent), 100)} status="normal" format={() => `${percent}%`} size="small" aria-label={`${figure.label} against ${figure.compare!.label.toLowerCase()}`} />
        )}
        {figure.rows && (
          <Table
            size="small"
            pagination={false}
            rowKey="label"
            dataSource={figure.rows}
            columns={[
              { key: 'label', dataIndex: 'label', title: 'Name', ellipsis: true },
              { key: 'value', dataIndex: 'value', title: 'Sales', align: 'right', render: (v: string) => formatDecimal(v) },
              // Rows measured against a plan (sales against plan by region) say how far each is.
              ...(figure.rows.some((r) => r.percent !== undefined)
                ? [{ key: 'percent', dataIndex: 'percent', title: '% of plan', align: 'right' as const, render: (v: string | null | undefined) => (v === null || v === undefined ? '-' : `${v}%`) }]
                : []),
            ]}
          />
        )}
      </Card>
    </Link>
  );
}
