import { formFields, messages, type ResourceDeclaration } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from '../../components/form.tsx';
import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { FormDrawer } from '../../components/form-drawer.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { createRow, resourceKeys, type ResourceRow, updateRow } from '../../components/resource/resource-api.ts';
import { capitalise } from '../../components/resource/resource-form.tsx';
import { bodyOf, initialValuesOf, ResourceFieldInput } from '../../components/resource/resource-field.tsx';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

export interface LinesResourceFormProps {
  resource: ResourceDeclaration;
  open: boolean;
  row?: ResourceRow;
  onClose: () => void;
  /** The body's key of the lines (`lines`, `slabs`). */
  linesKey: string;
  /** The server's own bodies (the domain's schemas), checked here first. */
  schemas: { create: z.ZodType; update: z.ZodType };
  /** A row's lines as the form edits them; a new record's first lines. */
  linesOf: (row?: ResourceRow) => Record<string, unknown>[];
  /** The form's lines as the body sends them (empty cells left out). */
  linesBody: (lines: Record<string, unknown>[]) => Record<string, unknown>[];
  /** The lines' editor: a Form.List named `linesKey`. */
  children: ReactNode;
}

/**
 * The generic resource form with lines (a salary assignment's components, a tax table's slabs):
 * the declaration's fields, then the lines; saved whole, the lines replacing the old ones.
 */
export function LinesResourceForm({ resource, open, row, onClose, linesKey, schemas, linesOf, linesBody, children }: LinesResourceFormProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [formError, setFormError] = useState<string>();
  const queryClient = useQueryClient();
  const fields = formFields(resource);
  const mode = row ? 'update' : 'create';

  useEffect(() => {
    if (!open) return;
    setFormError(undefined);
    form.resetFields();
    form.setFieldsValue({ ...initialValuesOf(fields, row), [linesKey]: linesOf(row) });
  }, [open, row?.id]);

  const save = useMutation({
    mutationFn: (body: unknown) => (row ? updateRow(resource.name, row.id, body) : createRow(resource.name, body)),
    onSuccess: async () => {
      notify.success(messages.saved);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource.name) });
      onClose();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error)) setFormError(errorMessage(error));
    },
  });

  const submit = () => {
    setFormError(undefined);
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const lines = linesBody((values[linesKey] as Record<string, unknown>[] | undefined) ?? []);
    const body = validateWithSchema(form, mode === 'create' ? schemas.create : schemas.update, { ...bodyOf(fields, values, mode), [linesKey]: lines });
    if (body) save.mutate(body);
  };

  return (
    <FormDrawer title={capitalise(`${row ? 'Edit' : 'New'} ${resource.singular}`)} open={open} onClose={onClose} onSave={submit} saving={save.isPending} error={formError} width={720}>
      <Form form={form} name={`${resource.name}-form`} layout="vertical" requiredMark={requiredMark} onFinish={submit}>
        {fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label} required={field.required} valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}>
            <ResourceFieldInput field={field} />
          </Form.Item>
        ))}
        {children}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
