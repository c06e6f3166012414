import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { PayRunForm } from './pay-run-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('the pay run form', () => {
  it("starts a region-limited user's run with their regions (the server refuses a run of none or others')", async () => {
    api = mockApi((config) => {
      if (config.url === '/api/regions/options') return { status: 200, data: { options: [{ id: 4, name: 'Lahore' }], hasMore: false } };
      if (config.url === '/api/pay-runs' && config.method === 'post') return { status: 201, data: { message: 'Pay run saved', data: { id: 12 } } };
      return { status: 200, data: { options: [], hasMore: false } };
    });
    const onDone = vi.fn();
    renderWithApp(<PayRunForm onDone={onDone} />, { auth: authOf(userOf('accountant', { permissions: { regions: [4] } })) });
    expect(await screen.findByText('Your regions: a run covers regions of yours only')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run payroll' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(12));
    const body = JSON.parse(String(api.calls.find((c) => c.method === 'post')!.data)) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'regular', regionIds: [4] });
  });
});
