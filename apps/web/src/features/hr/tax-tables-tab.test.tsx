import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { TaxTablesTab } from './tax-tables-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (body: object) => ({ status: 200, data: { status: 200, message: 'OK', ...body } });
const table = {
  id: 4,
  country: 'PK',
  effectiveFrom: '2025-07-01',
  tableName: 'Salaried',
  slabs: [
    { from: '0.00', to: '600000.00', fixed: '0.00', rate: '0.0000' },
    { from: '600000.00', to: null, fixed: '0.00', rate: '1.0000' },
  ],
};

describe('tax tables', () => {
  it('are edited with their slabs, sent whole (the last open-ended), and the server refusals land on the slab', async () => {
    let puts = 0;
    api = mockApi((config) => {
      if (config.url === '/api/tax-tables' && config.method === 'get') return ok({ data: [table], total: 1 });
      if (config.url === '/api/tax-tables/4' && config.method === 'put') {
        puts += 1;
        if (puts === 1) return { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { 'slabs.1.from': 'A slab starts where the one before ends' } } };
        return ok({ message: 'Saved', data: table });
      }
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<TaxTablesTab />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('2 slabs, top rate 1 %')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /edit/i }));
    const drawer = await screen.findByRole('dialog');
    const rate = within(drawer).getByRole('spinbutton', { name: 'Rate % (slab 2)' });
    await waitFor(() => expect(rate).toHaveValue('1.0000'));
    await userEvent.clear(rate);
    await userEvent.type(rate, '2.5');
    await userEvent.click(within(drawer).getByRole('button', { name: /save/i }));
    expect(await within(drawer).findByText('A slab starts where the one before ends')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'put')!;
    expect(JSON.parse(String(put.data))).toMatchObject({
      country: 'PK',
      slabs: [
        { from: '0.00', to: '600000.00', fixed: '0.00', rate: '0.0000' },
        { from: '600000.00', fixed: '0.00', rate: '2.5' },
      ],
    });
    expect(JSON.parse(String(put.data)).slabs[1]).not.toHaveProperty('to');
  });
});
