import { type DepreciationRunDetail, depreciationRunDocument } from '@erp/domain';
import { Alert, Button, Flex, Space } from 'antd';
import { Form } from '../../components/form.tsx';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { problemsOfIssues, showFormProblems } from '../../components/document/form-problems.ts';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { MonthInput } from '../../components/month-input.tsx';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { wireMonthFormat } from '../../lib/dates.ts';
import { RunProgress } from './run-progress.tsx';

/** The month last ended: the usual one to run. */
const lastMonth = () => dayjs().subtract(1, 'month').format(wireMonthFormat);

/**
 * A new run (or a failed one to run again): the month, then Run, which saves and starts it in
 * one call (POST /api/depreciation-runs {month, post: true}); the drawer then shows its progress.
 */
export function DepreciationRunForm({ run, onDone }: { run?: DepreciationRunDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<{ month?: string | null }>();
  const { user } = useAuth();
  const canWrite = user !== undefined && depreciationRunDocument.mayRun(user, 'edit');
  const canDelete = run !== undefined && user !== undefined && depreciationRunDocument.mayRun(user, 'delete');

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ month: run?.month ?? lastMonth() });
  }, [run, form]);

  const showProblems = (problems: Record<string, string>) => void showFormProblems(form, problems);
  const { save, remove, submit, formError } = useDraftActions<DepreciationRunDetail>(depreciationRunDocument, {
    id: run?.id,
    body: () => ({ month: form.getFieldValue('month') as string | null }),
    check: () => {
      const result = depreciationRunDocument.inputSchema.safeParse({ month: form.getFieldValue('month') ?? undefined });
      return result.success ? {} : problemsOfIssues(result.error.issues);
    },
    showProblems,
    onDone,
  });

  return (
    <Flex vertical gap={12}>
      {formError && <Alert type="error" showIcon title={formError} />}
      {run?.status === 'failed' && (
        <>
          <Alert type="error" showIcon title="The run failed; nothing was posted" description={run.error ?? undefined} />
          <RunProgress run={run} />
        </>
      )}
      <Form form={form} name="depreciation-run-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(true)}>
        <Form.Item name="month" label="Month" required style={{ maxWidth: 240 }}>
          <MonthInput />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {canWrite && (
        <Flex justify="flex-end" wrap gap={8}>
          <Space wrap>
            {canDelete && <DeleteButton singular={depreciationRunDocument.singular} loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
            <Button onClick={() => onDone()}>Close</Button>
            <Button type="primary" loading={save.isPending} onClick={() => submit(true)}>
              {run?.status === 'failed' ? 'Run again' : 'Run depreciation'}
            </Button>
          </Space>
        </Flex>
      )}
    </Flex>
  );
}
