import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { CustomersScreen } from '../sales/customers/customers-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const customer = (id: number, customerName: string, ntn: string | null) => ({
  id, customerName, customerType: 'hospital', regionId: 1, region: { id: 1, regionName: 'Lahore' }, active: true, accountId: 40 + id, ntn, cnic: null,
  registrationType: 'unregistered', balance: '0.00', creditLeft: '0.00', createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z',
});

function serve() {
  return mockApi((config) => {
    if (config.url === '/api/customers') return { status: 200, data: { status: 200, message: 'OK', data: [customer(1, 'Chughtai Lab', '0711234'), customer(2, 'Walk-in Clinic', null)], total: 2 } };
    if (config.url === '/api/customers/1/check-registration') return { status: 200, data: { status: 200, message: 'FBR says the customer is registered', data: { ...customer(1, 'Chughtai Lab', '0711234'), registrationType: 'registered' } } };
    return { status: 404, data: { status: 404, message: 'Not found' } };
  });
}

describe("FBR's registration check on /customers (another area's row action)", () => {
  it('asks FBR for a customer with an NTN, for a holder of customers:tax-facts, and says what FBR answered', async () => {
    api = serve();
    renderWithApp(<CustomersScreen />, { auth: authOf(userOf('accountant')) });
    const row = (await screen.findByText('Chughtai Lab')).closest('tr') as HTMLElement;
    await userEvent.click(await within(row).findByRole('button', { name: "Check Chughtai Lab's registration with FBR" }));
    expect(await screen.findByText('FBR says the customer is registered')).toBeInTheDocument();
    await waitFor(() => expect(api!.calls.filter((call) => call.url === '/api/customers').length).toBeGreaterThan(1));
    const walkIn = (await screen.findByText('Walk-in Clinic')).closest('tr') as HTMLElement;
    expect(within(walkIn).queryByRole('button', { name: /registration with FBR/ })).not.toBeInTheDocument();
  });

  it('is not offered to a role without the scope', async () => {
    api = serve();
    renderWithApp(<CustomersScreen />, { auth: authOf(userOf('salesExecutive')) });
    await screen.findByText('Chughtai Lab');
    expect(screen.queryByRole('button', { name: /registration with FBR/ })).not.toBeInTheDocument();
  });
});
