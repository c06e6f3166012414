import type { FieldDeclaration } from '@erp/domain';
import { Flex } from 'antd';
import { Form } from '../form.tsx';
import { ResourceFieldInput } from '../resource/resource-field.tsx';

// Short values (dates, numbers, pickers) take a narrow column; text takes the rest of the row.
const narrowKinds = new Set<FieldDeclaration['kind']>(['date', 'integer', 'decimal', 'enum', 'boolean']);

/**
 * A document's header inputs, from its declaration: label, required mark and input per field,
 * named as the API names them so the server's 400 `errors` land on them.
 */
export function DocumentHeaderFields({ fields, inputProps = {} }: { fields: readonly FieldDeclaration[]; inputProps?: Readonly<Record<string, Record<string, unknown>>> }) {
  return (
    <Flex gap={16} wrap>
      {fields
        .filter((field) => field.form !== false)
        .map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label} required={field.required} style={{ flex: narrowKinds.has(field.kind) ? '0 1 200px' : '1 1 280px' }}>
            <ResourceFieldInput field={field} {...inputProps[field.name]} />
          </Form.Item>
        ))}
    </Flex>
  );
}
