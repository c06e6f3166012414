import { hasScope, type RecallDetail, recallDocument, recallOpenScope } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DocumentFormFooter } from '../../components/document/document-form-footer.tsx';
import { DocumentHeaderFields } from '../../components/document/document-header-fields.tsx';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { LineCell, type LineColumn } from '../../components/document/line-columns.tsx';
import { LinesEditor } from '../../components/document/lines-editor.tsx';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { Form } from '../../components/form.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import { http } from '../../lib/http.ts';
import { emptyRecallLine, newRecallValues, recallBodyOf, recallFormProblems, type RecallFormValues, recallFormValuesOf } from './recall-checks.ts';

const columns = {
  item: { label: 'Item', style: { flex: '3 1 260px', minWidth: 0 } },
  lot: { label: 'Lot number', style: { flex: '2 1 180px', minWidth: 0 } },
} satisfies Record<string, LineColumn>;

const headerFields = recallDocument.fields.filter((field) => ['recallDate', 'recallClass', 'source', 'sourceReference', 'sourceDate'].includes(field.name));
// The reason is required by its schema (1-2000 characters), not by the declaration's flag: marked here.
const textFields = recallDocument.fields
  .filter((field) => ['reason', 'instructions', 'notes'].includes(field.name))
  .map((field) => (field.name === 'reason' ? { ...field, required: true } : field));

/** The lot numbers we hold or held of an item, in any region or status: what a recall may name. */
function useLotNumbers(itemId: number | null | undefined) {
  return useQuery({
    queryKey: ['inventory', 'recall-lots', itemId],
    enabled: typeof itemId === 'number',
    queryFn: async () => {
      const { data } = await http.get<{ data: { lotNumber: string | null }[] }>('/api/inventory', { params: { itemId, location: 'all', status: 'all', pageSize: 100 } });
      return [...new Set(data.data.map((row) => row.lotNumber ?? '').filter(Boolean))].sort();
    },
  });
}

/** A line's lot number: typed, or picked from the item's lots. */
function LotNumberInput({ itemId, index, ...control }: { itemId?: number | null; index: number; value?: string; onChange?: (value: string) => void }) {
  const lots = useLotNumbers(itemId);
  return (
    <AutoComplete
      {...control}
      aria-label={`Line ${index + 1} lot number`}
      placeholder="Lot number"
      maxLength={60}
      options={(lots.data ?? []).map((lot) => ({ value: lot }))}
      showSearch={{ filterOption: (typed, option) => String(option?.value ?? '').toLowerCase().includes(typed.toLowerCase()) }}
      style={{ width: '100%' }}
    />
  );
}

export interface RecallFormProps {
  /** A draft to edit; undefined for a new recall. */
  recall?: RecallDetail;
  onDone: (openId?: number) => void;
}

/**
 * A draft recall: date, class, source and its reference, reason, instructions to customers,
 * notes, and the lots (item and lot number) it takes off the market. Save keeps it a draft; a
 * saved draft offers Open (recalls:open) beside. The declaration's rules run here first; the
 * server's refusals (a lot we never held, one under another open recall) land on the lines.
 */
export function RecallForm({ recall, onDone }: RecallFormProps) {
  const [form] = Form.useForm<RecallFormValues>();
  const { user } = useAuth();
  const [linesError, setLinesError] = useState<string>();
  const canWrite = user !== undefined && hasScope(user.role, user.scopes, recallOpenScope) && recallDocument.mayRun(user, 'edit');
  const canDelete = recall !== undefined && user !== undefined && recallDocument.mayRun(user, 'delete');
  const lines = Form.useWatch('lines', form) as RecallFormValues['lines'];

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(recall ? recallFormValuesOf(recall) : newRecallValues(todayWire()));
  }, [recall, form]);

  const showProblems = (problems: Readonly<Record<string, string>>) => setLinesError(showFormProblems(form, problems));
  const draft = useDraftActions<RecallDetail>(recallDocument, {
    id: recall?.id,
    body: () => recallBodyOf(form.getFieldsValue(true) as RecallFormValues),
    check: () => recallFormProblems(form.getFieldsValue(true) as RecallFormValues),
    showProblems,
    onDone,
  });

  return (
    <Flex vertical gap={8}>
      {draft.formError && <Alert type="error" showIcon title={draft.formError} />}
      <Form form={form} name="recall-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => draft.submit(false)}>
        <DocumentHeaderFields fields={headerFields} inputProps={{ recallDate: { allowClear: false, 'aria-label': 'Recall date' }, recallClass: { 'aria-label': 'Class' }, source: { 'aria-label': 'Source' }, sourceReference: { 'aria-label': 'Source reference' }, sourceDate: { 'aria-label': 'Source date' } }} />
        <DocumentHeaderFields fields={textFields} inputProps={{ reason: { 'aria-label': 'Reason' }, instructions: { 'aria-label': 'Instructions' }, notes: { 'aria-label': 'Notes' } }} />
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Lots recalled
        </Typography.Title>
        <LinesEditor
          columns={Object.values(columns)}
          min={1}
          emptyLine={emptyRecallLine}
          linesError={linesError}
          testIdPrefix="recall"
          renderLine={(field, index) => (
            <>
              <LineCell column={columns.item}>
                <Form.Item name={[field.name, 'itemId']}>
                  <OptionSelect resource="items" aria-label={`Line ${index + 1} item`} placeholder="Item" />
                </Form.Item>
              </LineCell>
              <LineCell column={columns.lot}>
                <Form.Item name={[field.name, 'lotNumber']}>
                  <LotNumberInput itemId={lines?.[index]?.itemId} index={index} />
                </Form.Item>
              </LineCell>
            </>
          )}
        />
      </Form>
      <DocumentFormFooter definition={recallDocument} document={recall} canWrite={canWrite} canDelete={canDelete} actions={draft} onClose={() => onDone()} />
    </Flex>
  );
}
