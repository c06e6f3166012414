import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import { hasScope, type LotTrace, type NoticeChannel, noticeChannels, type RecallDetail, type RecallNoticeRow, recallRecordScope } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { RecallPdfButton } from './recall-pdf-button.tsx';
import { downloadLetterPdf, downloadLettersPdf, fetchNotices, markNoticeAcknowledged, markNoticeSent, recallKeys } from './recalls-api.ts';

const channelLabel = (value: string | null) => noticeChannels.find((c) => c.value === value)?.label ?? '';

/** Asks when and how the notice went (today, by courier unless changed), then records it. */
function SentDialog({ recall, notice, onClose }: { recall: RecallDetail; notice: RecallNoticeRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [sentOn, setSentOn] = useState<string | null>(todayWire());
  const [sentVia, setSentVia] = useState<NoticeChannel>('courier');
  const send = useMutation({
    mutationFn: () => markNoticeSent(recall.id, notice.customerId, { ...(sentOn ? { sentOn } : {}), sentVia }),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: recallKeys.notices(recall.id) });
      onClose();
    },
  });
  return (
    <Modal open title={`Notice sent to ${notice.customerName}`} okText="Record as sent" onOk={() => send.mutate()} confirmLoading={send.isPending} onCancel={onClose} destroyOnHidden>
      <Flex vertical gap={12}>
        {send.isError && <Alert type="error" showIcon title={errorMessage(send.error)} />}
        <Flex vertical gap={4}>
          <Typography.Text>Sent on</Typography.Text>
          <DateInput aria-label="Sent on" value={sentOn} onChange={(value) => setSentOn(value)} max={todayWire()} allowClear={false} style={{ width: '100%' }} />
        </Flex>
        <Flex vertical gap={4}>
          <Typography.Text>Sent via</Typography.Text>
          <Select aria-label="Sent via" value={sentVia} onChange={setSentVia} options={noticeChannels.map((c) => ({ value: c.value, label: c.label }))} style={{ width: '100%' }} />
        </Flex>
      </Flex>
    </Modal>
  );
}

/**
 * One notice per customer on the trace (from opening): what they hold of the lots, what we
 * supplied them, when the letter went and when they acknowledged it. A holder of
 * recalls:record marks them while the recall is open; every reader prints the letters.
 */
export function RecallNotices({ recall, trace }: { recall: RecallDetail; trace?: LotTrace }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<RecallNoticeRow>();
  const canRecord = recall.status === 'open' && user !== undefined && hasScope(user.role, user.scopes, recallRecordScope);
  const notices = useQuery({ queryKey: recallKeys.notices(recall.id), queryFn: () => fetchNotices(recall.id) });
  const regionOf = new Map((trace?.customers ?? []).map((c) => [c.customerId, c.regionName]));
  const acknowledge = useMutation({
    mutationFn: (customerId: number) => markNoticeAcknowledged(recall.id, customerId, {}),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: recallKeys.notices(recall.id) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const rows = notices.data ?? [];
  const unsent = rows.filter((n) => !n.sentOn).length;
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>{rows.length === 0 ? 'No customer received these lots.' : unsent === 0 ? 'Every customer has been sent a notice.' : `${unsent} of ${rows.length} customers not sent a notice yet.`}</Typography.Text>
        {rows.length > 0 && <RecallPdfButton label="All letters PDF" download={() => downloadLettersPdf(recall)} />}
      </Flex>
      {notices.isError && <Alert type="error" showIcon title={errorMessage(notices.error)} />}
      <ScrollRegion label="Notices">
        <Table<RecallNoticeRow>
          rowKey="customerId"
          size="small"
          loading={notices.isLoading}
          pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          dataSource={rows}
          columns={[
            { key: 'customer', title: 'Customer', dataIndex: 'customerName' },
            { key: 'region', title: 'Region', render: (_: unknown, n) => regionOf.get(n.customerId) ?? '' },
            { key: 'quantity', title: 'Units', dataIndex: 'quantity', align: 'right' },
            {
              key: 'documents',
              title: 'Supplied on',
              render: (_: unknown, n) => (
                <Flex vertical>
                  {n.documents.map((d) => (
                    <span key={`${d.documentType}-${d.documentId}-${d.itemId}-${d.lotNumber}`}>
                      {d.documentNumber}: {d.quantity}
                    </span>
                  ))}
                </Flex>
              ),
            },
            {
              key: 'sent',
              title: 'Sent',
              render: (_: unknown, n) =>
                n.sentOn ? (
                  <Flex vertical>
                    <span>{formatDate(n.sentOn)}</span>
                    <Typography.Text type="secondary">{channelLabel(n.sentVia)}</Typography.Text>
                  </Flex>
                ) : (
                  <Tag color="orange">Not sent</Tag>
                ),
            },
            { key: 'acknowledged', title: 'Acknowledged', render: (_: unknown, n) => formatDate(n.acknowledgedOn) || '-' },
            {
              key: 'actions',
              title: 'Actions',
              render: (_: unknown, n) => (
                <Space size={4} wrap>
                  <RecallPdfButton size="small" label="Letter" aria-label={`Letter to ${n.customerName}`} download={() => downloadLetterPdf(recall, n.customerId)} />
                  {canRecord && (
                    <Button size="small" icon={<SendOutlined />} aria-label={`${n.sentOn ? 'Sent again' : 'Mark sent'}: ${n.customerName}`} onClick={() => setSending(n)}>
                      {n.sentOn ? 'Sent again' : 'Mark sent'}
                    </Button>
                  )}
                  {canRecord && n.sentOn && !n.acknowledgedOn && (
                    <Button
                      size="small"
                      icon={<CheckOutlined />}
                      aria-label={`Mark acknowledged: ${n.customerName}`}
                      loading={acknowledge.isPending && acknowledge.variables === n.customerId}
                      onClick={() => acknowledge.mutate(n.customerId)}
                    >
                      Acknowledged
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </ScrollRegion>
      {sending && <SentDialog recall={recall} notice={sending} onClose={() => setSending(undefined)} />}
    </Flex>
  );
}
