import type { AssetDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { AssetView } from './asset-view.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });

const asset: AssetDetail = {
  id: 12,
  status: 'active',
  documentNumber: 'FA-2026-000003',
  assetName: 'Delivery van',
  assetCategoryId: 2,
  assetCategoryName: 'Vehicles',
  regionId: 1,
  regionName: 'North',
  purchaseDate: '2026-01-15',
  cost: '12000.00',
  salvageValue: '0.00',
  usefulLifeMonths: 36,
  depreciationMethod: 'straightLine',
  custodianEmployeeId: 3,
  custodianUserId: null,
  custodianName: 'Ali Raza',
  paymentAccountId: 5,
  paymentAccountName: 'Cash in hand',
  vendorId: null,
  vendorName: null,
  notes: '',
  accumulatedDepreciation: '1000.00',
  bookValue: '11000.00',
  depreciatedThrough: '2026-03-31',
  disposalKind: null,
  disposalDate: null,
  disposalProceeds: null,
  disposalAccountId: null,
  disposalGain: null,
  postedAt: '2026-01-15T09:00:00.000Z',
  postedBy: 1,
  disposedAt: null,
  disposedBy: null,
  cancelledAt: null,
  cancelledBy: null,
  createdBy: 1,
  createdAt: '2026-01-15T09:00:00.000Z',
  updatedAt: '2026-01-15T09:00:00.000Z',
};

describe('asset view', () => {
  it('shows the book value and the schedule, and disposes by sale with its proceeds and account', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/assets/12/schedule') return ok({ data: [{ month: '2026-01', charge: '333.33', accumulated: '333.33', bookValue: '11666.67', posted: true }] });
      if (config.url === '/api/accounts/options') return ok({ options: [{ id: 6, name: 'Bank', accountName: 'Bank', accountCode: '1200', kind: 'bank', active: true }], hasMore: false });
      if (config.method === 'post' && config.url === '/api/assets/12/dispose') return ok({ message: 'Asset disposed', data: { ...asset, status: 'disposed' } });
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<AssetView asset={asset} onClose={() => undefined} />, { auth: authOf(userOf('admin')) });
    expect(screen.getByTestId('asset-book-value')).toHaveTextContent('11,000.00');
    expect(screen.getByText('Mar 2026')).toBeInTheDocument();
    expect(await screen.findByText('Jan 2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dispose asset' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Proceeds' }), '11500');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Received into/ }));
    await userEvent.click(await waitFor(() => screen.getAllByText('1200 Bank').find((el) => el.closest('.ant-select-item-option'))!));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispose' }));

    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/assets/12/dispose')).toBe(true));
    const body = JSON.parse(api.calls.find((c) => c.url === '/api/assets/12/dispose')!.data as string) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'sale', proceeds: '11500', accountId: 6 });
    expect(typeof body.disposalDate).toBe('string');
  });

  it('sends no proceeds nor account for a write-off', async () => {
    api = mockApi((config) => {
      if (config.method === 'post' && config.url === '/api/assets/12/dispose') return ok({ message: 'Asset disposed', data: { ...asset, status: 'disposed' } });
      return ok({ data: [], options: [], hasMore: false });
    });
    renderWithApp(<AssetView asset={asset} onClose={() => undefined} />, { auth: authOf(userOf('admin')) });
    await userEvent.click(screen.getByRole('button', { name: 'Dispose asset' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByText('Write-off'));
    expect(within(dialog).queryByRole('spinbutton', { name: 'Proceeds' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispose' }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/assets/12/dispose')).toBe(true));
    expect(JSON.parse(api.calls.find((c) => c.url === '/api/assets/12/dispose')!.data as string)).toMatchObject({ kind: 'writeOff', proceeds: null, accountId: null });
  });
});
