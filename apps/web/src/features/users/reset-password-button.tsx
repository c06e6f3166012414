import { KeyOutlined } from '@ant-design/icons';
import { resetPasswordSchema } from '@erp/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Input, Modal } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { resetPassword } from './users-api.ts';
import { requiredMark } from '../../components/required-mark.tsx';

export function ResetPasswordButton({ userId, userName }: { userId: number; userName: string }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(userId, password),
    onSuccess: (message) => {
      notify.success(message || 'Password reset');
      setOpen(false);
      form.resetFields();
    },
    onError: (e) => {
      if (!applyServerFieldErrors(form, e)) notify.error(errorMessage(e));
    },
  });
  const submit = () => {
    const body = validateWithSchema(form, resetPasswordSchema, { password: form.getFieldValue('password') ?? '' });
    if (body) reset.mutate(body.password);
  };
  return (
    <>
      <Button size="small" icon={<KeyOutlined />} onClick={() => setOpen(true)}>
        Reset password
      </Button>
      <Modal
        title={`Reset the password of ${userName}`}
        open={open}
        okText="Reset password"
        onOk={submit}
        confirmLoading={reset.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={requiredMark} name={`reset-password-${userId}`} onFinish={submit}>
          <Form.Item label="New password" name="password" required extra="At least 8 characters">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
