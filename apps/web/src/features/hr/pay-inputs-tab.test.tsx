import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { PayInputsTab } from './pay-inputs-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (body: object) => ({ status: 200, data: { status: 200, message: 'OK', ...body } });
const rows = [
  { employeeId: 1, employeeCode: 'EMP-0001', employeeName: 'Imran Qureshi', regionName: 'Lahore', departmentName: 'Service', unpaidLeaveDays: '0', overtimeHours: '0', incentives: '0.00' },
  { employeeId: 2, employeeCode: 'EMP-0002', employeeName: 'Sana Javed', regionName: 'Lahore', departmentName: 'Service', unpaidLeaveDays: '2.00', overtimeHours: '0', incentives: '0.00' },
];

describe("the month's pay inputs", () => {
  it('show every employee of the month and save only the rows changed, for the month shown', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/pay-inputs/grid' && config.method === 'get') return ok({ data: rows, total: 2 });
      if (config.url === '/api/pay-inputs/grid' && config.method === 'put') return ok({ message: 'Saved', saved: 1 });
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<PayInputsTab />, { auth: authOf(userOf('accountant')) });
    const overtime = await screen.findByRole('spinbutton', { name: 'Overtime hours of Imran Qureshi' });
    expect(screen.getByRole('spinbutton', { name: 'Unpaid leave days of Sana Javed' })).toHaveValue('2.00');
    const month = screen.getByRole('textbox', { name: 'Month (YYYY-MM)' });
    await userEvent.clear(month);
    await userEvent.type(month, '2026-03');
    await userEvent.click(screen.getByRole('button', { name: 'Show month' }));
    await waitFor(() => expect(api!.calls.some((c) => c.method === 'get' && (c.params as { month?: string } | undefined)?.month === '2026-03')).toBe(true));
    await userEvent.clear(overtime);
    await userEvent.type(overtime, '6.5');
    await userEvent.click(screen.getByRole('button', { name: /save 1 changed/i }));
    await waitFor(() => expect(api!.calls.some((c) => c.method === 'put')).toBe(true));
    const put = api!.calls.find((c) => c.method === 'put')!;
    expect(JSON.parse(String(put.data))).toEqual({ month: '2026-03', rows: [{ employeeId: 1, unpaidLeaveDays: '0', overtimeHours: '6.5', incentives: '0.00' }] });
  });

  it('are read only for the auditor: no inputs, no save, no import', async () => {
    api = mockApi(() => ok({ data: rows, total: 2 }));
    renderWithApp(<PayInputsTab />, { auth: authOf(userOf('auditor')) });
    expect(await screen.findByText('Imran Qureshi')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /import/i })).toBeNull();
  });
});
