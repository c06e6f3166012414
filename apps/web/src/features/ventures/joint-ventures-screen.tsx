import { formatDecimal, type JointVentureDetail, jointVentureDocument, jvSettlementDocument } from '@erp/domain';
import { Flex, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { VentureForm } from './venture-form.tsx';
import { VentureView } from './venture-view.tsx';
import { percentText } from './ventures-api.ts';
import { settlementAddress, ventureAddress } from './ventures-addresses.ts';
import { ReproductionCodeLabel } from './reproduction-code.tsx';

interface SettlementRow {
  id: number;
  status: string;
  documentNumber: string | null;
  ventureName: string;
  from: string;
  to: string;
  profit: string | null;
  partnerShare: string | null;
  statementHash: string | null;
  [key: string]: unknown;
}

const money = (v: string | null | undefined) => (v ? formatDecimal(v) : '');

function VenturesTab() {
  return (
    <DocumentListScreen<JointVentureDetail>
      definition={jointVentureDocument}
      address={ventureAddress}
      showTitle={false}
      searchPlaceholder="Search venture or partner"
      columns={[
        { key: 'ventureName', dataIndex: 'ventureName', title: 'Venture', sorter: true, ellipsis: true },
        { key: 'partnerName', dataIndex: 'partnerName', title: 'Partner', ellipsis: true },
        { key: 'partnerPercent', dataIndex: 'partnerPercent', title: 'Partner %', align: 'right', render: (v: string | null) => percentText(v) },
      ]}
      renderForm={({ document, onDone }) => <VentureForm key={document?.id ?? 'new'} venture={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <VentureView venture={document} onClose={onClose} />}
    />
  );
}

/** A settlement as posted: its period, the figures it kept and their hash; Cancel with the scope. */
function SettlementView({ settlement, onClose }: { settlement: SettlementRow | undefined; onClose: () => void }) {
  // Settlements are made from a venture's statement (Settle); a draft left over shows its period alone.
  if (!settlement) return <DocumentViewActions onClose={onClose} printable={false} />;
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={jvSettlementDocument}
        document={settlement}
        printTitle="Venture settlement"
        items={[
          { key: 'venture', label: 'Venture', children: settlement.ventureName },
          { key: 'period', label: 'Period', children: `${formatDate(settlement.from)} - ${formatDate(settlement.to)}` },
          { key: 'profit', label: 'Profit', children: money(settlement.profit) },
          { key: 'share', label: "Partner's share", children: money(settlement.partnerShare) },
          { key: 'hash', label: <ReproductionCodeLabel />, children: <span style={{ wordBreak: 'break-all' }}>{settlement.statementHash ?? '-'}</span> },
        ]}
      />
      <DocumentViewActions onClose={onClose}>
        <TransitionButtons definition={jvSettlementDocument} document={settlement} />
      </DocumentViewActions>
    </Flex>
  );
}

function SettlementsTab() {
  return (
    <DocumentListScreen<SettlementRow>
      definition={jvSettlementDocument}
      address={settlementAddress}
      showTitle={false}
      searchPlaceholder="Search number or venture"
      allowCreate={false}
      columns={[
        { key: 'ventureName', dataIndex: 'ventureName', title: 'Venture', ellipsis: true },
        { key: 'from', dataIndex: 'from', title: 'From', render: formatDate },
        { key: 'profit', dataIndex: 'profit', title: 'Profit', align: 'right', render: money },
        { key: 'partnerShare', dataIndex: 'partnerShare', title: "Partner's share", align: 'right', render: money },
      ]}
      renderForm={({ onDone }) => <SettlementView settlement={undefined} onClose={() => onDone()} />}
      renderView={({ document, onClose }) => <SettlementView settlement={document} onClose={onClose} />}
    />
  );
}

/**
 * /joint-ventures (issue 21, section 3): the ventures (a venture opens at /joint-ventures/<id>
 * with its statement, settlement and capital) and their settlements (`?tab=settlements`).
 */
export function JointVenturesScreen() {
  const navigate = useNavigate();
  const [params] = useQueryParams();
  const tab = params.get('tab') === 'settlements' ? 'settlements' : 'ventures';
  return (
    <Flex vertical gap={8}>
      <ScreenTitle>{jointVentureDocument.title}</ScreenTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(key === 'settlements' ? settlementAddress.href() : ventureAddress.href())}
        destroyOnHidden
        items={[
          { key: 'ventures', label: 'Ventures', children: <VenturesTab /> },
          { key: 'settlements', label: 'Settlements', children: <SettlementsTab /> },
        ]}
      />
    </Flex>
  );
}
