import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { accountingKeys, fetchPeriodClose, reopenPeriods, savePeriodClose } from './accounting-api.ts';
import { YearEndCloseSection } from './year-end-close-section.tsx';

/** The date through which the books are closed: posting on or before it is refused. */
export function PeriodCloseTab() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const canClose = user?.role === 'admin' || user?.role === 'accountant';
  const current = useQuery({ queryKey: accountingKeys.periodClose, queryFn: fetchPeriodClose });
  const [date, setDate] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (closedThrough: string) => savePeriodClose(closedThrough),
    onSuccess: async (message) => {
      notify.success(message || 'Saved');
      setDate(null);
      await queryClient.invalidateQueries({ queryKey: accountingKeys.periodClose });
    },
    onError: (e) => setError(fieldErrorsOf(e)?.closedThrough ?? errorMessage(e)),
  });
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      {current.isError && <Alert type="error" showIcon title={errorMessage(current.error)} />}
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'closed',
            label: 'Books closed through',
            children: current.isLoading ? '...' : current.data ? <strong data-testid="closed-through">{formatDate(current.data)}</strong> : 'Not closed',
          },
        ]}
      />
      <Typography.Text type="secondary">Journals and other postings dated on or before this date are refused.</Typography.Text>
      {canClose && (
        <Flex gap={8} wrap align="center">
          <DateInput aria-label="Close the books through" value={date} onChange={(v) => { setError(undefined); setDate(v); }} style={{ width: 200 }} />
          <Popconfirm
            title={`Close the books through ${formatDate(date)}?`}
            description="Nothing dated on or before it can be posted afterwards."
            okText="Yes"
            cancelText="No"
            disabled={!date}
            onConfirm={() => (date ? save.mutateAsync(date).catch(() => undefined) : undefined)}
          >
            <Button type="primary" disabled={!date} loading={save.isPending}>
              Close period
            </Button>
          </Popconfirm>
        </Flex>
      )}
      {error && <Alert type="error" showIcon title={error} />}
      {user?.role === 'admin' && current.data && <ReopenPeriods closedThrough={current.data} />}
      {user?.role === 'admin' && <YearEndCloseSection />}
    </Flex>
  );
}

/** The admin moves the close back (to an earlier day, or none): its own, audited action. */
function ReopenPeriods({ closedThrough }: { closedThrough: string }) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const reopen = useMutation({
    mutationFn: (to: string | null) => reopenPeriods(to),
    onSuccess: async (message) => {
      notify.success(message || 'Saved');
      setDate(null);
      await queryClient.invalidateQueries({ queryKey: accountingKeys.periodClose });
    },
    onError: (e) => setError(fieldErrorsOf(e)?.closedThrough ?? errorMessage(e)),
  });
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        Reopening lets postings dated after the new date (or any date, when left empty) in again. Only the admin may reopen; it is recorded in the audit log.
      </Typography.Text>
      <Flex gap={8} wrap align="center">
        <DateInput aria-label="Keep the books closed through" value={date} onChange={(v) => { setError(undefined); setDate(v); }} style={{ width: 200 }} />
        <Popconfirm
          title={date ? `Reopen the periods after ${formatDate(date)}?` : `Reopen every period closed through ${formatDate(closedThrough)}?`}
          okText="Yes"
          cancelText="No"
          onConfirm={() => reopen.mutateAsync(date).catch(() => undefined)}
        >
          <Button danger loading={reopen.isPending}>
            Reopen periods
          </Button>
        </Popconfirm>
      </Flex>
      {error && <Alert type="error" showIcon title={error} />}
    </Flex>
  );
}
