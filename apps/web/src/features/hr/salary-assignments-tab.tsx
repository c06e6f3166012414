import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDecimal, type SalaryAssignmentLine, salaryAssignmentInputSchema, salaryAssignments, salaryAssignmentUpdateSchema } from '@erp/domain';
import { Button, Flex, InputNumber, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import type { ResourceRow } from '../../components/resource/resource-api.ts';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { LinesResourceForm } from './lines-resource-form.tsx';

const empty = (value: unknown) => value === undefined || value === null || value === '';

/** An assignment's lines as one line of text: "HRA 40 %, CONVEYANCE 250.00". */
function linesSummary(row: ResourceRow): string {
  return ((row.lines as SalaryAssignmentLine[] | undefined) ?? [])
    .map((line) => `${line.code}${line.percent ? ` ${formatDecimal(line.percent, 4).replace(/\.?0+$/, '')} %` : line.amount ? ` ${formatDecimal(line.amount)}` : ''}`)
    .join(', ');
}

function AssignmentLines() {
  return (
    <Form.List name="lines">
      {(lines, { add, remove }) => (
        <Flex vertical gap={8}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Components
          </Typography.Title>
          <Typography.Text type="secondary">BASIC is paid from the basic above. A line without an amount or percent takes the component&apos;s own.</Typography.Text>
          {lines.map((line, index) => (
            <Flex key={line.key} gap={8} align="start" wrap>
              <Form.Item name={[line.name, 'componentId']} label={`Component ${index + 1}`} style={{ flex: '2 1 200px', marginBottom: 0 }}>
                <OptionSelect resource="salary-components" placeholder="Component" />
              </Form.Item>
              <Form.Item name={[line.name, 'amount']} label="Amount" style={{ flex: '1 1 120px', marginBottom: 0 }}>
                <InputNumber<string> stringMode precision={2} min="0" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name={[line.name, 'percent']} label="Percent" style={{ flex: '1 1 100px', marginBottom: 0 }}>
                <InputNumber<string> stringMode precision={4} min="0" style={{ width: '100%' }} />
              </Form.Item>
              <Button aria-label={`Remove component ${index + 1}`} icon={<MinusCircleOutlined />} onClick={() => remove(line.name)} style={{ marginTop: 30 }} />
            </Flex>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({})} style={{ alignSelf: 'flex-start' }}>
            Add component
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** Salary assignments: dated, each with its basic and component lines; a raise is a new assignment. */
export function SalaryAssignmentsTab() {
  return (
    <ResourceListScreen
      resource={salaryAssignments}
      extraColumns={[{ key: 'lines', title: 'Components', render: (_: unknown, row: ResourceRow) => linesSummary(row) }]}
      renderForm={(props) => (
        <LinesResourceForm
          {...props}
          resource={salaryAssignments}
          linesKey="lines"
          schemas={{ create: salaryAssignmentInputSchema, update: salaryAssignmentUpdateSchema }}
          linesOf={(row) => ((row?.lines as SalaryAssignmentLine[] | undefined) ?? []).map((line) => ({ componentId: line.componentId, amount: line.amount ?? undefined, percent: line.percent ?? undefined }))}
          linesBody={(lines) =>
            lines
              .filter((line) => !empty(line.componentId))
              .map((line) => ({ componentId: line.componentId, ...(empty(line.amount) ? {} : { amount: line.amount }), ...(empty(line.percent) ? {} : { percent: line.percent }) }))
          }
        >
          <AssignmentLines />
        </LinesResourceForm>
      )}
    />
  );
}
