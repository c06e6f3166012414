import { monthLabels, type PlanReconciliationRow } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { fetchReconciliation, planningKeys } from './planning-api.ts';

const sum = (months: readonly number[]) => months.reduce((a, b) => a + b, 0);
const quantity = (value: number) => <span style={{ color: value < 0 ? '#a8071a' : undefined }}>{value.toLocaleString('en-US')}</span>;

const monthRows = (row: Omit<PlanReconciliationRow, 'itemId' | 'itemName' | 'articleNumber'>) => [
  { key: 'region', label: 'Region plan', months: row.region },
  { key: 'customers', label: 'Customer plans', months: row.customers },
  { key: 'unallocatedCustomers', label: 'Unallocated to customers', months: row.unallocatedToCustomers },
  { key: 'salespeople', label: 'Salesperson plans', months: row.salespeople },
  { key: 'unallocatedSalespeople', label: 'Unallocated to salespeople', months: row.unallocatedToSalespeople },
];

/** One item's months: the region plan, the parts' sums and what each leaves unallocated. */
function MonthTable({ row }: { row: Omit<PlanReconciliationRow, 'itemId' | 'itemName' | 'articleNumber'> }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      scroll={{ x: 'max-content' }}
      dataSource={monthRows(row)}
      columns={[
        { key: 'label', title: 'Plan', dataIndex: 'label', fixed: 'left' },
        ...monthLabels.map((label, m) => ({ key: label, title: label, align: 'right' as const, render: (_: unknown, r: { months: number[] }) => quantity(r.months[m]!) })),
        { key: 'year', title: 'Year', align: 'right' as const, render: (_: unknown, r: { months: number[] }) => quantity(sum(r.months)) },
      ]}
    />
  );
}

/**
 * A region's year (issue 19, section 1): its region plan against the sum of its customer plans
 * and of its salesperson plans, per item (a row's months open under it) and in total, with
 * what is unallocated (red: the parts plan more than the region).
 */
export function PlanReconciliation({ year, regionId, regionName }: { year: number; regionId: number; regionName?: string }) {
  const [open, setOpen] = useState(false);
  const answer = useQuery({ queryKey: planningKeys.reconciliation(year, regionId), queryFn: () => fetchReconciliation(year, regionId), enabled: open });
  const data = answer.data;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Reconciliation</Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>Close</Button>} width={1100} title={`Reconciliation: ${regionName ?? 'region'} ${year}`} destroyOnHidden>
        {answer.isError && <Alert type="error" showIcon title={errorMessage(answer.error)} />}
        {data && (
          <>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 1, md: 3 }}
              items={[
                { key: 'region', label: 'Region plan', children: data.regionPlan ? `${data.regionPlan.documentNumber ?? 'Draft'} v${data.regionPlan.version} (${data.regionPlan.status})` : 'None' },
                { key: 'customers', label: 'Customer plans', children: data.customerPlans.length },
                { key: 'salespeople', label: 'Salesperson plans', children: data.salespersonPlans.length },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              Yearly quantities; open a row for its months. Unallocated = region plan less the sum of the parts (negative: the parts plan more).
            </Typography.Paragraph>
            <Table
              size="small"
              rowKey="itemId"
              dataSource={data.rows}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              expandable={{ expandedRowRender: (row) => <MonthTable row={row} /> }}
              columns={[
                { key: 'article', title: 'Article', dataIndex: 'articleNumber' },
                { key: 'item', title: 'Item', dataIndex: 'itemName', ellipsis: true },
                { key: 'region', title: 'Region plan', align: 'right', render: (_: unknown, row) => quantity(sum(row.region)) },
                { key: 'customers', title: 'Customers', align: 'right', render: (_: unknown, row) => quantity(sum(row.customers)) },
                { key: 'uc', title: 'Unallocated (customers)', align: 'right', render: (_: unknown, row) => quantity(sum(row.unallocatedToCustomers)) },
                { key: 'salespeople', title: 'Salespeople', align: 'right', render: (_: unknown, row) => quantity(sum(row.salespeople)) },
                { key: 'us', title: 'Unallocated (salespeople)', align: 'right', render: (_: unknown, row) => quantity(sum(row.unallocatedToSalespeople)) },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} />
                  <Table.Summary.Cell index={1} colSpan={2}>
                    Total
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {quantity(sum(data.totals.region))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {quantity(sum(data.totals.customers))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {quantity(sum(data.totals.unallocatedToCustomers))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    {quantity(sum(data.totals.salespeople))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} align="right">
                    {quantity(sum(data.totals.unallocatedToSalespeople))}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </>
        )}
      </Modal>
    </>
  );
}
