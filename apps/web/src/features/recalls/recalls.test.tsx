import type { RecallDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { recallBodyOf, recallFormProblems } from './recall-checks.ts';
import { RecallForm } from './recall-form.tsx';
import { RecallView } from './recall-view.tsx';
import { RecallsTab } from './recalls-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (body: object) => ({ status: 200, data: { status: 200, message: 'OK', ...body } });

const recall = (overrides: Partial<RecallDetail> = {}): RecallDetail => ({
  id: 4,
  documentNumber: null,
  recallDate: '2026-11-20',
  recallClass: 'II',
  source: 'drapAlert',
  sourceReference: 'DRAP/QA/2026/118',
  sourceDate: '2026-11-18',
  reason: 'Out-of-specification haemoglobin readings',
  instructions: 'Stop using the lot.',
  notes: '',
  status: 'draft',
  openedAt: null,
  openedBy: null,
  reportDueDate: null,
  overdue: false,
  closedAt: null,
  closedBy: null,
  closingNotes: '',
  lines: [{ lineNo: 1, itemId: 7, lotNumber: 'L123', item: { itemName: 'CBC Reagent', articleNumber: 'CBC-9', unit: 'kit' }, dateExpiry: '2027-03-31', received: 100, onHand: 45 }],
  ...overrides,
});

const openRecall = recall({ id: 5, documentNumber: 'RCL-2026-000001', status: 'open', openedAt: '2026-11-21T09:00:00Z', reportDueDate: '2026-11-28', overdue: true });

function recallsApi(rows: RecallDetail[] = [recall(), openRecall]) {
  return mockApi((config) => {
    if (config.url === '/api/recalls' && config.method === 'get') return ok({ data: rows, total: rows.length });
    const one = /^\/api\/recalls\/(\d+)$/.exec(config.url ?? '');
    if (one) return ok({ data: rows.find((r) => r.id === Number(one[1])) });
    if (config.url?.endsWith('/reconciliation')) return ok({ data: { lines: [], totals: { received: 0, sold: 0, returned: 0, onHand: 0, destroyed: 0, returnedToSupplier: 0, writtenOff: 0, difference: 0 }, balanced: true } });
    if (config.url?.endsWith('/trace')) return ok({ data: { receipts: [], customers: [], invoices: [], returns: [], transfers: [], consignments: [], onHand: [], totals: {}, lines: [] } });
    if (config.url?.endsWith('/notices') || config.url?.endsWith('/disposals')) return ok({ data: [] });
    return ok({ options: [], hasMore: false });
  });
}

describe('the recalls tab', () => {
  it('lists recalls from the server: number or draft, class, source, reason, status and an overdue report', async () => {
    api = recallsApi();
    renderWithApp(<RecallsTab />, { auth: authOf(userOf('salesExecutive')), path: '/inventory?tab=recalls' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('RCL-2026-000001')).toBeInTheDocument();
    expect(within(table).getAllByText('Out-of-specification haemoglobin readings')).toHaveLength(2);
    expect(within(table).getAllByText('DRAP alert: DRAP/QA/2026/118')).toHaveLength(2);
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
    // The draft's number cell and its status.
    expect(within(table).getAllByText('Draft')).toHaveLength(2);
    const listed = api.calls.find((c) => c.url === '/api/recalls');
    expect(listed?.params).toMatchObject({ page: 1, sort: 'recallDate', order: 'desc' });
    // A reader without recalls:open starts none.
    expect(screen.queryByRole('button', { name: /^plus New$/ })).not.toBeInTheDocument();
    // Searching asks the server.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Recalls' }), 'L123{Enter}');
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/recalls' && (c.params as Record<string, unknown>).search === 'L123')).toBe(true));
  });

  it('offers New to a holder of recalls:open', async () => {
    api = recallsApi();
    renderWithApp(<RecallsTab />, { auth: authOf(userOf('operationManager')), path: '/inventory?tab=recalls' });
    expect(await screen.findByRole('button', { name: /^plus New$/ })).toBeInTheDocument();
  });
});

describe('the draft form', () => {
  it('names what is missing before sending anything', async () => {
    api = recallsApi();
    renderWithApp(<RecallForm onDone={vi.fn()} />, { auth: authOf(userOf('operationManager')) });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Class is required')).toBeInTheDocument();
    expect(screen.getByText('Reason is required')).toBeInTheDocument();
    expect(screen.getByText('Source reference is required unless the recall is internal')).toBeInTheDocument();
    expect(screen.getByText('Lot number is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('sends the API names and refuses a lot twice', () => {
    const values = { recallDate: '2026-11-20', recallClass: 'I' as const, source: 'internal' as const, sourceReference: '', reason: ' Leaking vials ', instructions: 'Stop', notes: '', lines: [{ itemId: 7, lotNumber: 'L1' }, { itemId: 7, lotNumber: 'L1' }] };
    expect(recallBodyOf(values)).toEqual({ recallDate: '2026-11-20', recallClass: 'I', source: 'internal', sourceReference: '', sourceDate: null, reason: 'Leaking vials', instructions: 'Stop', notes: '', lines: [{ itemId: 7, lotNumber: 'L1' }, { itemId: 7, lotNumber: 'L1' }] });
    expect(recallFormProblems(values)).toEqual({ 'lines.1.lotNumber': 'This lot is already a line of the recall' });
  });
});

describe('the recall view', () => {
  it('offers Open only to a holder of recalls:open', async () => {
    api = recallsApi();
    const { unmount } = renderWithApp(<RecallView recall={recall()} onClose={vi.fn()} />, { auth: authOf(userOf('operationManager')) });
    expect(await screen.findByRole('button', { name: 'Open recall' })).toBeInTheDocument();
    unmount();
    // The inventory supervisor records notices and disposals but does not open recalls.
    renderWithApp(<RecallView recall={recall()} onClose={vi.fn()} />, { auth: authOf(userOf('inventorySupervisor')) });
    expect(await screen.findByText('DRAP alert: DRAP/QA/2026/118')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open recall' })).not.toBeInTheDocument();
  });

  it("shows an open recall's reconciliation and its Close to a holder of recalls:close only", async () => {
    api = recallsApi();
    const { unmount } = renderWithApp(<RecallView recall={openRecall} onClose={vi.fn()} />, { auth: authOf(userOf('operationManager')) });
    expect(await screen.findByText('Every unit accounted for')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close recall' })).toBeInTheDocument();
    expect(screen.getByText('Report overdue')).toBeInTheDocument();
    unmount();
    renderWithApp(<RecallView recall={openRecall} onClose={vi.fn()} />, { auth: authOf(userOf('auditor')) });
    expect(await screen.findByText('Every unit accounted for')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close recall' })).not.toBeInTheDocument();
  });

  it('lists what stands in the way when the close is refused', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/recalls/5/close')
        return { status: 409, data: { status: 409, message: 'The recall cannot be closed yet', errors: { notices: 'No notice sent to Shifa Lab', onHand: 'Units still on hand: 30 of lot L123 in Lahore' } } };
      if (config.url?.endsWith('/reconciliation')) return ok({ data: { lines: [], totals: { difference: 0 }, balanced: true } });
      if (config.url?.endsWith('/trace')) return ok({ data: { receipts: [], customers: [], invoices: [], returns: [], transfers: [], consignments: [], onHand: [], totals: {}, lines: [] } });
      return ok({ data: [], options: [], hasMore: false });
    });
    renderWithApp(<RecallView recall={openRecall} onClose={vi.fn()} />, { auth: authOf(userOf('operationManager')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Close recall' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close recall' }));
    expect(await within(dialog).findByText('No notice sent to Shifa Lab')).toBeInTheDocument();
    expect(within(dialog).getByText('Units still on hand: 30 of lot L123 in Lahore')).toBeInTheDocument();
  });
});
