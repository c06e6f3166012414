import { screen } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ItemsScreen } from './items-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('/items', () => {
  it('offers the import from CSV or Excel to those who may write items, not to the auditor', async () => {
    api = mockApi((config: InternalAxiosRequestConfig) =>
      config.url === '/api/items' ? { status: 200, data: { status: 200, message: 'OK', data: [], total: 0 } } : { status: 404, data: { status: 404, message: 'Not found' } },
    );
    const { unmount } = renderWithApp(<ItemsScreen />, { auth: authOf(userOf('admin')) });
    expect(await screen.findByRole('button', { name: /Import/ })).toBeInTheDocument();
    unmount();
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('auditor')) });
    await screen.findByRole('heading', { name: 'Items' });
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
  });

  it('opens on the items below reorder level from the address (the dashboard), shown as a filter', async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, message: 'OK', data: [], total: 0 } }));
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('auditor')), path: '/items?belowReorder=true' });
    expect(await screen.findByText('Below reorder level')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/items')!.params).toMatchObject({ belowReorder: 'true' });
  });
});
