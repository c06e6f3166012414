import { compareDecimal, formatDecimal, type OpenDocument } from '@erp/domain';
import { Alert, Flex, type FormInstance, InputNumber, Table, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { TotalsBar } from '../../components/document/totals-row.tsx';
import { formatDate } from '../../lib/dates.ts';
import { type AllocationRow, allocationTotals } from './allocations.ts';

export interface AllocationsTableProps {
  form: FormInstance;
  /** The open documents the rows name (open invoices or bills), oldest due first. */
  targets: readonly OpenDocument[];
  /** What a target is called: 'Invoice', 'Goods receipt'. */
  targetLabel: string;
  /** The form field holding the money to spread ('amount'; the allocate modal's own). */
  amountName?: string;
  loading?: boolean;
  /** The refusal of the allocations as a whole (more than the money). */
  error?: string;
  /** Said when there is nothing open. */
  emptyText: string;
  /** What the money not allocated is called: a customer's or vendor's advance by default. */
  restLabel?: string;
  /**
   * A receipt's: each row also takes what the customer withheld (income tax always; sales tax
   * when `agent`, the customer a withholding agent, or when a row has some already).
   */
  withholding?: { agent: boolean };
  /** The targets' currency when not the company's (a foreign vendor's bills, issue 33): their totals, open amounts and the allocations are in it. */
  currency?: string;
}

type WithheldField = 'taxWithheld' | 'incomeTaxWithheld';

function withheldColumn(field: WithheldField, title: string, nameOf: (row: number) => string) {
  return {
    key: field,
    title,
    width: 150,
    render: (_: unknown, row: { name: number }) => (
      <Form.Item name={[row.name, field]} style={{ margin: 0 }}>
        <InputNumber<string> aria-label={`${title} on ${nameOf(row.name)}`} stringMode precision={2} min="0" placeholder="0.00" style={{ width: '100%', minWidth: 110 }} />
      </Form.Item>
    ),
  };
}

/** The money allocated and the rest, left on account as an advance (red when the rows add up to more than the money). */
function AdvanceBar({ form, amountName, restLabel }: { form: FormInstance; amountName: string; restLabel: string }) {
  const rows = (Form.useWatch('allocations', { form, preserve: true }) as AllocationRow[] | undefined) ?? [];
  const amount = Form.useWatch(amountName, { form, preserve: true }) as string | null | undefined;
  const { allocated, advance } = allocationTotals(rows, amount);
  const over = compareDecimal(advance, '0') < 0;
  return (
    <TotalsBar
      testId="allocation-totals"
      items={[
        { label: 'Allocated', value: allocated },
        { label: restLabel, value: over ? '0' : advance },
      ]}
      extra={over ? <Typography.Text type="danger">{formatDecimal(advance.replace('-', ''))} more than the amount</Typography.Text> : undefined}
    />
  );
}

/**
 * The allocations of a receipt or payment: one row per open document (number, dates, total,
 * open) with the amount allocated to it, editable. Rows are `allocations.N.amount` in the
 * form, N the row's place, so refusals land on their row.
 */
export function AllocationsTable({ form, targets, targetLabel, amountName = 'amount', loading, error, emptyText, restLabel = 'On account (advance)', withholding, currency }: AllocationsTableProps) {
  const inCurrency = (title: string) => (currency ? `${title} (${currency})` : title);
  const byId = new Map(targets.map((t) => [t.id, t]));
  const targetOf = (name: number) => byId.get((form.getFieldValue(['allocations', name, 'targetId']) as number | undefined) ?? 0);
  const nameOf = (name: number) => targetOf(name)?.documentNumber ?? `${targetLabel} ${name + 1}`;
  const rows = (Form.useWatch('allocations', { form, preserve: true }) as AllocationRow[] | undefined) ?? [];
  const taxShown = withholding !== undefined && (withholding.agent || rows.some((row) => (row.taxWithheld ?? '') !== ''));
  const withheldColumns = withholding
    ? [...(taxShown ? [withheldColumn('taxWithheld', 'Tax withheld', nameOf)] : []), withheldColumn('incomeTaxWithheld', 'Income tax withheld', nameOf)]
    : [];
  return (
    <Flex vertical gap={4}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Allocations
      </Typography.Title>
      <Form.List name="allocations">
        {(fields) => (
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            loading={loading}
            scroll={{ x: 'max-content' }}
            dataSource={fields}
            locale={{ emptyText }}
            onRow={(field) => ({ 'data-testid': `allocation-row-${field.name + 1}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { key: 'number', title: targetLabel, render: (_: unknown, field) => targetOf(field.name)?.documentNumber ?? `#${String(form.getFieldValue(['allocations', field.name, 'targetId']))}` },
              { key: 'date', title: 'Date', render: (_: unknown, field) => formatDate(targetOf(field.name)?.date) },
              { key: 'due', title: 'Due', render: (_: unknown, field) => formatDate(targetOf(field.name)?.dueDate) },
              { key: 'total', title: inCurrency('Total'), align: 'right', render: (_: unknown, field) => formatDecimal(targetOf(field.name)?.total ?? '0') },
              { key: 'open', title: inCurrency('Open'), align: 'right', render: (_: unknown, field) => formatDecimal(targetOf(field.name)?.openAmount ?? '0') },
              {
                key: 'amount',
                title: inCurrency('Allocate'),
                width: 180,
                render: (_: unknown, field) => (
                  <Form.Item name={[field.name, 'amount']} style={{ margin: 0 }}>
                    <InputNumber<string>
                      aria-label={`Allocate to ${nameOf(field.name)}`}
                      stringMode
                      precision={2}
                      min="0"
                      placeholder="0.00"
                      style={{ width: '100%', minWidth: 120 }}
                    />
                  </Form.Item>
                ),
              },
              ...withheldColumns,
            ]}
          />
        )}
      </Form.List>
      <AdvanceBar form={form} amountName={amountName} restLabel={restLabel} />
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Flex>
  );
}
