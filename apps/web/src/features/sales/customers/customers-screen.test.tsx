import type { Role } from '@erp/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { CustomersScreen } from './customers-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const row = (id: number, customerName: string, balance: string, creditLeft: string) => ({
  id,
  customerName,
  customerType: 'hospital',
  regionId: 1,
  region: { id: 1, regionName: 'Lahore' },
  cityId: null,
  city: null,
  phone: '',
  creditLimit: '1500000.00',
  paymentTermsDays: 30,
  salespersonId: null,
  salesperson: null,
  active: true,
  accountId: 40 + id,
  balance,
  creditLeft,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

function serve() {
  api = mockApi((config: InternalAxiosRequestConfig) =>
    config.url === '/api/customers'
      ? {
          status: 200,
          data: {
            status: 200,
            message: 'OK',
            data: [{ ...row(1, 'Chughtai Lab', '1420000.00', '80000.00'), bouncedCheques: 2 }, row(2, 'Overpaid Clinic', '-2500.50', '1502500.50'), row(3, 'Over Limit Hospital', '1600000.00', '-100000.00')],
            total: 3,
          },
        }
      : { status: 404, data: { status: 404, message: 'Not found' } },
  );
}

async function rowOf(name: string) {
  return (await screen.findByText(name)).closest('tr') as HTMLElement;
}

describe('/customers', () => {
  it('shows the balance as Dr / Cr (spec section 9) and the credit left, the excess in the error colour', async () => {
    serve();
    renderWithApp(<CustomersScreen />, { auth: authOf(userOf('accountant')) });
    const chughtai = await rowOf('Chughtai Lab');
    expect(within(chughtai).getByText('1,420,000.00 Dr')).toBeInTheDocument();
    expect(within(chughtai).getByText('80,000.00')).toBeInTheDocument();
    expect(within(await rowOf('Overpaid Clinic')).getByText('2,500.50 Cr')).toBeInTheDocument();
    const over = within(await rowOf('Over Limit Hospital')).getByText('-100,000.00');
    expect(over.closest('.ant-typography-danger')).not.toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Credit left' })).toBeInTheDocument();
    // Its bounced cheques, in the error colour (issue 9).
    expect(screen.getByRole('columnheader', { name: 'Bounced cheques' })).toBeInTheDocument();
    expect(within(chughtai).getByText('2').closest('.ant-typography-danger')).not.toBeNull();
  });

  it.each<[Role, boolean]>([
    ['accountant', true],
    ['salesExecutive', true],
    ['operationManager', true],
    ['auditor', true],
    ['serviceEngineer', false],
    ['serviceManager', false],
  ])('links each row to its ledger only for roles with /ledger/:accountId (%s: %s)', async (role, linked) => {
    serve();
    renderWithApp(<CustomersScreen />, { auth: authOf(userOf(role)) });
    const chughtai = await rowOf('Chughtai Lab');
    const link = within(chughtai).queryByRole('link', { name: /Ledger/ });
    if (linked) expect(link).toHaveAttribute('href', '/ledger/41');
    else expect(link).toBeNull();
  });
});

describe('/customers tax registrations', () => {
  it('shows the credit limit and tax registrations read-only to sales staff, writable to the accountant', async () => {
    serve();
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<CustomersScreen />, { auth: authOf(userOf('salesExecutive')) });
    await rowOf('Chughtai Lab');
    await user.click(screen.getByRole('button', { name: /New/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'NTN' })).toBeDisabled();
    expect(within(dialog).getByRole('spinbutton', { name: 'Credit limit' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toBeEnabled();
    unmount();
    renderWithApp(<CustomersScreen />, { auth: authOf(userOf('accountant')) });
    await rowOf('Chughtai Lab');
    await user.click(screen.getByRole('button', { name: /New/ }));
    expect(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'NTN' })).toBeEnabled();
  });
});
