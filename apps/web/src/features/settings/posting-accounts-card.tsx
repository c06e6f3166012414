import { messages, postingAccountKeys, postingAccountsSchema } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect, useState } from 'react';
import { AccountSelect } from '../../components/account-select.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { fetchPostingAccounts, postingAccountsKey, savePostingAccounts } from './settings-api.ts';

/** The accounts that postings use (sales, inventory, cash, ...), one picker each. */
export function PostingAccountsCard() {
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const current = useQuery({ queryKey: postingAccountsKey, queryFn: fetchPostingAccounts });

  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);

  const save = useMutation({
    mutationFn: savePostingAccounts,
    onSuccess: async () => {
      notify.success(messages.saved);
      await queryClient.invalidateQueries({ queryKey: postingAccountsKey });
    },
    onError: (e) => {
      if (!applyServerFieldErrors(form, e)) setError(errorMessage(e));
    },
  });

  const submit = () => {
    setError(undefined);
    const body = validateWithSchema(form, postingAccountsSchema, form.getFieldsValue(true));
    if (body) save.mutate(body);
  };

  return (
    <Card title="Posting accounts">
      {current.isLoading && <Skeleton active />}
      {current.isError && <Alert type="error" showIcon title={errorMessage(current.error)} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="posting-accounts"
        layout="vertical"
        requiredMark={requiredMark}
        onFinish={submit}
        style={{ display: current.isLoading ? 'none' : undefined }}
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 16 }}>
          {postingAccountKeys.map(({ key, label }) => (
            <Form.Item key={key} name={key} label={label} required>
              <AccountSelect aria-label={label} allowClear={false} />
            </Form.Item>
          ))}
        </div>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
