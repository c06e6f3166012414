import { isPayMonth, isReadOnlyRole, type PayInputGrid, type PayInputGridRow, payInputs } from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, InputNumber, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ImportButton } from '../../components/import/import-button.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

type InputKey = 'unpaidLeaveDays' | 'overtimeHours' | 'incentives';

const inputColumns: { key: InputKey; title: string; max?: string }[] = [
  { key: 'unpaidLeaveDays', title: 'Unpaid leave days', max: '31' },
  { key: 'overtimeHours', title: 'Overtime hours' },
  { key: 'incentives', title: 'Incentives' },
];

const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * The month's inputs of every employee (issue 20): a grid of unpaid leave days, overtime hours
 * and incentives, saved together; or imported from CSV/Excel by employee code.
 */
export function PayInputsTab() {
  const { user } = useAuth();
  const canWrite = user !== undefined && !isReadOnlyRole(user.role);
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(thisMonth);
  const [monthText, setMonthText] = useState(month);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Map<number, PayInputGridRow>>(new Map());
  const grid = useQuery({
    queryKey: ['pay-inputs', 'grid', month, search, page],
    queryFn: async () => (await http.get<PayInputGrid>('/api/pay-inputs/grid', { params: { month, search: search || undefined, page, pageSize: 50 } })).data,
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: async () => {
      const rows = [...edits.values()].map(({ employeeId, unpaidLeaveDays, overtimeHours, incentives }) => ({ employeeId, unpaidLeaveDays, overtimeHours, incentives }));
      return (await http.put<{ message: string }>('/api/pay-inputs/grid', { month, rows })).data.message;
    },
    onSuccess: async (message) => {
      notify.success(message);
      setEdits(new Map());
      await queryClient.invalidateQueries({ queryKey: ['pay-inputs'] });
      await queryClient.invalidateQueries({ queryKey: [payInputs.name] });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  const valueOf = (row: PayInputGridRow, key: InputKey) => edits.get(row.employeeId)?.[key] ?? row[key];
  const edit = (row: PayInputGridRow, key: InputKey, value: string | null) =>
    setEdits((current) => new Map(current).set(row.employeeId, { ...(current.get(row.employeeId) ?? row), [key]: value ?? '0' }));

  const columns: ColumnsType<PayInputGridRow> = [
    { key: 'employeeCode', dataIndex: 'employeeCode', title: 'Code' },
    { key: 'employeeName', dataIndex: 'employeeName', title: 'Employee', ellipsis: true },
    { key: 'regionName', dataIndex: 'regionName', title: 'Region', responsive: ['md'] },
    { key: 'departmentName', dataIndex: 'departmentName', title: 'Department', responsive: ['lg'] },
    ...inputColumns.map((column) => ({
      key: column.key,
      title: column.title,
      width: 150,
      render: (_: unknown, row: PayInputGridRow) =>
        canWrite ? (
          <InputNumber<string>
            aria-label={`${column.title} of ${row.employeeName}`}
            stringMode
            precision={2}
            min="0"
            max={column.max}
            size="small"
            value={valueOf(row, column.key)}
            onChange={(value) => edit(row, column.key, value)}
            style={{ width: '100%' }}
          />
        ) : (
          valueOf(row, column.key)
        ),
    })),
  ];

  const pickMonth = () => {
    const text = monthText.trim();
    if (!isPayMonth(text)) return notify.error('Month must be a month (YYYY-MM)');
    setEdits(new Map());
    setPage(1);
    setMonth(text);
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>Monthly inputs</ScreenTitle>
        <Space wrap>
          {canWrite && <ImportButton kind="pay-inputs" title="Import pay inputs" onImported={() => void queryClient.invalidateQueries({ queryKey: ['pay-inputs'] })} />}
          {canWrite && (
            <Button type="primary" disabled={edits.size === 0} loading={save.isPending} onClick={() => save.mutate()}>
              Save {edits.size > 0 ? `${edits.size} changed` : ''}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={8} align="center">
        <Space.Compact>
          <Input aria-label="Month (YYYY-MM)" value={monthText} onChange={(event) => setMonthText(event.target.value)} onPressEnter={pickMonth} style={{ width: 120 }} />
          <Button onClick={pickMonth}>Show month</Button>
        </Space.Compact>
        <Input.Search aria-label="Search employees" placeholder="Search code or name" allowClear onSearch={(value) => (setSearch(value), setPage(1))} style={{ maxWidth: 280 }} />
        <Typography.Text type="secondary">Rows left at zero hold no inputs.</Typography.Text>
      </Flex>
      {grid.isError && <Alert type="error" showIcon title={errorMessage(grid.error)} />}
      <Table<PayInputGridRow>
        rowKey="employeeId"
        size="small"
        columns={columns}
        dataSource={grid.data?.data ?? []}
        loading={grid.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 50, total: grid.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
    </Flex>
  );
}
