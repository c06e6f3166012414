import { breakEvenCommitment, formatDecimal, type RentalAgreementDetail, rentalAgreementDocument, type RentalPeriodView } from '@erp/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Flex, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { AccountSelect } from '../../components/account-select.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { DateInput } from '../../components/date-input.tsx';
import { ActionCard } from './action-card.tsx';
import { fetchPeriods, fetchPnl, rentalKeys } from './rentals-api.ts';
import { ReceivedDeposit } from './received-deposit.tsx';
import { SiteStock } from './site-stock.tsx';

const money = (v: string | null | undefined) => (v ? formatDecimal(v) : '-');
/** A cost shown as what it takes off the profit. */
const negated = (v: string) => (/^0(\.0+)?$/.test(v) ? v : `-${v}`);
const statusColour: Record<RentalPeriodView['status'], string> = { current: 'blue', open: 'orange', carried: 'default', settled: 'green', invoiced: 'purple' };

/** The month grid: commitment, eligible, carry, shortfall and its invoice. */
function MonthGrid({ agreement }: { agreement: RentalAgreementDetail }) {
  const { data, isLoading } = useQuery({ queryKey: rentalKeys.periods(agreement.id), queryFn: () => fetchPeriods(agreement.id) });
  const perTest = agreement.billingModel === 'perTest';
  return (
    <Flex vertical gap={8}>
      {(data?.alerts ?? []).map((a) => (
        <Alert key={a.kind} type={a.kind === 'underCommitment' ? 'warning' : 'info'} showIcon title={a.message} />
      ))}
      {data && data.idleInRegion > 0 && <Alert type="info" showIcon title={`${data.idleInRegion} idle analysers in stock in this region`} />}
      <Table<RentalPeriodView>
        size="small"
        rowKey="month"
        loading={isLoading}
        pagination={false}
        scroll={{ x: 640, y: 360 }}
        dataSource={data?.data ?? []}
        aria-label="Months of the agreement"
        columns={[
          { key: 'month', dataIndex: 'month', title: 'Month' },
          ...(perTest
            ? [{ key: 'tests', dataIndex: 'tests', title: 'Tests', align: 'right' as const }]
            : [
                { key: 'commitment', dataIndex: 'commitment', title: 'Commitment', align: 'right' as const, render: money },
                { key: 'eligible', dataIndex: 'eligible', title: 'Eligible', align: 'right' as const, render: money },
                { key: 'carryIn', dataIndex: 'carryIn', title: 'Carry in', align: 'right' as const, render: money },
              ]),
          { key: 'shortfall', dataIndex: 'shortfall', title: perTest ? 'Tests billed' : 'Shortfall', align: 'right', render: (v: string, row) => (row.settles || perTest ? money(v) : '') },
          {
            key: 'invoice',
            title: 'Invoiced',
            render: (_: unknown, row) => (row.invoiceId ? <Link to={`/invoice/${row.invoiceId}`}>{row.invoiceNumber}</Link> : ''),
          },
          { key: 'status', dataIndex: 'status', title: 'Status', render: (v: RentalPeriodView['status']) => <Tag color={statusColour[v]}>{v}</Tag> },
        ]}
      />
    </Flex>
  );
}

