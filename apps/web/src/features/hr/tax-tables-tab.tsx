import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDecimal, type TaxSlab, taxTableInputSchema, taxTables, taxTableUpdateSchema } from '@erp/domain';
import { Button, Flex, InputNumber, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import type { ResourceRow } from '../../components/resource/resource-api.ts';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { LinesResourceForm } from './lines-resource-form.tsx';

const empty = (value: unknown) => value === undefined || value === null || value === '';

function TaxSlabs() {
  return (
    <Form.List name="slabs">
      {(slabs, { add, remove }) => (
        <Flex vertical gap={8}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Annual slabs
          </Typography.Title>
          <Typography.Text type="secondary">Tax on an annual income in a slab = fixed + rate % of the income above From. Leave To empty on the last slab.</Typography.Text>
          {slabs.map((slab, index) => (
            <Flex key={slab.key} gap={8} align="start" wrap>
              {(['from', 'to', 'fixed'] as const).map((name) => (
                <Form.Item key={name} name={[slab.name, name]} label={`${name === 'from' ? 'From' : name === 'to' ? 'To' : 'Fixed'} (slab ${index + 1})`} style={{ flex: '1 1 130px', marginBottom: 0 }}>
                  <InputNumber<string> stringMode precision={2} min="0" style={{ width: '100%' }} />
                </Form.Item>
              ))}
              <Form.Item name={[slab.name, 'rate']} label={`Rate % (slab ${index + 1})`} style={{ flex: '1 1 90px', marginBottom: 0 }}>
                <InputNumber<string> stringMode precision={4} min="0" max="100" style={{ width: '100%' }} />
              </Form.Item>
              <Button aria-label={`Remove slab ${index + 1}`} icon={<MinusCircleOutlined />} onClick={() => remove(slab.name)} style={{ marginTop: 30 }} />
            </Flex>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ fixed: '0', rate: '0' })} style={{ alignSelf: 'flex-start' }}>
            Add slab
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

function slabsSummary(row: ResourceRow): string {
  const slabs = (row.slabs as TaxSlab[] | undefined) ?? [];
  return `${slabs.length} slabs, top rate ${slabs.at(-1) ? formatDecimal(slabs.at(-1)!.rate, 4).replace(/\.?0+$/, '') : '0'} %`;
}

/** Income tax tables as data: a country's annual slabs from a date. */
export function TaxTablesTab() {
  return (
    <ResourceListScreen
      resource={taxTables}
      extraColumns={[{ key: 'slabs', title: 'Slabs', render: (_: unknown, row: ResourceRow) => slabsSummary(row) }]}
      renderForm={(props) => (
        <LinesResourceForm
          {...props}
          resource={taxTables}
          linesKey="slabs"
          schemas={{ create: taxTableInputSchema, update: taxTableUpdateSchema }}
          linesOf={(row) => ((row?.slabs as TaxSlab[] | undefined) ?? [{ from: '0', fixed: '0', rate: '0' }]).map((slab) => ({ ...slab, to: slab.to ?? undefined }))}
          linesBody={(slabs) => slabs.map((slab) => ({ from: slab.from ?? '', ...(empty(slab.to) ? {} : { to: slab.to }), fixed: slab.fixed ?? '0', rate: slab.rate ?? '0' }))}
        >
          <TaxSlabs />
        </LinesResourceForm>
      )}
    />
  );
}
