import { purchasingMessages } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { GoodsReceiptView } from './goods-receipt-view.tsx';
import { draftReceipt, ok } from './purchasing-fixtures.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const nearExpiry = purchasingMessages.nearExpiry(90);
const refusal = { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { 'lines.0.dateExpiry': nearExpiry } } };
const writes = () => (api?.calls ?? []).filter((c) => c.method === 'post' || c.method === 'put').map((c) => [c.method, c.url, c.data ? (JSON.parse(String(c.data)) as unknown) : undefined]);

describe('the goods receipt view of a stored draft', () => {
  it('names the storage unit of each line of goods kept cold, the default unit where none was named (issue 31)', async () => {
    api = mockApi((config) => (config.url === '/api/storage-units/options' ? ok({ options: [{ id: 4, name: 'North Fridge B' }], hasMore: false }) : ok({ options: [], hasMore: false })));
    const second = { ...draftReceipt.lines[0]!, lineNo: 2, lotNumber: 'L-78', storageUnitId: null };
    renderWithApp(<GoodsReceiptView receipt={{ ...draftReceipt, lines: [{ ...draftReceipt.lines[0]!, storageUnitId: 4 }, second] }} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByRole('columnheader', { name: 'Storage unit' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'North Fridge B' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Default unit' })).toBeInTheDocument();
  });

  it('shows under the lot the GTIN and serial of a line received by scanning (issue 32)', () => {
    api = mockApi(() => ok({ options: [], hasMore: false }));
    const scanned = { ...draftReceipt.lines[0]!, gtin: '04012345678901', serialNumber: 'SER42' };
    renderWithApp(<GoodsReceiptView receipt={{ ...draftReceipt, lines: [scanned] }} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(screen.getByText('GTIN 04012345678901 · serial SER42')).toBeInTheDocument();
  });

  it('asks before posting lots near expiry the draft was saved without confirming, then saves it with acceptNearExpiry and posts', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/goods-receipts/21/post') return refusal;
      if (config.url === '/api/goods-receipts/21' && config.method === 'put') return ok({ message: 'Goods receipt posted', data: { ...draftReceipt, status: 'posted', documentNumber: 'GRN-2026-000002' } });
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<GoodsReceiptView receipt={draftReceipt} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('button', { name: 'Post goods receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods near expiry?' });
    expect(within(dialog).getByText(/Line 1, lot L-77, expiry 30 Apr 2026/)).toHaveTextContent(nearExpiry);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive anyway' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()).toEqual([
      ['post', '/api/goods-receipts/21/post', undefined],
      [
        'put',
        '/api/goods-receipts/21',
        {
          purchaseOrderId: 5,
          receiptDate: '2026-03-10',
          notes: '',
          acceptNearExpiry: true,
          lines: [{ purchaseOrderLineId: 11, quantity: 3, lotNumber: 'L-77', dateExpiry: '2026-04-30' }],
          post: true,
        },
      ],
    ]);
    expect(await screen.findByText('Goods receipt posted')).toBeInTheDocument();
    expect(screen.queryByText('Some fields are not valid')).not.toBeInTheDocument();
  });

  it('posts nothing more when the user declines, and says which lots', async () => {
    api = mockApi((config) => (config.url === '/api/goods-receipts/21/post' ? refusal : ok({ options: [], hasMore: false })));
    renderWithApp(<GoodsReceiptView receipt={draftReceipt} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('button', { name: 'Post goods receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods near expiry?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent === `Line 1, lot L-77, expiry 30 Apr 2026: ${nearExpiry}`)).toBe(true));
    expect(writes()).toHaveLength(1);
  });
});

describe('a posted goods receipt', () => {
  it('shows what payments paid of it (issue 9): partly paid, and the amount', () => {
    api = mockApi(() => ok({ options: [], hasMore: false }));
    const posted = { ...draftReceipt, status: 'posted' as const, documentNumber: 'GRN-2026-000002', paidAmount: '100.00', openAmount: '200.00', paymentStatus: 'partlyPaid' as const };
    renderWithApp(<GoodsReceiptView receipt={posted} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(screen.getByText('Partly paid')).toBeInTheDocument();
    expect(screen.getByText('100.00 of 300.00')).toBeInTheDocument();
  });
});
