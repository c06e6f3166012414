import { type FbrEnvironment, type FbrReferenceKind, fbrReferenceKinds, formatDateTime } from '@erp/domain';
import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { fbrSettingsKeys, fetchReferenceCounts, refreshReference } from './fbr-settings-api.ts';

const kindLabels: Record<FbrReferenceKind, string> = {
  provinces: 'Provinces',
  documentTypes: 'Document types',
  transactionTypes: 'Transaction types',
  uom: 'Units',
  hsUom: 'HS codes with units',
  rates: 'Sale types with rates',
};

/** Issue 30, section 2: FBR's lists as cached (a weekly job refreshes them too), and a refresh on demand. */
export function FbrReferenceCard({ environment }: { environment: FbrEnvironment }) {
  const narrow = useIsNarrow();
  const client = useQueryClient();
  const counts = useQuery({ queryKey: fbrSettingsKeys.reference, queryFn: fetchReferenceCounts });
  const refresh = useMutation({
    mutationFn: refreshReference,
    onSuccess: ({ message, data }) => {
      notify.success(message);
      // The refresh answers the same counts the lists would: no second round of reads.
      client.setQueryData(fbrSettingsKeys.reference, data);
    },
  });
  const data = counts.data;
  return (
    <Card title="Reference data" style={{ flex: 1, minWidth: 260 }}>
      <Flex vertical gap={12}>
        <Typography.Text>
          FBR’s provinces, units, HS codes’ units and sale types’ rates, which invoices are reported in.{' '}
          {data ? (data.fetchedAt ? `Fetched ${formatDateTime(data.fetchedAt)}.` : 'Never fetched: invoices use the built-in names.') : null}
        </Typography.Text>
        {counts.isError && <Alert type="error" showIcon title={errorMessage(counts.error)} />}
        {/* FBR's reasons are sentences naming the list and what happened: shown whole, not as a passing message. */}
        {refresh.isError && <Alert type="error" showIcon title={errorMessage(refresh.error)} />}
        {data && (
          <Descriptions size="small" bordered column={narrow ? 1 : 2}>
            {fbrReferenceKinds.map((kind) => (
              <Descriptions.Item key={kind} label={kindLabels[kind]}>
                {data[kind]}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        <Flex gap={8} wrap align="center">
          <Button icon={<ReloadOutlined />} loading={refresh.isPending} onClick={() => refresh.mutate()}>
            Refresh from FBR
          </Button>
          <Typography.Text type="secondary">In the {environment} environment, with its token</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
