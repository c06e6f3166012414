import { formatDecimal, type PayRunDetail, payRunDocument } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { PayRunForm } from './pay-run-form.tsx';
import { PayRunView } from './pay-run-view.tsx';
import { payRunAddress } from './payroll-addresses.ts';
import { downloadSlipPdf, fetchSlips, type SlipQuery, slipKeys } from './payroll-api.ts';
import { SlipReviewGrid } from './slip-review-grid.tsx';

const money = (v: string | null | undefined) => (v ? formatDecimal(v) : '');
const paymentLabels = { unpaid: '', partlyPaid: 'Partly paid', paid: 'Paid' } as const;

function RunsTab() {
  return (
    <DocumentListScreen<PayRunDetail>
      definition={payRunDocument}
      address={payRunAddress}
      showTitle={false}
      searchPlaceholder="Search number or month"
      columns={[
        { key: 'month', dataIndex: 'month', title: 'Month', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
        { key: 'kind', dataIndex: 'kind', title: 'Kind', render: (v: string) => (v === 'supplementary' ? 'Supplementary' : 'Regular') },
        { key: 'slips', title: 'Slips', align: 'right', render: (_: unknown, row) => (row.generating ? `${String(row.processedEmployees)} of ${String(row.totalEmployees)}` : String(row.slips)) },
        { key: 'gross', dataIndex: 'gross', title: 'Gross', align: 'right', render: money },
        { key: 'net', dataIndex: 'net', title: 'Net', align: 'right', render: money },
        { key: 'paymentState', dataIndex: 'paymentState', title: 'Paid', render: (v: keyof typeof paymentLabels) => paymentLabels[v] ?? '' },
      ]}
      // A saved draft is reviewed, not edited: its slips, progress and actions (Recompute runs it again).
      renderForm={({ document, onDone }) => (document ? <PayRunView run={document} onClose={() => onDone()} /> : <PayRunForm key="new" onDone={onDone} />)}
      renderView={({ document, onClose }) => <PayRunView run={document} onClose={onClose} />}
    />
  );
}

/** Posted slips: still unpaid, or of the last posted month (the dashboard's drill-downs), or of a month. */
function SlipsTab({ query, caption }: { query: SlipQuery; caption: string }) {
  const slips = useQuery({ queryKey: slipKeys.list(query), queryFn: () => fetchSlips(query) });
  return (
    <Flex vertical gap={8}>
      <Typography.Text>
        {caption}:{' '}
        {slips.data
          ? `${slips.data.totals.count} slips, employer cost ${money(slips.data.totals.employerCost)}, net ${money(slips.data.totals.net)}, still to pay ${money(slips.data.totals.open)}`
          : ''}
      </Typography.Text>
      <SlipReviewGrid
        slips={slips.data?.data ?? []}
        loading={slips.isLoading}
        totals={slips.data?.totals}
        canHold={false}
        onPdf={(slip) => void downloadSlipPdf(slip).catch((failure: unknown) => notify.error(errorMessage(failure)))}
      />
    </Flex>
  );
}

/**
 * /pay-slips (issue 20, section 3): the pay runs (a run opens at `?open=<id>` with its progress,
 * review grid and actions), and the slips (`?tab=slips`, `&view=unpaid` or `&view=latestPosted`
 * from the dashboard).
 */
export function PaySlipsScreen() {
  const navigate = useNavigate();
  const [params] = useQueryParams();
  const view = params.get('view');
  const tab = params.get('tab') === 'slips' || view ? 'slips' : 'runs';
  const query: SlipQuery = view === 'latestPosted' ? { latestPosted: true } : { unpaid: true };
  const caption = view === 'latestPosted' ? 'Slips of the last posted month' : 'Posted slips not yet paid';
  return (
    <Flex vertical gap={8}>
      <ScreenTitle>Pay Slips</ScreenTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(key === 'slips' ? '/pay-slips?tab=slips' : '/pay-slips')}
        destroyOnHidden
        items={[
          { key: 'runs', label: 'Pay runs', children: <RunsTab /> },
          { key: 'slips', label: 'Slips', children: <SlipsTab query={query} caption={caption} /> },
        ]}
      />
    </Flex>
  );
}
