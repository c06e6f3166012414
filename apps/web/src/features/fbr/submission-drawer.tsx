import { canAccessRoute, type FbrSubmissionDetail, type FbrSubmissionLogEntry, fbrResolveScope, hasScope } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Input, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { actOnSubmission, fbrKeys, fetchSubmission, type SubmissionAction } from './fbr-api.ts';
import { errorWords, statusWords } from './fbr-words.ts';

const logColumns: ColumnsType<FbrSubmissionLogEntry> = [
  { key: 'at', title: 'When', dataIndex: 'at', render: (value: string) => new Date(value).toLocaleString() },
  { key: 'step', title: 'Step', dataIndex: 'step' },
  { key: 'http', title: 'HTTP', dataIndex: 'httpStatus', render: (value: number | null) => value ?? '' },
  { key: 'outcome', title: 'Outcome', dataIndex: 'outcome' },
  { key: 'code', title: 'Code', dataIndex: 'errorCode', render: (value: string | null) => value ?? '' },
];

const json = (value: unknown) => (
  <Typography.Paragraph>
    <pre style={{ maxHeight: 320, overflow: 'auto', margin: 0, fontSize: 12 }} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  </Typography.Paragraph>
);

/** One submission: its state, FBR's errors, the actions its state allows to those with the scope, its log, payload and FBR's last answer. */
/** FBR's refusals carry its code; a report the switch to production set aside (the sandbox's) carries none: no one refused it. */
const refusalTitle = (errors: ReadonlyArray<{ errorCode: string }>) => (errors.every((e) => e.errorCode === '') ? 'Waits for a person' : 'FBR refused it');

export function SubmissionDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { user } = useAuth();
  const narrow = useIsNarrow();
  const client = useQueryClient();
  const [resolving, setResolving] = useState(false);
  const detail = useQuery({ queryKey: fbrKeys.one(id), queryFn: () => fetchSubmission(id) });
  const mayAct = user !== undefined && canAccessRoute(user.role, '/invoices') && hasScope(user.role, user.scopes, fbrResolveScope);
  const act = useMutation({
    mutationFn: ({ action, body }: { action: SubmissionAction; body?: { fbrInvoiceNumber: string } }) => actOnSubmission(id, action, body),
    onSuccess: async ({ message }) => {
      notify.success(message);
      setResolving(false);
      await client.invalidateQueries({ queryKey: fbrKeys.all });
    },
    onError: (error) => {
      if (!fieldErrorsOf(error)) notify.error(errorMessage(error));
    },
  });
  const row: FbrSubmissionDetail | undefined = detail.data;
  return (
    <Drawer title={row ? `FBR: ${row.documentNumber}` : 'FBR submission'} open onClose={onClose} width={narrow ? '100%' : 720} destroyOnHidden>
      {detail.isError && <Alert type="error" showIcon title={errorMessage(detail.error)} />}
      {!row && !detail.isError && <Spin />}
      {row && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={narrow ? 1 : 2} bordered>
            <Descriptions.Item label="State">
              <Tag color={statusWords[row.status].colour}>{statusWords[row.status].label}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="FBR invoice number">{row.fbrInvoiceNumber ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Document">{`${row.invoiceType}, ${formatDate(row.documentDate)}`}</Descriptions.Item>
            <Descriptions.Item label="Customer">{row.customerName}</Descriptions.Item>
            <Descriptions.Item label="Environment">{row.environment}</Descriptions.Item>
            <Descriptions.Item label="Attempts">{row.attempts}</Descriptions.Item>
            {row.resolution && <Descriptions.Item label="Recorded">By a person, from IRIS</Descriptions.Item>}
          </Descriptions>
          {row.errors.length > 0 && <Alert type="error" showIcon title={refusalTitle(row.errors)} description={errorWords(row.errors)} />}
          {row.status === 'unknown' && (
            <Alert
              type="warning"
              showIcon
              title="FBR's answer was lost after the invoice left"
              description="Look the invoice up in IRIS. If FBR holds it, record its number; if not, release it to be sent again. It is never sent again by itself: a second send would make a second FBR invoice."
            />
          )}
          {mayAct && (
            <Space wrap>
              {row.status === 'rejected' && (
                <Button type="primary" loading={act.isPending} onClick={() => act.mutate({ action: 'resend' })}>
                  Send again
                </Button>
              )}
              {row.status === 'unknown' && (
                <>
                  <Button type="primary" onClick={() => setResolving(true)}>
                    Record FBR number
                  </Button>
                  <Button loading={act.isPending && !resolving} onClick={() => act.mutate({ action: 'release' })}>
                    Release to send again
                  </Button>
                </>
              )}
            </Space>
          )}
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Log
          </Typography.Title>
          <Table<FbrSubmissionLogEntry> rowKey={(entry) => `${entry.at}|${entry.step}|${entry.outcome}`} size="small" pagination={false} dataSource={row.log} columns={logColumns} />
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Sent to FBR
          </Typography.Title>
          {json(row.payload)}
          {row.response !== null && row.response !== undefined && (
            <>
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                FBR's last answer
              </Typography.Title>
              {json(row.response)}
            </>
          )}
        </Flex>
      )}
      {resolving && <ResolveModal pending={act.isPending} error={act.error} onCancel={() => setResolving(false)} onSubmit={(fbrInvoiceNumber) => act.mutate({ action: 'resolve', body: { fbrInvoiceNumber } })} />}
    </Drawer>
  );
}

function ResolveModal({ pending, error, onCancel, onSubmit }: { pending: boolean; error: unknown; onCancel: () => void; onSubmit: (number: string) => void }) {
  const [value, setValue] = useState('');
  const problem = fieldErrorsOf(error)?.fbrInvoiceNumber;
  return (
    <Modal open title="Record the FBR number from IRIS" okText="Record" confirmLoading={pending} onOk={() => onSubmit(value)} onCancel={onCancel} destroyOnHidden>
      <Flex vertical gap={6}>
        <label htmlFor="fbr-invoice-number">FBR invoice number</label>
        <Input
          id="fbr-invoice-number"
          autoFocus
          value={value}
          status={problem ? 'error' : undefined}
          aria-describedby="fbr-invoice-number-help"
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setValue(e.target.value.trim())}
          onPressEnter={() => onSubmit(value)}
        />
        <Typography.Text id="fbr-invoice-number-help" type={problem ? 'danger' : 'secondary'}>
          {problem ?? 'The company NTN, DI and 13 digits, as IRIS shows it'}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
