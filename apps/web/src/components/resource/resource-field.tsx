import { type FieldDeclaration, offeredBy } from '@erp/domain';
import { Input, InputNumber, Select, Switch } from 'antd';
import { AccountSelect } from '../account-select.tsx';
import { DateInput } from '../date-input.tsx';
import { TextArea } from '../text-area.tsx';
import { OptionSelect } from './option-select.tsx';

/** The input of one declared field. Decimals stay strings (InputNumber stringMode): never parseFloat money. */
export function ResourceFieldInput({ field, ...control }: { field: FieldDeclaration } & Record<string, unknown>) {
  // Another resource's code (an exchange rate's currency): picked from its options.
  if (field.picks) return <OptionSelect {...control} resource={field.picks.resource} valueKey={field.picks.key} />;
  switch (field.kind) {
    case 'textarea':
      return <TextArea {...control} maxLength={field.maxLength} />;
    case 'integer':
      return <InputNumber {...control} precision={0} min={field.min} max={field.max} style={{ width: '100%' }} />;
    case 'decimal':
      return <InputNumber<string> {...control} stringMode precision={field.scale ?? 2} style={{ width: '100%' }} />;
    case 'boolean':
      return <Switch {...control} />;
    case 'enum':
      // Typing narrows the choices, so the keyboard reaches any value without the mouse.
      return <Select {...control} showSearch={{ optionFilterProp: 'label' }} options={(field.enumValues ?? []).map((v) => ({ value: v.value, label: v.label }))} />;
    case 'date':
      return <DateInput {...control} />;
    case 'reference':
      // An account shows as its code and name (an asset category's three accounts).
      if (field.reference === 'accounts') return <AccountSelect {...control} />;
      return field.reference ? <OptionSelect {...control} resource={field.reference} {...(field.optionsWhere ? { where: (option) => offeredBy(field, option) } : {})} /> : null;
    case 'email':
      return <Input {...control} type="email" maxLength={200} />;
    case 'url':
      return <Input {...control} type="url" maxLength={500} />;
    case 'phone':
      return <Input {...control} type="tel" maxLength={field.maxLength} />;
    default:
      return <Input {...control} maxLength={field.maxLength} />;
  }
}

/**
 * Initial form values: a row's values for edit; for create, `given` (the list's filters: a new
 * row of the item whose rows are listed), the declared defaults, and what follows another field.
 */
export function initialValuesOf(fields: readonly FieldDeclaration[], row?: Record<string, unknown>, given: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (row) values[field.name] = row[field.name] ?? undefined;
    else if (given[field.name] !== undefined && given[field.name] !== null) values[field.name] = given[field.name];
    else if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
    else if (field.kind === 'boolean') values[field.name] = false;
  }
  if (!row) for (const field of fields) if (field.follows) values[field.name] = field.follows.valueOf(values[field.follows.field]);
  return values;
}

/** The following fields a stored row holds apart from what they would follow: someone set them, and an edit keeps them. */
export function setApartFields(fields: readonly FieldDeclaration[], row: Record<string, unknown> | undefined): string[] {
  if (!row) return [];
  return fields.filter((field) => field.follows && row[field.name] !== field.follows.valueOf(row[field.follows.field])).map((field) => field.name);
}

/** The fields whose value follows `changed` and that the user has not set themselves, with their new values. */
export function followingValues(fields: readonly FieldDeclaration[], changed: Record<string, unknown>, isSetByUser: (name: string) => boolean): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.follows && field.follows.field in changed && !isSetByUser(field.name)) values[field.name] = field.follows.valueOf(changed[field.follows.field]);
  }
  return values;
}

/**
 * Form values -> request body. Create omits empty optional fields; update sends null for a
 * cleared optional field so that clearing sticks (updates are partial).
 */
export function bodyOf(fields: readonly FieldDeclaration[], values: Record<string, unknown>, mode: 'create' | 'update'): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null) {
      if (mode === 'update' && !field.required) body[field.name] = null;
      else if (field.required) body[field.name] = undefined;
      continue;
    }
    body[field.name] = value;
  }
  return body;
}
