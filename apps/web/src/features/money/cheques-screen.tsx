import { type ChequeDetail, chequeDirections, chequeDocument, chequeViews, formatDecimal } from '@erp/domain';
import { Flex, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { ChequeActions } from './cheque-actions.tsx';
import { ChequeTotals } from './cheque-totals.tsx';
import { ChequeView, directionLabel } from './cheque-view.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';

type View = (typeof chequeViews)[number]['value'];

const directionOptions = chequeDirections.map((d) => ({ value: d.value, label: d.label }));

/**
 * /cheques (issue 9, section 3): the register of cheques received and issued, by view (all,
 * due this week, bounced), direction, status and date, with the totals of what is listed; each
 * cheque's actions as buttons on its row and in its drawer. Cheques are made by their receipts
 * and payments, never here.
 */
export function ChequesScreen() {
  // A dashboard figure opens the register with its view and direction in the address.
  const [address] = useQueryParams();
  const [view, setView] = useState<View>(() => chequeViews.find((v) => v.value === address.get('view'))?.value ?? 'all');
  const [direction, setDirection] = useState<string | undefined>(() => chequeDirections.find((d) => d.value === address.get('direction'))?.value);
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>
          {chequeDocument.title}
        </ScreenTitle>
        <Segmented<View> aria-label="View" options={chequeViews.map((v) => ({ value: v.value, label: v.label }))} value={view} onChange={setView} />
      </Flex>
      <DocumentListScreen<ChequeDetail>
        definition={chequeDocument}
        showTitle={false}
        allowCreate={false}
        searchPlaceholder="Search cheque number, bank or party"
        filters={{ view, direction }}
        toolbar={<Select aria-label="Filter by direction" placeholder="Direction" allowClear options={directionOptions} value={direction} onChange={setDirection} style={{ minWidth: 130 }} />}
        aboveTable={(params) => <ChequeTotals params={params} />}
        rowActions={(row) => <ChequeActions cheque={row as ChequeDetail} compact />}
        columns={[
          { key: 'direction', dataIndex: 'direction', title: 'Direction', render: (v: string) => directionLabel(v) },
          { key: 'chequeNumber', dataIndex: 'chequeNumber', title: 'Cheque number' },
          { key: 'bank', dataIndex: 'bank', title: 'Bank', ellipsis: true },
          { key: 'partyName', dataIndex: 'partyName', title: 'Party', ellipsis: true },
          { key: 'amount', dataIndex: 'amount', title: 'Amount', align: 'right', sorter: true, render: (v: string) => formatDecimal(v) },
          { key: 'from', title: 'From', render: (_: unknown, row) => ((row.receiptNumber ?? row.paymentNumber) as string | null) ?? '' },
        ]}
        renderForm={() => <Typography.Paragraph>Cheques are recorded by their receipts and payments.</Typography.Paragraph>}
        renderView={({ document, onClose }) => <ChequeView cheque={document} onClose={onClose} />}
      />
    </Flex>
  );
}
