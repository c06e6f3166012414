import { type PayRunDetail, payRunDocument, payRunKinds, permittedIds } from '@erp/domain';
import { Alert, Button, Flex, Select, Space } from 'antd';
import { Form } from '../../components/form.tsx';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { problemsOfIssues, showFormProblems } from '../../components/document/form-problems.ts';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { MonthInput } from '../../components/month-input.tsx';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { wireMonthFormat } from '../../lib/dates.ts';

interface Values {
  month?: string | null;
  kind?: string;
  regionIds?: number[];
  departmentIds?: number[];
}

/**
 * A new pay run (or a draft's scope changed): the month, regular or supplementary, optionally
 * some regions or departments. Saving starts the job that computes the slips; the run then
 * opens with its progress bar.
 */
export function PayRunForm({ run, onDone }: { run?: PayRunDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<Values>();
  const { user } = useAuth();
  const canWrite = user !== undefined && payRunDocument.mayRun(user, 'edit');
  const canDelete = run !== undefined && user !== undefined && payRunDocument.mayRun(user, 'delete');
  // A user limited to regions runs payroll for those only (the server refuses a run naming none or others').
  const mine = permittedIds(user?.permissions, 'regions');

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ month: run?.month ?? dayjs().format(wireMonthFormat), kind: run?.kind ?? 'regular', regionIds: run?.regionIds ?? [...(mine ?? [])], departmentIds: run?.departmentIds ?? [] });
  }, [run, form, mine]);

  const body = () => {
    const v = form.getFieldsValue();
    return { month: v.month ?? undefined, kind: v.kind ?? 'regular', regionIds: v.regionIds ?? [], departmentIds: v.departmentIds ?? [] };
  };
  const { save, remove, submit, formError } = useDraftActions<PayRunDetail>(payRunDocument, {
    id: run?.id,
    body,
    check: () => {
      const result = payRunDocument.inputSchema.safeParse(body());
      return result.success ? {} : problemsOfIssues(result.error.issues);
    },
    showProblems: (problems) => void showFormProblems(form, problems),
    onDone,
  });

  return (
    <Flex vertical gap={12}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="pay-run-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(false)}>
        <Form.Item name="month" label="Month" required style={{ maxWidth: 240 }}>
          <MonthInput />
        </Form.Item>
        <Form.Item name="kind" label="Kind" extra="Supplementary: the differences of earlier posted months, posted in this month">
          <Select options={payRunKinds.map((k) => ({ value: k.value, label: k.label }))} style={{ maxWidth: 240 }} />
        </Form.Item>
        <Form.Item name="regionIds" label="Regions" required={mine !== undefined} extra={mine ? 'Your regions: a run covers regions of yours only' : 'Leave empty for all regions'}>
          <OptionSelect resource="regions" mode="multiple" placeholder={mine ? 'Regions' : 'All regions'} />
        </Form.Item>
        <Form.Item name="departmentIds" label="Departments" extra="Leave empty for all departments">
          <OptionSelect resource="departments" mode="multiple" placeholder="All departments" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {canWrite && (
        <Flex justify="flex-end" wrap gap={8}>
          <Space wrap>
            {canDelete && <DeleteButton singular={payRunDocument.singular} loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
            <Button onClick={() => onDone()}>Close</Button>
            <Button type="primary" loading={save.isPending} onClick={() => submit(false)}>
              {run ? 'Save and recompute' : 'Run payroll'}
            </Button>
          </Space>
        </Flex>
      )}
    </Flex>
  );
}
