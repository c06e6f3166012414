import { type ChangePasswordResponse, changePasswordSchema, constants, messages } from '@erp/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Input } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { tokenStorage } from '../../lib/auth/token-storage.ts';
import { errorMessage, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /user/password: every role changes its own password here (8+ characters). */
export function ChangePasswordScreen() {
  const [form] = Form.useForm<PasswordValues>();
  const [error, setError] = useState<string>();
  const change = useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => {
      const { data } = await http.post<ChangePasswordResponse>('/api/change-password', body);
      // The change ended every earlier token of this user, the one in storage included.
      if (data.token) tokenStorage.replaceActiveToken(data.token);
      return data.message;
    },
    onSuccess: () => {
      notify.success(messages.passwordChanged);
      form.resetFields();
    },
    onError: (e) => {
      applyServerFieldErrors(form, e);
      setError(errorMessage(e));
    },
  });

  const onFinish = (values: PasswordValues) => {
    setError(undefined);
    const body = validateWithSchema(form, changePasswordSchema, {
      currentPassword: values.currentPassword ?? '',
      newPassword: values.newPassword ?? '',
    });
    if (body) change.mutate(body);
  };

  return (
    <Card style={{ maxWidth: 480, width: '100%' }}>
      <ScreenTitle>
        Change Password
      </ScreenTitle>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="change-password" layout="vertical" requiredMark={requiredMark} onFinish={onFinish}>
        <Form.Item label="Current password" name="currentPassword" rules={[{ required: true, message: 'Current password is required' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          extra={`At least ${constants.minPasswordLength} characters`}
          rules={[
            { required: true, message: 'Password is required' },
            { min: constants.minPasswordLength, message: `Password must be at least ${constants.minPasswordLength} characters` },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Please confirm the new password' },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(messages.passwordsDiffer)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
