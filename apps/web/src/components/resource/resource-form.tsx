import { createSchemaOf, expiryHint, type FieldDeclaration, formFields, hasScope, messages, updateSchemaOf, type ResourceDeclaration } from '@erp/domain';
import type { FormInstance } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from '../form.tsx';
import { FormDrawer } from '../form-drawer.tsx';
import { useEffect, useRef, useState } from 'react';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { bodyOf, followingValues, initialValuesOf, ResourceFieldInput, setApartFields } from './resource-field.tsx';
import { createRow, resourceKeys, updateRow, type ResourceRow } from './resource-api.ts';
import { requiredMark } from '../required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { todayWire } from '../../lib/dates.ts';

export interface ResourceFormProps {
  resource: ResourceDeclaration;
  open: boolean;
  /** The row being edited; undefined to create. */
  row?: ResourceRow;
  /** A new row's values the screen knows already (the reference its list is filtered by). */
  given?: Record<string, unknown>;
  onClose: () => void;
}

/** Under an expiry date within its warning days: "expires in 12 days" (issue 32: licences and registrations). */
function ExpiryHint({ form, field }: { form: FormInstance<Record<string, unknown>>; field: FieldDeclaration }) {
  const value = Form.useWatch(field.name, form) as string | null | undefined;
  const hint = expiryHint(value, todayWire(), field.expiryWarningDays ?? 0);
  return hint ? <span data-testid={`expiry-hint-${field.name}`}>{hint}</span> : null;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Create / edit form of any declared resource, validated with the same zod schema as the server. */
export function ResourceForm({ resource, open, row, given, onClose }: ResourceFormProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const { user } = useAuth();
  // A field kept to a scope is shown, not offered, to the others (the server refuses their change).
  const mayWrite = (scope: string | undefined) => scope === undefined || (user !== undefined && hasScope(user.role, user.scopes, scope));
  const [formError, setFormError] = useState<string>();
  const queryClient = useQueryClient();
  const fields = formFields(resource);
  const mode = row ? 'update' : 'create';
  // The fields the user changed since the drawer opened. Not antd's "touched": its setFieldsValue
  // marks a field touched once mounted, so a following value (or the opening values, when the
  // drawer mounts its fields at once, without motion) would stop the field from following.
  const setByUser = useRef(new Set<string>());

  useEffect(() => {
    if (!open) return;
    setByUser.current = new Set(setApartFields(fields, row));
    setFormError(undefined);
    form.resetFields();
    form.setFieldsValue(initialValuesOf(fields, row, given));
    // Only when the drawer opens or shows another row: a new `fields` array each render must not reset what was typed.
  }, [open, row?.id]);

  const save = useMutation({
    mutationFn: (body: unknown) => (row ? updateRow(resource.name, row.id, body) : createRow(resource.name, body)),
    onSuccess: async () => {
      notify.success(messages.saved);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource.name) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.options(resource.name) });
      onClose();
    },
    onError: (error) => {
      // A message the fields already show is not repeated above them.
      if (!applyServerFieldErrors(form, error)) setFormError(errorMessage(error));
    },
  });

  const submit = () => {
    setFormError(undefined);
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const schema = mode === 'create' ? createSchemaOf(resource) : updateSchemaOf(resource);
    const body = validateWithSchema(form, schema, bodyOf(fields, values, mode));
    if (body) save.mutate(body);
  };

  const title = `${row ? 'Edit' : 'New'} ${resource.singular}`;
  return (
    <FormDrawer title={capitalise(title)} open={open} onClose={onClose} onSave={submit} saving={save.isPending} error={formError}>
      <Form
        form={form}
        name={`${resource.name}-form`}
        layout="vertical"
        requiredMark={requiredMark}
        onFinish={submit}
        onValuesChange={(changed: Record<string, unknown>) => {
          const following = followingValues(fields, changed, (name) => setByUser.current.has(name));
          for (const name of Object.keys(changed)) setByUser.current.add(name);
          if (Object.keys(following).length > 0) form.setFieldsValue(following);
        }}
      >
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            required={field.required}
            valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
            extra={field.expiryWarningDays !== undefined ? <ExpiryHint form={form} field={field} /> : undefined}
          >
            <ResourceFieldInput field={field} disabled={!mayWrite(field.writeScope)} />
          </Form.Item>
        ))}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
