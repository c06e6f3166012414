import { formatDecimal, jointVentureDocument, jvSettlementDocument } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DateRangeInput } from '../../components/date-input.tsx';
import { documentKeys } from '../../components/document/document-api.ts';
import { PdfDownloadButton } from '../../components/document/pdf-download-button.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { downloadStatementPdf, fetchStatement, percentText, settlePeriod, type StatementSegment, ventureKeys } from './ventures-api.ts';
import { ReproductionCodeLabel } from './reproduction-code.tsx';

const money = (v: string) => formatDecimal(v);

/** The first and last day of the month before `today`: the period a settlement usually covers. */
export function lastMonthOf(today: string): [string, string] {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCDate(0);
  const to = d.toISOString().slice(0, 10);
  return [`${to.slice(0, 7)}-01`, to];
}

/**
 * A venture's statement for a chosen period: revenue, returns, cost of sales, expenses, fees,
 * profit, the partner's share (by share version), settled and due; the partner's PDF; Settle
 * (a settlement of exactly this period) for who may write on the route.
 */
export function VentureStatementPanel({ ventureId, today, settleable }: { ventureId: number; today: string; settleable: boolean }) {
  const [[from, to], setPeriod] = useState<[string, string]>(() => lastMonthOf(today));
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mayWrite = user !== undefined && jvSettlementDocument.mayRun(user, 'edit');
  const statement = useQuery({ queryKey: ventureKeys.statement(ventureId, from, to), queryFn: () => fetchStatement(ventureId, from, to) });
  const settle = useMutation({
    mutationFn: () => settlePeriod(ventureId, from, to),
    onSuccess: async (answer) => {
      notify.success(`${answer.message}: ${answer.documentNumber}`);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(jointVentureDocument.name) });
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(jvSettlementDocument.name) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const s = statement.data;
  return (
    <Card size="small" title="Statement" className="no-print-border">
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <DateRangeInput aria-label="Statement period" allowClear={false} value={[from, to]} onChange={([a, b]) => a && b && setPeriod([a, b])} style={{ maxWidth: 320 }} />
          <PdfDownloadButton download={() => downloadStatementPdf(ventureId, from, to)} />
          {settleable && mayWrite && !s?.settlement && (
            <Popconfirm title={jvSettlementDocument.transitions.post.confirm} okText="Settle" onConfirm={() => settle.mutate()}>
              <Button type="primary" loading={settle.isPending}>
                Settle {formatDate(from)} - {formatDate(to)}
              </Button>
            </Popconfirm>
          )}
        </Flex>
        {statement.isError && <Alert type="error" showIcon title={errorMessage(statement.error)} />}
        {s && (
          <>
            {s.settlement && <Tag color="green">Settled by {s.settlement.documentNumber}{s.settlement.statementHash === s.hash ? ', reproduces exactly' : ', differs from the settled figures'}</Tag>}
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={[
                { key: 'revenue', label: 'Revenue', children: money(s.revenue) },
                { key: 'returns', label: 'Returns', children: money(s.returns) },
                { key: 'cost', label: 'Cost of sales', children: money(s.costOfSales) },
                { key: 'expenses', label: 'Expenses', children: money(s.expenses) },
                { key: 'fees', label: 'Fees', children: money(s.fees) },
                ...(s.adjustments !== '0.00' ? [{ key: 'adjustments', label: 'Prior-period adjustments', children: money(s.adjustments) }] : []),
                { key: 'profit', label: 'Profit', children: <strong data-testid="venture-profit">{money(s.profit)}</strong> },
                { key: 'partner', label: "Partner's share", children: <strong data-testid="venture-partner-share">{money(s.partnerShare)}</strong> },
                { key: 'company', label: "Company's share", children: money(s.companyShare) },
                { key: 'settled', label: 'Settled', children: money(s.settled) },
                { key: 'due', label: 'Due', children: <strong data-testid="venture-due">{money(s.due)}</strong> },
              ]}
            />
            <Table<StatementSegment>
              size="small"
              rowKey="from"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={s.segments}
              columns={[
                { key: 'period', title: 'Share version', render: (_, g) => `${formatDate(g.from)} - ${formatDate(g.to)}` },
                { key: 'percent', dataIndex: 'partnerPercent', title: 'Partner %', align: 'right', render: (v: string) => percentText(v) },
                { key: 'profit', dataIndex: 'profit', title: 'Profit', align: 'right', render: money },
                { key: 'share', dataIndex: 'partnerShare', title: "Partner's share", align: 'right', render: money },
              ]}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
              <ReproductionCodeLabel /> {s.hash}
            </Typography.Text>
          </>
        )}
      </Flex>
    </Card>
  );
}
