import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { PaySlipsScreen } from './pay-slips-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const slip = {
  id: 1,
  payRunId: 1,
  payRunNumber: 'PR-2026-000001',
  employeeId: 1,
  employeeCode: 'EMP-0001',
  employeeName: 'Zainab Malik',
  month: '2026-11',
  paidDays: '30',
  lines: [],
  gross: '100000.00',
  deductions: '8000.00',
  employerCost: '110000.00',
  rounding: '0.00',
  net: '92000.00',
  paidAmount: '0.00',
  held: false,
  flags: [],
  status: 'posted',
};

describe('the pay slips list', () => {
  it('shows a totals row with the employer cost the dashboard\'s Payroll cost counts', async () => {
    api = mockApi((config) =>
      config.url === '/api/pay-slips'
        ? {
            status: 200,
            data: { status: 200, message: 'OK', data: [slip], totals: { count: 97, gross: '35000000.00', deductions: '1000000.00', employerCost: '35084719.66', net: '27626954.00', paid: '0.00', open: '27626954.00' } },
          }
        : { status: 200, data: { status: 200, message: 'OK', total: 0, data: [] } },
    );
    renderWithApp(
      <Routes>
        <Route path="/pay-slips/*" element={<PaySlipsScreen />} />
      </Routes>,
      { auth: authOf(userOf('admin')), path: '/pay-slips?view=latestPosted' },
    );
    const row = await screen.findByTestId('slip-totals');
    expect(within(row).getByText('All 97 slips')).toBeInTheDocument();
    const header = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    const cells = [...row.querySelectorAll('td')];
    const span = Number(cells[0]!.getAttribute('colspan') ?? 1);
    // The summary's cells after the label line up with the header's columns.
    const under = (title: string) => cells[header.indexOf(title) - span + 1]!.textContent;
    expect(under('Employer cost')).toBe('35,084,719.66');
    expect(under('Net')).toBe('27,626,954.00');
  });
});
