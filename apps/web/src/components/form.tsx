import { Form as AntForm, type FormInstance, type FormProps } from 'antd';
import type { PropsWithChildren } from 'react';

type NamePath = (string | number)[];

/**
 * The leaf paths of an antd `changedValues` (`{ lines: [, , { quantity: 3 }] }` ->
 * `['lines', 2, 'quantity']`). A value that is itself an object (a date, a select's array)
 * gives paths under its field; `startsWith` below matches the field either way.
 */
function changedPaths(value: unknown, path: NamePath = []): NamePath[] {
  if (value === null || typeof value !== 'object' || (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype)) return [path];
  const entries = Object.entries(value);
  if (entries.length === 0) return [path];
  return entries.flatMap(([key, child]) => changedPaths(child, [...path, /^\d+$/.test(key) ? Number(key) : key]));
}

const startsWith = (path: NamePath, prefix: NamePath) => prefix.length <= path.length && prefix.every((part, index) => String(part) === String(path[index]));

/**
 * Clears the errors of the fields a change touched: a field, the list holding it, the fields
 * under it. antd re-validates on change only a field with `rules`; ours are checked by the
 * schema and the server (`form-errors.ts`), so their errors stayed after the fix (issue 27).
 */
export function clearErrorsOfChanged(form: FormInstance, changedValues: unknown): void {
  const changed = changedPaths(changedValues);
  const stale = form
    .getFieldsError()
    .filter((field) => field.errors.length > 0 && changed.some((path) => startsWith(path, field.name) || startsWith(field.name, path)))
    .map((field) => ({ name: field.name, errors: [] }));
  if (stale.length > 0) form.setFields(stale);
}

/** antd's Form, whose field errors clear when the field changes. Use it for every form. */
function AppForm<Values = unknown>({ form, onValuesChange, ...props }: PropsWithChildren<FormProps<Values>>) {
  const [instance] = AntForm.useForm<Values>(form);
  return (
    <AntForm<Values>
      {...props}
      form={instance}
      onValuesChange={(changed: Partial<Values>, all: Values) => {
        clearErrorsOfChanged(instance, changed);
        onValuesChange?.(changed, all);
      }}
    />
  );
}

export const Form = Object.assign(AppForm, {
  Item: AntForm.Item,
  List: AntForm.List,
  ErrorList: AntForm.ErrorList,
  Provider: AntForm.Provider,
  useForm: AntForm.useForm,
  useFormInstance: AntForm.useFormInstance,
  useWatch: AntForm.useWatch,
});
