import type { ResourceDeclaration } from '@erp/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resourceColumns } from '../../components/resource/resource-columns.tsx';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { AccountsScreen } from './accounts-screens.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('accounts', () => {
  it("links each row to its ledger and the header to the statements", async () => {
    api = mockApi((config) => {
      if (config.url === '/api/accounts')
        return {
          status: 200,
          data: {
            status: 200,
            message: 'OK',
            total: 1,
            data: [{ id: 3, accountCode: '1100', accountName: 'Cash in hand', headId: 1, head: { id: 1, headName: 'Assets' }, kind: 'cash', active: true }],
          },
        };
      return { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } };
    });
    renderWithApp(<AccountsScreen />, { auth: authOf(userOf('auditor')) });
    expect(await screen.findByText('Cash in hand')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ledger/i })).toHaveAttribute('href', '/ledger/3');
    expect(screen.getByRole('link', { name: /statements/i })).toHaveAttribute('href', '/accounting');
    expect(screen.queryByRole('button', { name: /new/i })).not.toBeInTheDocument();
  });

  it('opens on the bank and cash accounts from the address (the dashboard), with each balance and their total, and clears the filter', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/accounts')
        return {
          status: 200,
          data: {
            status: 200,
            message: 'OK',
            total: 1,
            totals: { balance: '1250.50' },
            data: [{ id: 3, accountCode: '1100', accountName: 'Cash in hand', headId: 1, head: { id: 1, headName: 'Assets' }, kind: 'cash', active: true, balance: '1250.50' }],
          },
        };
      return { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } };
    });
    renderWithApp(<AccountsScreen />, { auth: authOf(userOf('auditor')), path: '/accounts?cashAndBank=true&belowReorder=true' });
    const row = (await screen.findByText('Cash in hand')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('1,250.50 Dr');
    expect(screen.getByTestId('list-total-balance')).toHaveTextContent('1,250.50 Dr');
    const lists = () => api!.calls.filter((c) => c.url === '/api/accounts').map((c) => c.params as Record<string, unknown>);
    // Only the accounts' own named filter is taken from the address.
    expect(lists()[0]).toMatchObject({ cashAndBank: 'true' });
    expect(lists()[0]).not.toHaveProperty('belowReorder');
    await userEvent.click(screen.getAllByLabelText('Clear Cash and bank accounts')[0]!);
    await waitFor(() => expect(lists().at(-1)).not.toHaveProperty('cashAndBank'));
  });

  it("shows a date field's wire value as a calendar date", () => {
    const resource = {
      name: 'things',
      route: '/accounts',
      singular: 'thing',
      title: 'Things',
      nameField: 'name',
      defaultSort: { field: 'name', order: 'asc' },
      fields: [{ name: 'openedOn', label: 'Opened', kind: 'date' }],
    } as const satisfies ResourceDeclaration;
    const [column] = resourceColumns(resource, {});
    const render = (column as { render: (v: unknown, row: unknown) => unknown }).render;
    expect(render(undefined, { id: 1, openedOn: '2026-03-05' })).toBe('5 Mar 2026');
    expect(render(undefined, { id: 1, openedOn: null })).toBe('');
  });
});
