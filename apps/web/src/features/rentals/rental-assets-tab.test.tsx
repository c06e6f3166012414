import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { RentalsScreen } from './rentals-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const serve = () =>
  mockApi((config) =>
    config.url === '/api/rental-assets'
      ? { status: 200, data: { status: 200, message: 'OK', total: 0, data: [] } }
      : { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } },
  );
const listCalls = () => api!.calls.filter((c) => c.url === '/api/rental-assets');
const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/reagent-rentals/*" element={<RentalsScreen />} />
    </Routes>,
    { auth: authOf(userOf('admin')), path },
  );

describe('the rental assets tab', () => {
  it('lists with the status the address carries (the idle analysers figure), and shows it in the filter', async () => {
    api = serve();
    renderAt('/reagent-rentals?tab=assets&status=inStock');
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(listCalls().every((c) => (c.params as Record<string, unknown>).status === 'inStock')).toBe(true);
    expect(await screen.findByTitle('In stock')).toBeInTheDocument();
  });

  it('ignores a status that is none of the field values', async () => {
    api = serve();
    renderAt('/reagent-rentals?tab=assets&status=lost');
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect((listCalls()[0]!.params as Record<string, unknown>).status).toBeUndefined();
  });
});
