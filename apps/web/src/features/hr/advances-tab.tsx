import { advanceSchedule, employeeAdvances, formatDecimal, isPayMonth, isReadOnlyRole } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { resourceKeys, type ResourceRow } from '../../components/resource/resource-api.ts';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { errorMessage, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

function scheduleOf(row: ResourceRow) {
  return advanceSchedule({ amount: String(row.amount), instalments: Number(row.instalments), startMonth: String(row.startMonth), skippedMonths: (row.skippedMonths as string[] | undefined) ?? [] });
}

/** The recovery in a few words: "3 × 10,000.00, 2026-01 to 2026-04 (1 skipped)". */
function scheduleText(row: ResourceRow): string {
  const schedule = scheduleOf(row);
  const skipped = ((row.skippedMonths as string[] | undefined) ?? []).length;
  const amounts = [...new Set(schedule.map((i) => formatDecimal(i.amount)))];
  const each = amounts.length === 1 ? `${schedule.length} × ${amounts[0]}` : `${schedule.length} of about ${amounts[0]}`;
  return `${each}, ${schedule[0]!.month} to ${schedule.at(-1)!.month}${skipped > 0 ? ` (${skipped} skipped)` : ''}`;
}

function SkipMonthButton({ row }: { row: ResourceRow }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ month: string }>();
  const queryClient = useQueryClient();
  const skip = useMutation({
    mutationFn: async (month: string) => (await http.post<{ message: string }>(`/api/employee-advances/${row.id}/skip`, { month })).data.message,
    onSuccess: async (message) => {
      notify.success(message);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(employeeAdvances.name) });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error)) notify.error(errorMessage(error));
    },
  });
  const next = scheduleOf(row)[0]?.month;
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          form.setFieldsValue({ month: next ?? '' });
          setOpen(true);
        }}
      >
        Skip a month
      </Button>
      <Modal title="Skip a month" open={open} onCancel={() => setOpen(false)} onOk={() => form.submit()} okText="Skip" confirmLoading={skip.isPending} destroyOnHidden>
        <Typography.Paragraph>Its instalment moves to the end of the schedule.</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={({ month }) => skip.mutate(month.trim())}>
          <Form.Item name="month" label="Month (YYYY-MM)" rules={[{ validator: async (_, value: string) => (isPayMonth(String(value ?? '').trim()) ? undefined : Promise.reject(new Error('Month must be a month (YYYY-MM)'))) }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Advances and loans: paid out through /payments, recovered from the start month on; a skipped month moves its instalment to the end. */
export function AdvancesTab() {
  const { user } = useAuth();
  const canWrite = user !== undefined && !isReadOnlyRole(user.role);
  return (
    <ResourceListScreen
      resource={employeeAdvances}
      extraColumns={[
        { key: 'paidOut', title: 'Paid out', align: 'right', render: (_: unknown, row: ResourceRow) => formatDecimal(String(row.paidOut ?? '0.00')) },
        // Instalments and start month in a few words; their own columns show from 1600 px.
        { key: 'schedule', title: 'Schedule', render: (_: unknown, row: ResourceRow) => scheduleText(row) },
      ]}
      rowActions={canWrite ? (row) => <SkipMonthButton row={row} /> : undefined}
    />
  );
}