/** The agreement's P&L, equal to the ledger rows stamped with it (plus the reagent margin), payback, and the break-even calculator. */
function Pnl({ agreement }: { agreement: RentalAgreementDetail }) {
  const { data } = useQuery({ queryKey: rentalKeys.pnl(agreement.id), queryFn: () => fetchPnl(agreement.id) });
  const [cost, setCost] = useState<string>();
  const [life, setLife] = useState<number>();
  const [service, setService] = useState<string>();
  const [margin, setMargin] = useState<string>();
  if (!data) return null;
  const needed = breakEvenCommitment(cost ?? data.cost, life ?? data.breakEven.lifeMonths, service ?? data.breakEven.monthlyService, margin ?? data.breakEven.marginPercent);
  return (
    <Flex gap={16} wrap>
      <Card size="small" title="Profit and loss" style={{ flex: '1 1 300px' }}>
        <dl className="rental-pnl" style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '4px 16px', margin: 0 }}>
          <dt>Reagent margin</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>{money(data.totals.reagentMargin)}</dd>
          <dt>Depreciation</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>{money(negated(data.totals.depreciation))}</dd>
          <dt>Service cost</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>{money(negated(data.totals.serviceCost))}</dd>
          <dt>Shortfall and rental income</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>{money(data.totals.rentalIncome)}</dd>
          <dt>
            <strong>Profit</strong>
          </dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>
            <strong data-testid="rental-profit">{money(data.totals.profit)}</strong>
          </dd>
          <dt>Ledger rows stamped with the agreement</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>{money(data.ledgerProfit)}</dd>
          <dt>Payback month</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>{data.paybackMonth ?? 'Not yet'}</dd>
        </dl>
      </Card>
      <Card size="small" title="Break-even calculator" style={{ flex: '1 1 300px' }}>
        <Flex vertical gap={8}>
          <label>
            Analyser cost <Input aria-label="Analyser cost" value={cost ?? data.cost} onChange={(e) => setCost(e.target.value)} />
          </label>
          <label>
            Life (months) <InputNumber aria-label="Life in months" min={1} value={life ?? data.breakEven.lifeMonths} onChange={(v) => setLife(v ?? 1)} />
          </label>
          <label>
            Monthly service <Input aria-label="Monthly service" value={service ?? data.breakEven.monthlyService} onChange={(e) => setService(e.target.value)} />
          </label>
          <label>
            Reagent margin % <Input aria-label="Reagent margin percent" value={margin ?? data.breakEven.marginPercent} onChange={(e) => setMargin(e.target.value)} />
          </label>
          <Typography.Text>
            Commitment needed: <strong data-testid="break-even">{/^\d+(\.\d+)?$/.test(needed) ? formatDecimal(needed) : '-'}</strong> a month
          </Typography.Text>
        </Flex>
      </Card>
    </Flex>
  );
}

