import { canAccessRoute, formatDecimal, hasScope, type WithholdingCertificateRow } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateRangeInput } from '../../../components/date-input.tsx';
import { addressOf } from '../../../components/document/document-address.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/http.ts';
import { RecordCertificateModal } from './record-certificate-modal.tsx';
import { type CertificatesQuery, fetchWithholdingCertificates, withholdingKeys } from './withholding-api.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

const receiptAddress = addressOf('/receipts');
const money = { align: 'right' as const, render: (value: string) => formatDecimal(value) };

const columns: ColumnsType<WithholdingCertificateRow> = [
  { key: 'receipt', title: 'Receipt', render: (_, row) => <Link to={receiptAddress.href(row.receiptId)}>{row.documentNumber}</Link> },
  { key: 'date', title: 'Date', dataIndex: 'receiptDate', render: (value: string) => formatDate(value) },
  { key: 'customer', title: 'Customer', dataIndex: 'customerName' },
  { key: 'taxWithheld', title: 'Tax withheld', dataIndex: 'taxWithheld', ...money },
  { key: 'incomeTaxWithheld', title: 'Income tax withheld', dataIndex: 'incomeTaxWithheld', ...money },
  {
    key: 'certificate',
    title: 'Certificate',
    render: (_, row) => (row.certificateNumber ? `${row.certificateNumber}${row.certificateDate ? `, ${formatDate(row.certificateDate)}` : ''}` : <Tag color="gold">Missing</Tag>),
  },
];

/**
 * The withholding certificates customers owe (issue 29, section 6; a tab money adds to
 * /accounting): the posted receipts of the range with tax withheld, those still missing their
 * certificate by default; the accountant records one as it comes in.
 */
export function WithholdingCertificatesTab() {
  const { user } = useAuth();
  const [query, setQuery] = useState<CertificatesQuery>({ missingCertificate: true });
  const [recording, setRecording] = useState<WithholdingCertificateRow>();
  const list = useQuery({ queryKey: withholdingKeys.certificates(query), queryFn: () => fetchWithholdingCertificates(query), placeholderData: keepPreviousData });
  const mayRecord = user !== undefined && canAccessRoute(user.role, '/receipts') && hasScope(user.role, user.scopes, 'receipts:cancel');
  const recordColumn: ColumnsType<WithholdingCertificateRow> = [
    {
      key: 'actions',
      title: 'Actions',
      render: (_, row) => (
        <Button size="small" onClick={() => setRecording(row)} aria-label={`Record certificate of ${row.documentNumber}`}>
          Record certificate
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex gap={16} wrap align="center">
        <DateRangeInput aria-label="Receipt dates" value={[query.from, query.to]} onChange={([from, to]) => setQuery({ ...query, from: from ?? undefined, to: to ?? undefined })} />
        <Flex gap={8} align="center">
          <Switch id="withholding-missing-only" checked={query.missingCertificate} onChange={(missingCertificate) => setQuery({ ...query, missingCertificate })} />
          <label htmlFor="withholding-missing-only">Missing certificate only</label>
        </Flex>
      </Flex>
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <ScrollRegion label="Receipts with tax withheld">
      <Table<WithholdingCertificateRow>
        rowKey="receiptId"
        size="small"
        loading={list.isFetching}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        dataSource={list.data ?? []}
        columns={mayRecord ? [...columns, ...recordColumn] : columns}
        // The table's own placeholder colour is too faint for a sentence (axe: color-contrast).
          locale={{ emptyText: <Typography.Text>{query.missingCertificate ? 'No certificate is missing' : 'Nothing was withheld in these dates'}</Typography.Text> }}
      />
      </ScrollRegion>
      {recording && <RecordCertificateModal row={recording} onClose={() => setRecording(undefined)} />}
    </Flex>
  );
}
