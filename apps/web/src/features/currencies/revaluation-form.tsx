import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ExchangeRevaluationDetail, exchangeRevaluationDocument } from '@erp/domain';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { DocumentFormFooter } from '../../components/document/document-form-footer.tsx';
import { DocumentHeaderFields } from '../../components/document/document-header-fields.tsx';
import { problemsByRow, problemsOfIssues, showFormProblems } from '../../components/document/form-problems.ts';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { Form } from '../../components/form.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { RevaluationRowsTable } from './revaluation-rows-table.tsx';

interface RateRow {
  currency?: string | null;
  rate?: string | null;
}

interface RevaluationFormValues {
  revaluationDate?: string | null;
  rates: RateRow[];
}

const headerFields = exchangeRevaluationDocument.fields;

/** The form's rate rows with something in them, and which row each sent line came from. */
function sentRates(rows: readonly RateRow[]): { rates: Array<{ currency: string; rate: string }>; rowOfLine: number[] } {
  const rowOfLine: number[] = [];
  const rates = rows.flatMap((row, index) => {
    if (!row.currency && !row.rate) return [];
    rowOfLine.push(index);
    return [{ currency: row.currency ?? '', rate: row.rate ?? '' }];
  });
  return { rates, rowOfLine };
}

/**
 * A draft revaluation (issue 33, section 2): its date and, optionally, rates to use instead of the
 * date's own. Saving computes what is open in foreign currencies on that date and shows it; the
 * saved draft offers Post, which computes it again and posts it with its reversal the next day.
 */
export function RevaluationForm({ revaluation, onDone }: { revaluation?: ExchangeRevaluationDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<RevaluationFormValues>();
  const { user } = useAuth();
  const canWrite = user !== undefined && exchangeRevaluationDocument.mayRun(user, 'edit');
  const canDelete = revaluation !== undefined && user !== undefined && exchangeRevaluationDocument.mayRun(user, 'delete');

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ revaluationDate: revaluation?.revaluationDate ?? null, rates: revaluation?.rates.map(({ currency, rate }) => ({ currency, rate })) ?? [] });
  }, [revaluation, form]);

  const values = () => form.getFieldsValue(true) as RevaluationFormValues;
  const body = () => ({ revaluationDate: values().revaluationDate ?? undefined, rates: sentRates(values().rates ?? []).rates });
  const byRow = (problems: Record<string, string>) => problemsByRow(problems, sentRates(values().rates ?? []).rowOfLine, { lines: 'rates' });
  const draft = useDraftActions<ExchangeRevaluationDetail>(exchangeRevaluationDocument, {
    id: revaluation?.id,
    body,
    check: () => {
      const result = exchangeRevaluationDocument.inputSchema.safeParse(body());
      return result.success ? {} : byRow(problemsOfIssues(result.error.issues));
    },
    showProblems: (problems) => void showFormProblems(form, problems),
    serverProblems: byRow,
    onDone,
  });

  return (
    <Flex vertical gap={12}>
      {draft.formError && <Alert type="error" showIcon title={draft.formError} />}
      <Form form={form} name="revaluation-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => draft.submit(false)}>
        <DocumentHeaderFields fields={headerFields} inputProps={{ revaluationDate: { allowClear: false, 'aria-label': 'Revaluation date' } }} />
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Rates
        </Typography.Title>
        <Typography.Paragraph type="secondary">A currency left out takes the date’s rate (Exchange rates).</Typography.Paragraph>
        <Form.List name="rates">
          {(fields, { add, remove }) => (
            <Flex vertical gap={0}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} wrap align="flex-start" data-testid={`revaluation-rate-${index}`}>
                  <Form.Item name={[field.name, 'currency']} style={{ flex: '0 1 220px', minWidth: 160 }}>
                    <OptionSelect resource="currencies" valueKey="code" where={(option) => !option.isCompany} aria-label={`Rate ${index + 1} currency`} placeholder="Currency" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'rate']} style={{ flex: '0 1 180px', minWidth: 120 }}>
                    <Input inputMode="decimal" aria-label={`Rate ${index + 1}`} placeholder="Rate" />
                  </Form.Item>
                  <Button aria-label={`Remove rate ${index + 1}`} icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
                </Flex>
              ))}
              {canWrite && (
                <Button icon={<PlusOutlined />} onClick={() => add({ currency: null, rate: '' })} style={{ alignSelf: 'flex-start' }}>
                  Add rate
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {revaluation ? (
        <>
          <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
            Open on {formatDate(revaluation.revaluationDate)}, as last saved
          </Typography.Title>
          <RevaluationRowsTable revaluation={revaluation} />
        </>
      ) : (
        <Typography.Text type="secondary">Save the draft to see what is open on the date and its difference; Post computes it again.</Typography.Text>
      )}
      <DocumentFormFooter definition={exchangeRevaluationDocument} document={revaluation} canWrite={canWrite} canDelete={canDelete} actions={draft} onClose={() => onDone()} />
    </Flex>
  );
}
