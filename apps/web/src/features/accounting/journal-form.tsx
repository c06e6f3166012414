import { journalDocument, messages } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm, Space } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect, useState } from 'react';
import { deleteDocument, documentKeys, saveDocument } from '../../components/document/document-api.ts';
import { showFormProblems } from '../../components/document/form-problems.ts';
import { DocumentHeaderFields } from '../../components/document/document-header-fields.tsx';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import type { JournalDetail } from './accounting-api.ts';
import { journalBodyOf, journalFormProblems, journalFormValuesOf, type JournalFormValues } from './journal-checks.ts';
import { emptyLine, JournalLinesEditor } from './journal-lines.tsx';

export interface JournalFormProps {
  /** A draft to edit; undefined for a new journal. */
  journal?: JournalDetail;
  /** After saving or posting: the journal to show (posted) or nothing (closed). */
  onDone: (openId?: number) => void;
}

/**
 * A draft journal: date, narration, lines. Save keeps it a draft; Post saves and posts it
 * (numbered, immutable). Checks run here first with the domain's rules, then on the server,
 * whose per-field refusals (`lines.2.debit`, `journalDate`) land on the same fields.
 */
export function JournalForm({ journal, onDone }: JournalFormProps) {
  const [form] = Form.useForm<JournalFormValues>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [savedId, setSavedId] = useState<number | undefined>(journal?.id);
  const [formError, setFormError] = useState<string>();
  const [linesError, setLinesError] = useState<string>();
  const canDelete = user !== undefined && journalDocument.mayRun(user, 'delete');
  const canWrite = user !== undefined && journalDocument.mayRun(user, 'edit');

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(journal ? journalFormValuesOf(journal) : { journalDate: todayWire(), narration: '', lines: [{ ...emptyLine }, { ...emptyLine }] });
  }, [journal, form]);

  const showProblems = (problems: Record<string, string>) => setLinesError(showFormProblems(form, problems));

  const showServerError = (error: unknown) => {
    const errors = fieldErrorsOf(error);
    if (errors && Object.keys(errors).length > 0) {
      setFormError(undefined);
      showProblems(errors);
    } else {
      setFormError(errorMessage(error));
    }
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all(journalDocument.name) });

  const save = useMutation({
    mutationFn: async ({ toPost }: { toPost: boolean }) => {
      const body = journalBodyOf(form.getFieldsValue(true) as JournalFormValues);
      // Post saves and posts in one request: a refused post leaves nothing half-saved.
      const saved = await saveDocument<JournalDetail>(journalDocument, body, { id: savedId, post: toPost });
      setSavedId(saved.data.id);
      return { id: saved.data.id, message: saved.message || (toPost ? 'Journal posted' : messages.saved) };
    },
    onSuccess: async ({ id, message }, { toPost }) => {
      notify.success(message);
      await refresh();
      onDone(toPost ? id : undefined);
    },
    onError: async (error) => {
      showServerError(error);
      await refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteDocument(journalDocument, id),
    onSuccess: async (message) => {
      notify.success(message || messages.deleted);
      await refresh();
      onDone();
    },
    onError: (error) => setFormError(errorMessage(error)),
  });

  const [confirmPost, setConfirmPost] = useState(false);

  /** Runs the checks; true when the journal may be sent. */
  const check = (toPost: boolean): boolean => {
    setFormError(undefined);
    const problems = journalFormProblems(form.getFieldsValue(true) as JournalFormValues, toPost);
    showProblems(problems);
    return Object.keys(problems).length === 0;
  };

  return (
    <Flex vertical gap={8}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="journal-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite}>
        <DocumentHeaderFields fields={journalDocument.fields} inputProps={{ journalDate: { allowClear: false } }} />
        <JournalLinesEditor form={form} linesError={linesError} />
      </Form>
      {canWrite && (
        <Flex justify="flex-end" wrap gap={8} className="no-print">
          <Space wrap>
            {savedId !== undefined && canDelete && (
              <DeleteButton singular="journal" label="Delete draft" loading={remove.isPending} onConfirm={() => remove.mutateAsync(savedId).catch(() => undefined)} />
            )}
            <Button onClick={() => onDone()}>Close</Button>
            <Button loading={save.isPending && !save.variables?.toPost} onClick={() => check(false) && save.mutate({ toPost: false })}>
              Save draft
            </Button>
            <Popconfirm
              title="Post this journal?"
              description="A posted journal cannot be changed; cancelling it posts a reversing entry."
              okText="Post"
              cancelText="No"
              open={confirmPost}
              onOpenChange={(open) => !open && setConfirmPost(false)}
              onConfirm={() => {
                setConfirmPost(false);
                save.mutate({ toPost: true });
              }}
            >
              <Button type="primary" loading={save.isPending && save.variables?.toPost} onClick={() => check(true) && setConfirmPost(true)}>
                Post
              </Button>
            </Popconfirm>
          </Space>
        </Flex>
      )}
    </Flex>
  );
}
