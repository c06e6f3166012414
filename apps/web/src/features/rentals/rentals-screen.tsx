import { type DocumentDefinition, formatDecimal, placementDocument, type RentalAgreementDetail, rentalAgreementDocument, rentalAssets, rentalReturnDocument } from '@erp/domain';
import { Alert, Button, Card, DatePicker, Flex, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/dates.ts';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { AgreementForm } from './agreement-form.tsx';
import { AgreementView } from './agreement-view.tsx';
import { agreementAddress, fetchMonthEnd, placementAddress, returnAddress, startMonthEnd } from './rentals-api.ts';

type Tab = 'agreements' | 'placements' | 'returns' | 'assets' | 'month-end';
const money = (v: string | null | undefined) => (v ? formatDecimal(v) : '');

function AgreementsTab() {
  return (
    <DocumentListScreen<RentalAgreementDetail & Record<string, unknown>>
      definition={rentalAgreementDocument}
      address={agreementAddress}
      showTitle={false}
      searchPlaceholder="Search number, customer or notes"
      addressFilters={{ view: (value) => (value === 'underCommitment' ? 'Under 80 % of commitment 3 months running' : 'Short of commitment this month so far') }}
      columns={[
        { key: 'customerName', dataIndex: 'customerName', title: 'Customer', ellipsis: true },
        { key: 'analyser', title: 'Analyser', ellipsis: true, render: (_: unknown, row) => `${String(row.itemName ?? '')} ${String(row.serialNumber ?? '')}` },
        { key: 'billingModel', dataIndex: 'billingModel', title: 'Billing', render: (v: string) => (v === 'perTest' ? 'Per test' : 'Minimum purchase') },
        { key: 'monthlyCommitment', dataIndex: 'monthlyCommitment', title: 'Monthly commitment', align: 'right', sorter: true, render: money },
      ]}
      renderForm={({ document, onDone }) => <AgreementForm key={document?.id ?? 'new'} agreement={document as RentalAgreementDetail | undefined} onDone={onDone} />}
      renderView={({ document, onClose }) => <AgreementView agreement={document as RentalAgreementDetail} onClose={onClose} />}
    />
  );
}

/** A placement or return: made from its agreement, read here; a placement may be cancelled. */
function PostedView({ definition, document, onClose }: { definition: DocumentDefinition; document: Record<string, unknown> & { id: number }; onClose: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={definition}
        document={document as never}
        error={error}
        items={[
          { key: 'agreement', label: 'Agreement', children: String(document.agreementNumber ?? '') },
          { key: 'customer', label: 'Customer', children: String(document.customerName ?? '') },
          { key: 'value', label: 'unitCost' in document ? 'Cost' : 'Book value', children: money(String(document.unitCost ?? document.bookValue ?? '')) },
        ]}
      />
      <DocumentViewActions onClose={onClose}>
        <TransitionButtons definition={definition} document={document as never} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}

function PlacementsTab() {
  return (
    <DocumentListScreen
      definition={placementDocument}
      address={placementAddress}
      showTitle={false}
      allowCreate={false}
      searchPlaceholder="Search number or customer"
      columns={[
        { key: 'agreementNumber', dataIndex: 'agreementNumber', title: 'Agreement' },
        { key: 'customerName', dataIndex: 'customerName', title: 'Customer', ellipsis: true },
        { key: 'serialNumber', dataIndex: 'serialNumber', title: 'Serial' },
        { key: 'unitCost', dataIndex: 'unitCost', title: 'Cost', align: 'right', render: money },
        { key: 'endedOn', dataIndex: 'endedOn', title: 'Returned', render: (v: string | null) => formatDate(v) },
      ]}
      renderForm={({ document, onDone }) => (document ? <PostedView definition={placementDocument} document={document} onClose={() => onDone()} /> : null)}
      renderView={({ document, onClose }) => <PostedView definition={placementDocument} document={document} onClose={onClose} />}
    />
  );
}

function ReturnsTab() {
  return (
    <DocumentListScreen
      definition={rentalReturnDocument}
      address={returnAddress}
      showTitle={false}
      allowCreate={false}
      searchPlaceholder="Search number"
      columns={[
        { key: 'agreementNumber', dataIndex: 'agreementNumber', title: 'Agreement' },
        { key: 'customerName', dataIndex: 'customerName', title: 'Customer', ellipsis: true },
        { key: 'condition', dataIndex: 'condition', title: 'Condition' },
        { key: 'bookValue', dataIndex: 'bookValue', title: 'Book value', align: 'right', render: money },
      ]}
      renderForm={({ document, onDone }) => (document ? <PostedView definition={rentalReturnDocument} document={document} onClose={() => onDone()} /> : null)}
      renderView={({ document, onClose }) => <PostedView definition={rentalReturnDocument} document={document} onClose={onClose} />}
    />
  );
}

/** The month-end run: a month that has ended, started as a job, its progress polled until done. */
function MonthEndTab() {
  const { user } = useAuth();
  const [month, setMonth] = useState<string>();
  const [jobId, setJobId] = useState<number>();
  const [error, setError] = useState<string>();
  const progress = useQuery({
    queryKey: ['rental-month-end', jobId],
    queryFn: () => fetchMonthEnd(jobId!),
    enabled: jobId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 1000),
  });
  const start = async () => {
    setError(undefined);
    try {
      setJobId(await startMonthEnd(month!));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Card size="small" title="Month-end run">
      <Flex vertical gap={8} style={{ maxWidth: 480 }}>
        <Typography.Paragraph>Compares every active agreement's commitment with what its customer bought and raises one shortfall invoice per agreement and settlement period. Running it again raises nothing new.</Typography.Paragraph>
        <label htmlFor="rental-month">Month</label>
        <DatePicker id="rental-month" picker="month" onChange={(d) => setMonth(d ? d.format('YYYY-MM') : undefined)} />
        {error && <Alert type="error" showIcon title={error} />}
        <Button type="primary" disabled={!month || !user || user.role === 'auditor'} onClick={() => void start()}>
          Run month end
        </Button>
        {progress.data && (
          <Alert
            type={progress.data.status === 'failed' ? 'error' : progress.data.status === 'done' ? 'success' : 'info'}
            showIcon
            title={`${progress.data.month}: ${progress.data.status}, ${progress.data.processed} agreements, ${progress.data.invoices} invoices (${formatDecimal(progress.data.invoiced)})`}
            description={progress.data.error ?? undefined}
          />
        )}
      </Flex>
    </Card>
  );
}

/**
 * /reagent-rentals (issue 21, sections 1 and 2): agreements (each with its months, P&L and
 * actions), placements, returns, the rental assets and the month-end run, a tab each (`?tab=`).
 */
export function RentalsScreen() {
  const navigate = useNavigate();
  const [params] = useQueryParams();
  const tabs: Tab[] = ['agreements', 'placements', 'returns', 'assets', 'month-end'];
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'agreements';
  return (
    <Flex vertical gap={8}>
      <ScreenTitle>Reagent Rentals</ScreenTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(key === 'agreements' ? '/reagent-rentals' : `/reagent-rentals?tab=${key}`)}
        destroyOnHidden
        items={[
          { key: 'agreements', label: 'Agreements', children: <AgreementsTab /> },
          { key: 'placements', label: 'Placements', children: <PlacementsTab /> },
          { key: 'returns', label: 'Returns', children: <ReturnsTab /> },
          { key: 'assets', label: 'Rental assets', children: <ResourceListScreen resource={rentalAssets} /> },
          { key: 'month-end', label: 'Month end', children: <MonthEndTab /> },
        ]}
      />
    </Flex>
  );
}
