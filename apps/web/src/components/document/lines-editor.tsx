import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography, type FormListFieldData, type FormListOperation } from 'antd';
import { Form } from '../form.tsx';
import type { ReactNode } from 'react';
import { type LineColumn, LinesHeader, lineNumberStyle } from './line-columns.tsx';

export interface LinesEditorProps {
  /** The header over the lines, in the order renderLine puts its `LineCell`s. */
  columns: readonly LineColumn[];
  /** The declaration's minimum: a line cannot be removed below it. */
  min: number;
  /** A new line's values. */
  emptyLine: () => object;
  /** One line's cells, a `LineCell` per column holding `Form.Item name={[field.name, '<field>']}`, so the server's `lines.N.<field>` errors land on them. */
  renderLine: (field: FormListFieldData, index: number) => ReactNode;
  /** Under the lines: a totals row. */
  footer?: ReactNode;
  /** The refusal of the lines as a whole (`lines`: unbalanced, too few). */
  linesError?: string;
  /** For tests and styles: `<name>-line-N`. */
  testIdPrefix?: string;
  /** False when lines come from another document (a receipt's from its order): no Add line. */
  addable?: boolean;
  /** A line's own button before Remove (split a receipt line into another lot). */
  lineActions?: (field: FormListFieldData, index: number, operations: FormListOperation) => ReactNode;
}

/** The lines of any document: a header row, numbered rows, add and remove, a footer and the lines' own error. */
export function LinesEditor({ columns, min, emptyLine, renderLine, footer, linesError, testIdPrefix = 'document', addable = true, lineActions }: LinesEditorProps) {
  return (
    <Form.List name="lines">
      {(fields, operations) => {
        const { add, remove } = operations;
        return (
          <Flex vertical gap={4}>
            {fields.length > 0 && <LinesHeader columns={columns} buttons={lineActions ? 2 : 1} />}
            {fields.map((field, index) => (
              <div key={field.key} className="document-line document-line-cells" data-testid={`${testIdPrefix}-line-${index + 1}`}>
                <Typography.Text type="secondary" style={lineNumberStyle}>
                  {index + 1}
                </Typography.Text>
                {renderLine(field, index)}
                {lineActions?.(field, index, operations)}
                <Button aria-label={`Remove line ${index + 1}`} icon={<DeleteOutlined />} disabled={fields.length <= min} onClick={() => remove(field.name)} />
              </div>
            ))}
            {addable && (
              <div>
                <Button icon={<PlusOutlined />} onClick={() => add(emptyLine())}>
                  Add line
                </Button>
              </div>
            )}
            {footer}
            {linesError && <Alert type="error" showIcon title={linesError} role="alert" />}
          </Flex>
        );
      }}
    </Form.List>
  );
}