/** Place, return, end, deposit, service visit and meter reading: each where the agreement's state allows it. */
function AgreementActions({ agreement }: { agreement: RentalAgreementDetail }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [date, setDate] = useState(todayWire());
  const [condition, setCondition] = useState('ok');
  const [earlyExit, setEarlyExit] = useState(false);
  const [account, setAccount] = useState<number>();
  const [kind, setKind] = useState('preventive');
  const [down, setDown] = useState(false);
  const [downFrom, setDownFrom] = useState(todayWire());
  const [reading, setReading] = useState<number>(0);
  if (!user || user.role === 'auditor') return null;
  const refresh = () => void queryClient.invalidateQueries();
  const { id, status } = agreement;
  const inUse = status === 'active' || status === 'suspended';
  const placedElsewhere = agreement.assetAgreementId !== null && agreement.assetAgreementId !== id;
  return (
    <Flex gap={12} wrap>
      {status === 'approved' && !placedElsewhere && (
        <ActionCard title="Place the analyser" label="Place" url="/api/placements" onDone={refresh} body={() => ({ rentalAgreementId: id, inventoryId: agreement.assetInventoryId, placementDate: date, post: true })}>
          <DateInput aria-label="Placement date" allowClear={false} value={date} onChange={(v) => v && setDate(v)} />
        </ActionCard>
      )}
      {status === 'approved' && placedElsewhere && (
        // Relocation (issue 21, section 1): the unit goes from the other agreement's site straight to this customer's; that agreement ends.
        <ActionCard
          title={`Relocate the analyser here from ${agreement.assetAgreementNumber ?? 'its current site'}`}
          label="Relocate"
          url={`/api/rental-agreements/${agreement.assetAgreementId}/relocate`}
          onDone={refresh}
          body={() => ({ toAgreementId: id, date })}
        >
          <DateInput aria-label="Relocation date" allowClear={false} value={date} onChange={(v) => v && setDate(v)} />
        </ActionCard>
      )}
      {inUse && (
        <ActionCard title="Return the analyser" label="Return" url="/api/rental-returns" onDone={refresh} body={() => ({ rentalAgreementId: id, returnDate: date, condition, post: true })}>
          <DateInput aria-label="Return date" allowClear={false} value={date} onChange={(v) => v && setDate(v)} />
          <Select aria-label="Condition" value={condition} onChange={setCondition} options={[{ value: 'ok', label: 'OK' }, { value: 'refurbish', label: 'Refurbish' }, { value: 'scrap', label: 'Scrap' }]} />
        </ActionCard>
      )}
      {inUse && (
        <ActionCard title="End the agreement" label="End" url={`/api/rental-agreements/${id}/end`} onDone={refresh} body={() => ({ endDate: date, earlyExit })}>
          <DateInput aria-label="End date" allowClear={false} value={date} onChange={(v) => v && setDate(v)} />
          <Checkbox checked={earlyExit} onChange={(e) => setEarlyExit(e.target.checked)}>
            Early exit (raises its invoice)
          </Checkbox>
        </ActionCard>
      )}
      {agreement.deposit && !agreement.depositReceivedOn && ['approved', 'active', 'suspended'].includes(status) && (
        <ActionCard title={`Deposit ${money(agreement.deposit)}`} label="Receive deposit" url={`/api/rental-agreements/${id}/deposit`} onDone={refresh} body={() => ({ accountId: account, date })}>
          <AccountSelect aria-label="Paid into" kinds={['cash', 'bank']} value={account} onChange={(v: unknown) => setAccount(v as number)} />
        </ActionCard>
      )}
      {agreement.depositReceivedOn && <ReceivedDeposit agreementId={id} onDone={refresh} />}
      {inUse && (
        <ActionCard
          title="Service visit"
          label="Record visit"
          url="/api/service-visits"
          onDone={refresh}
          body={() => ({ rentalAgreementId: id, visitDate: date, visitKind: kind, ...(down ? { downFrom, downTo: date } : {}) })}
        >
          <Select aria-label="Visit kind" value={kind} onChange={setKind} options={['install', 'preventive', 'breakdown', 'relocation'].map((v) => ({ value: v, label: v }))} />
          <Checkbox checked={down} onChange={(e) => setDown(e.target.checked)}>
            Analyser was down
          </Checkbox>
          {down && <DateInput aria-label="Down from" allowClear={false} value={downFrom} onChange={(v) => v && setDownFrom(v)} />}
        </ActionCard>
      )}
      {inUse && agreement.billingModel === 'perTest' && (
        <ActionCard title="Meter reading" label="Record reading" url="/api/meter-readings" onDone={refresh} body={() => ({ rentalAgreementId: id, readingDate: date, reading })}>
          <InputNumber aria-label="Counter" min={0} value={reading} onChange={(v) => setReading(v ?? 0)} />
        </ActionCard>
      )}
    </Flex>
  );
}

/** An agreement: its terms, alerts, month grid, P&L and payback, break-even calculator and what may be done next. */
export function AgreementView({ agreement, onClose }: { agreement: RentalAgreementDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={rentalAgreementDocument}
        document={agreement as never}
        error={error}
        items={[
          { key: 'customer', label: 'Customer', children: agreement.customerName },
          { key: 'analyser', label: 'Analyser', children: `${agreement.itemName} ${agreement.serialNumber}` },
          { key: 'term', label: 'Term', children: `${agreement.termMonths} months from ${formatDate(agreement.startDate)}` },
          { key: 'billing', label: 'Billing', children: agreement.billingModel === 'perTest' ? `Per test at ${money(agreement.pricePerTest)}` : `Minimum ${money(agreement.monthlyCommitment)} a month, ${agreement.settlementPeriod}ly` },
          { key: 'placed', label: 'Placed', children: agreement.placementDate ? formatDate(agreement.placementDate) : '-' },
          { key: 'end', label: 'Ended', children: agreement.endDate ? formatDate(agreement.endDate) : '-' },
        ]}
      />
      <AgreementActions agreement={agreement} />
      <MonthGrid agreement={agreement} />
      {agreement.billingModel === 'perTest' && <SiteStock agreement={agreement} />}
      <Pnl agreement={agreement} />
      <DocumentViewActions onClose={onClose}>
        <Space wrap>
          <TransitionButtons definition={rentalAgreementDocument} document={agreement as never} exclude={['end']} onError={setError} />
        </Space>
      </DocumentViewActions>
    </Flex>
  );
}
