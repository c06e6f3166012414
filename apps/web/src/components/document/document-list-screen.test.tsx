import type { JournalDetail } from '@erp/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalsScreen } from '../../features/accounting/journals-screen.tsx';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const journal = (id: number, status: JournalDetail['status'], journalNumber: string | null): JournalDetail & { documentNumber: string | null } => ({
  id,
  journalNumber,
  documentNumber: journalNumber,
  journalDate: '2026-03-04',
  narration: `Journal ${id}`,
  status,
  totalDebit: '12.50',
  totalCredit: '12.50',
  postedAt: status === 'draft' ? null : '2026-03-04T10:00:00.000Z',
  postedBy: 1,
  postedByName: 'Admin',
  cancelledAt: null,
  cancelledBy: null,
  reversalJournalId: null,
  reversesJournalId: null,
  createdBy: 1,
  createdAt: '2026-03-04T09:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  lines: [
    { lineNo: 1, accountId: 1, account: { id: 1, accountCode: '1000', accountName: 'Cash in hand' }, debit: '12.50', credit: '0.00', memo: '' },
    { lineNo: 2, accountId: 2, account: { id: 2, accountCode: '3000', accountName: 'Capital' }, debit: '0.00', credit: '12.50', memo: '' },
  ],
});

const rows = [journal(1, 'draft', null), journal(2, 'posted', 'JV-2026-000002')];

function serve(extra: (method: string, url: string) => { status: number; data: unknown } | undefined = () => undefined) {
  return mockApi((config) => {
    const answer = extra(config.method ?? 'get', config.url ?? '');
    if (answer) return answer;
    if (config.url === '/api/journals') return { status: 200, data: { status: 200, message: 'OK', total: 2, data: rows } };
    const one = /^\/api\/journals\/(\d+)$/.exec(config.url ?? '');
    if (one) return { status: 200, data: { status: 200, message: 'OK', data: rows.find((r) => r.id === Number(one[1])) } };
    return { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } };
  });
}

const renderAt = (path: string, role: Parameters<typeof userOf>[0]) =>
  renderWithApp(
    <Routes>
      <Route path="/journals/*" element={<JournalsScreen />} />
    </Routes>,
    { auth: authOf(userOf(role)), path },
  );

describe('the document list screen (journals)', () => {
  it('lists number, date, the type columns and the status; Edit only where allowedActions allows it', async () => {
    api = serve();
    renderAt('/journals', 'accountant');
    const draftRow = (await screen.findByText('Journal 1')).closest('tr') as HTMLElement;
    expect(within(draftRow).getByText('Draft', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(draftRow).getByRole('button', { name: /edit/i })).toBeInTheDocument();
    const postedRow = screen.getByText('JV-2026-000002').closest('tr') as HTMLElement;
    expect(within(postedRow).getByText('Posted')).toBeInTheDocument();
    expect(within(postedRow).getByText('12.50')).toBeInTheDocument();
    expect(within(postedRow).getByRole('button', { name: /view/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /new/i })).toBeInTheDocument();
    const query = api.calls.find((c) => c.url === '/api/journals')!.params as Record<string, unknown>;
    expect(query).toMatchObject({ page: 1, sort: 'journalDate', order: 'desc' });
  });

  it('starts from the filters a link puts in the address (a dashboard figure), ignoring unknown ones', async () => {
    api = serve();
    renderAt('/journals?status=posted&from=2026-03-01&to=2026-03-31&late=true', 'accountant');
    await screen.findByText('Journal 1');
    const query = api.calls.find((c) => c.url === '/api/journals')!.params as Record<string, unknown>;
    expect(query).toMatchObject({ status: 'posted', from: '2026-03-01', to: '2026-03-31' });
    expect(query).not.toHaveProperty('late');
  });

  it('gives the auditor no New and no Edit', async () => {
    api = serve();
    renderAt('/journals', 'auditor');
    const draftRow = (await screen.findByText('Journal 1')).closest('tr') as HTMLElement;
    expect(within(draftRow).getByRole('button', { name: /view/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new/i })).not.toBeInTheDocument();
  });

  it('opens a posted journal read-only with its totals row and the transitions the user may run', async () => {
    api = serve((method, url) => (method === 'post' && url === '/api/journals/2/cancel' ? { status: 200, data: { status: 200, message: 'Journal cancelled', data: { ...rows[1], status: 'cancelled' } } } : undefined));
    renderAt('/journals/2', 'accountant');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Journal JV-2026-000002')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
    const totals = within(drawer).getByText('Total').closest('tr') as HTMLElement;
    expect(within(totals).getAllByText('12.50')).toHaveLength(2);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel journal' }));
    const confirm = (await screen.findByText(/A reversing journal dated today will be posted/)).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Journal cancelled')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'post').map((c) => c.url)).toEqual(['/api/journals/2/cancel']);
  });

  it('shows the auditor no transition buttons, and the draft form to the accountant', async () => {
    api = serve();
    const { unmount } = renderAt('/journals/2', 'auditor');
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('Journal JV-2026-000002');
    expect(within(drawer).queryByRole('button', { name: 'Cancel journal' })).not.toBeInTheDocument();
    unmount();
    renderAt('/journals/1', 'accountant');
    expect(await screen.findByRole('button', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.getByText('Journal (draft)')).toBeInTheDocument();
  });
});
