import { knownScopes, messages, roleOptions, userCreateSchema, userUpdateSchema } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Input, Select, Switch } from 'antd';
import { Form } from '../../components/form.tsx';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { useEffect, useState } from 'react';
import type { ResourceFormSlotProps } from '../../components/resource/resource-list-screen.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { createRow, resourceKeys, updateRow } from '../../components/resource/resource-api.ts';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { requiredMark } from '../../components/required-mark.tsx';

interface UserFormValues {
  name?: string;
  username?: string;
  role?: string;
  active?: boolean;
  password?: string;
  permissions?: { regions?: number[]; categories?: number[] };
  scopes?: string[];
}

function initialValues(row: ResourceFormSlotProps['row']): UserFormValues {
  if (!row) return { active: true, permissions: { regions: [], categories: [] }, scopes: [] };
  const permissions = (row.permissions ?? {}) as Record<string, number[]>;
  return {
    name: row.name as string,
    username: row.username as string,
    role: row.role as string,
    active: row.active as boolean,
    permissions: { regions: permissions.regions ?? [], categories: permissions.categories ?? [] },
    scopes: (row.scopes as string[] | undefined) ?? [],
  };
}

/** The admin's user form: identity, role, active, password (create only), permissions and scopes. */
export function UserForm({ open, row, onClose }: ResourceFormSlotProps) {
  const [form] = Form.useForm<UserFormValues>();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!open) return;
    setError(undefined);
    form.resetFields();
    form.setFieldsValue(initialValues(row));
    // Only when the drawer opens or shows another row: a new `row` object each render must not reset what was typed.
  }, [open, row?.id]);

  const save = useMutation({
    mutationFn: (body: unknown) => (row ? updateRow('users', row.id, body) : createRow('users', body)),
    onSuccess: async () => {
      notify.success(messages.saved);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('users') });
      onClose();
    },
    onError: (e) => {
      if (!applyServerFieldErrors(form, e)) setError(errorMessage(e));
    },
  });

  const submit = () => {
    setError(undefined);
    const values = form.getFieldsValue(true) as UserFormValues;
    const permissions: Record<string, number[]> = {};
    if (values.permissions?.regions?.length) permissions.regions = values.permissions.regions;
    if (values.permissions?.categories?.length) permissions.categories = values.permissions.categories;
    const common = {
      name: values.name ?? '',
      username: values.username ?? '',
      role: values.role,
      active: values.active ?? true,
      permissions,
      scopes: values.scopes ?? [],
    };
    const body = row
      ? validateWithSchema(form, userUpdateSchema, common)
      : validateWithSchema(form, userCreateSchema, { ...common, password: values.password ?? '' });
    if (body) save.mutate(body);
  };

  return (
    <FormDrawer title={row ? 'Edit user' : 'New user'} open={open} onClose={onClose} onSave={submit} saving={save.isPending} error={error} width={520}>
      <Form form={form} name="users-form" layout="vertical" requiredMark={requiredMark} onFinish={submit}>
        <Form.Item label="Name" name="name" required>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="Username" name="username" required>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role" required>
          <Select options={roleOptions.map((o) => ({ value: o.value, label: o.label }))} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item label="Active" name="active" valuePropName="checked">
          <Switch />
        </Form.Item>
        {!row && (
          <Form.Item label="Password" name="password" required extra="At least 8 characters">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label="Regions" name={['permissions', 'regions']} extra="Leave empty for all regions">
          <OptionSelect resource="regions" mode="multiple" placeholder="All regions" />
        </Form.Item>
        <Form.Item label="Categories" name={['permissions', 'categories']} extra="Leave empty for all categories">
          <OptionSelect resource="categories" mode="multiple" placeholder="All categories" />
        </Form.Item>
        <Form.Item label="Scopes" name="scopes" extra="Actions this user may take beyond the role's defaults (resource:action)">
          <Select mode="tags" options={knownScopes.map((scope) => ({ value: scope, label: scope }))} tokenSeparators={[',', ' ']} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
