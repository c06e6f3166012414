import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import type { JournalDetail } from './accounting-api.ts';
import { journalTotals } from './journal-checks.ts';
import { JournalForm } from './journal-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const accountOptions = {
  status: 200,
  message: 'OK',
  hasMore: false,
  options: [
    { id: 1, name: 'Cash in hand', accountId: 1, accountCode: '1100', accountName: 'Cash in hand', accountHead: 'Assets', subHead: null, region: null, active: true },
    { id: 2, name: 'Sales', accountId: 2, accountCode: '4000', accountName: 'Sales', accountHead: 'Income', subHead: null, region: null, active: true },
  ],
};

// A USD bank account beside the company-currency ones, the currencies, and the rate of 3 March 2026 (280).
const currencies = { options: [{ id: 1, name: 'Rupee', code: 'PKR', isCompany: true }, { id: 2, name: 'US dollar', code: 'USD', isCompany: false }], hasMore: false };
const usdOptions = { ...accountOptions, options: [...accountOptions.options, { id: 4, name: 'HBL USD', accountId: 4, accountCode: '1210', accountName: 'HBL USD', accountHead: 'Assets', subHead: null, region: null, active: true, currency: 'USD' }] };

function foreignApi(savedId: number) {
  return mockApi((config) => {
    if (config.url === '/api/accounts/options') return { status: 200, data: usdOptions };
    if (config.url === '/api/currencies/options') return { status: 200, data: currencies };
    if (config.url === '/api/exchange-rates/rate') return { status: 200, data: { data: { currency: 'USD', date: '2026-03-03', rate: '280.000000', rateDate: '2026-03-03', source: 'manual' } } };
    if (config.method === 'put') return { status: 200, data: { status: 200, message: 'Saved', data: { id: savedId } } };
    return { status: 404, data: { status: 404, message: 'Not found' } };
  });
}

/** A draft journal of 3 March 2026 with the given lines. */
const usdDraft = (id: number, total: string, lines: JournalDetail['lines']): JournalDetail => ({
  id, journalNumber: null, journalDate: '2026-03-03', narration: 'Dollars in', status: 'draft', totalDebit: total, totalCredit: total,
  postedAt: null, postedBy: null, postedByName: null, cancelledAt: null, cancelledBy: null, createdBy: 1, createdAt: '2026-03-03T09:00:00.000Z', updatedAt: '2026-03-03T09:00:00.000Z',
  reversalJournalId: null, reversesJournalId: null, lines,
}) as JournalDetail;

const lineField = (line: number, field: string) => screen.getByLabelText(`Line ${line} ${field}`).closest('.ant-form-item') as HTMLElement;

describe('journal lines editor', () => {
  it('sums exactly: 0.10 + 0.20 is 0.30, thirty times 0.10 is 3.00', () => {
    expect(journalTotals([{ debit: '0.10' }, { debit: '0.20' }, { credit: '0.30' }])).toMatchObject({ debit: '0.30', credit: '0.30', balanced: true });
    const many = Array.from({ length: 30 }, () => ({ debit: '0.10' }));
    expect(journalTotals([...many, { credit: '2.99' }])).toMatchObject({ debit: '3.00', difference: '0.01', balanced: false });
  });

  it('names its columns once, over the lines, out of the way of screen readers (each input names its own)', async () => {
    api = mockApi((config) => (config.url === '/api/accounts/options' ? { status: 200, data: accountOptions } : { status: 500, data: {} }));
    renderWithApp(<JournalForm onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    const header = screen.getByTestId('lines-header');
    expect([...header.children].map((cell) => cell.textContent)).toEqual(['', 'Account', 'Debit', 'Credit', 'Memo', '']);
    expect(header).toHaveAttribute('aria-hidden', 'true');
    // Below 768 px the header goes and each cell shows its label.
    expect(screen.getByLabelText('Line 2 credit').closest('.document-line-cell')).toHaveAttribute('data-label', 'Credit');
    await userEvent.click(screen.getByRole('button', { name: /add line/i }));
    expect(screen.getAllByTestId('lines-header')).toHaveLength(1);
  });

  it('shows live totals and the difference, and refuses an unbalanced journal and lines with both or neither side', async () => {
    api = mockApi((config) => (config.url === '/api/accounts/options' ? { status: 200, data: accountOptions } : { status: 500, data: {} }));
    renderWithApp(<JournalForm onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.type(screen.getByLabelText('Line 1 debit'), '100.10');
    await userEvent.type(screen.getByLabelText('Line 2 credit'), '0.20');
    const totals = screen.getByTestId('journal-totals');
    expect(totals).toHaveTextContent('Total debit 100.10');
    expect(totals).toHaveTextContent('Total credit 0.20');
    expect(totals).toHaveTextContent('Difference 99.90');

    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Debits (100.10) and credits (0.20) must be equal')).toBeInTheDocument();
    expect(within(lineField(1, 'account')).getByText('Account is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Line 2 debit'), '5');
    await userEvent.click(screen.getByRole('button', { name: /add line/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await within(lineField(2, 'credit')).findByText('A line takes either a debit or a credit, not both')).toBeInTheDocument();
    expect(within(lineField(3, 'debit')).getByText('A line needs a debit or a credit')).toBeInTheDocument();
    // Nothing was sent: the checks ran here first.
    expect(api.calls.filter((c) => c.method !== 'get')).toHaveLength(0);
    expect(screen.queryByText('Post this journal?')).not.toBeInTheDocument();
  });

  it("puts the server's per-line refusals (lines.1.accountId, lines.1.credit, journalDate) on those fields", async () => {
    const draft: JournalDetail = {
      id: 7,
      journalNumber: null,
      journalDate: '2026-01-15',
      narration: 'Opening cash',
      status: 'draft',
      totalDebit: '10.00',
      totalCredit: '10.00',
      postedAt: null,
      postedBy: null,
      postedByName: null,
      cancelledAt: null,
      cancelledBy: null,
      createdBy: 1,
      createdAt: '2026-01-15T09:00:00.000Z',
      updatedAt: '2026-01-15T09:00:00.000Z',
      reversalJournalId: null,
      reversesJournalId: null,
      lines: [
        { lineNo: 1, accountId: 1, account: { id: 1, accountCode: '1100', accountName: 'Cash in hand' }, debit: '10.00', credit: '0.00', memo: '' },
        { lineNo: 2, accountId: 2, account: { id: 2, accountCode: '4000', accountName: 'Sales' }, debit: '0.00', credit: '10.00', memo: 'cash sale' },
      ],
    };
    api = mockApi((config) => {
      if (config.url === '/api/accounts/options') return { status: 200, data: accountOptions };
      if (config.method === 'put' && config.url === '/api/journals/7')
        return {
          status: 400,
          data: {
            status: 400,
            message: 'Some fields are not valid',
            errors: {
              'lines.1.accountId': 'This account is not active',
              'lines.1.credit': 'Amounts cannot be negative',
              journalDate: 'The books are closed through 2026-01-31; choose a later date',
            },
          },
        };
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    const onDone = vi.fn();
    renderWithApp(<JournalForm journal={draft} onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('4000 Sales')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    const confirm = (await screen.findByText('Post this journal?')).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Post' }));
    expect(await within(lineField(2, 'account')).findByText('This account is not active')).toBeInTheDocument();
    expect(within(lineField(2, 'credit')).getByText('Amounts cannot be negative')).toBeInTheDocument();
    expect(screen.getByText('The books are closed through 2026-01-31; choose a later date')).toBeInTheDocument();
    expect(within(lineField(1, 'account')).queryByText('This account is not active')).not.toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'put');
    expect(JSON.parse(String(put?.data))).toEqual({
      journalDate: '2026-01-15',
      narration: 'Opening cash',
      lines: [
        { accountId: 1, debit: '10.00', credit: '', memo: '' },
        { accountId: 2, debit: '', credit: '10.00', memo: 'cash sale' },
      ],
      post: true,
    });
    expect(api.calls.filter((c) => c.method !== 'get')).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('hides the editing actions from the auditor', async () => {
    api = mockApi(() => ({ status: 200, data: accountOptions }));
    renderWithApp(<JournalForm onDone={vi.fn()} />, { auth: authOf(userOf('auditor')) });
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
  });

  it('a line on a USD account takes its USD amount at the date\'s rate, and its debit follows (100.00 at 280: 28,000.00)', async () => {
    const draft = usdDraft(8, '0.00', [
      { lineNo: 1, accountId: 4, account: { id: 4, accountCode: '1210', accountName: 'HBL USD' }, debit: '0.00', credit: '0.00', memo: '' },
      { lineNo: 2, accountId: 2, account: { id: 2, accountCode: '4000', accountName: 'Sales' }, debit: '0.00', credit: '0.00', memo: '' },
    ]);
    api = foreignApi(8);
    renderWithApp(<JournalForm journal={draft} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    const rate = await screen.findByLabelText('Line 1 rate (per USD)');
    await waitFor(() => expect(rate).toHaveValue('280.000000'));
    // The Sales line is kept in the company currency: no foreign fields.
    expect(screen.queryByLabelText('Line 2 debit in USD')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Line 1 debit in USD'), '100');
    await waitFor(() => expect(screen.getByLabelText('Line 1 debit')).toHaveValue('28000.00'));
    // A rate typed over the day's: the debit follows it.
    await userEvent.clear(rate);
    await userEvent.type(rate, '290');
    await waitFor(() => expect(screen.getByLabelText('Line 1 debit')).toHaveValue('29000.00'));
    await userEvent.clear(rate);
    await userEvent.type(rate, '280');
    await userEvent.type(screen.getByLabelText('Line 2 credit'), '28000');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'put')).toBe(true));
    const put = JSON.parse(String(api.calls.find((c) => c.method === 'put')?.data)) as { lines: unknown[] };
    expect(put.lines).toEqual([
      { accountId: 4, debit: '28000.00', credit: '', memo: '', currency: 'USD', exchangeRate: '280', foreignDebit: '100', foreignCredit: null },
      { accountId: 2, debit: '', credit: '28000', memo: '' },
    ]);
  });

  it('a saved draft opens with its foreign figures as saved, not the day\'s rate', async () => {
    const draft = usdDraft(9, '29000.00', [
      { lineNo: 1, accountId: 4, account: { id: 4, accountCode: '1210', accountName: 'HBL USD' }, debit: '29000.00', credit: '0.00', memo: '', currency: 'USD', exchangeRate: '290.000000', foreignDebit: '100.00', foreignCredit: '0.00' },
      { lineNo: 2, accountId: 2, account: { id: 2, accountCode: '4000', accountName: 'Sales' }, debit: '0.00', credit: '29000.00', memo: '' },
    ]);
    api = foreignApi(9);
    renderWithApp(<JournalForm journal={draft} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    const rate = await screen.findByLabelText('Line 1 rate (per USD)');
    await waitFor(() => expect(api?.calls.some((c) => c.url === '/api/exchange-rates/rate')).toBe(true));
    expect(rate).toHaveValue('290.000000');
    expect(screen.getByLabelText('Line 1 debit in USD')).toHaveValue('100.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'put')).toBe(true));
    const put = JSON.parse(String(api.calls.find((c) => c.method === 'put')?.data)) as { lines: unknown[] };
    expect(put.lines[0]).toEqual({ accountId: 4, debit: '29000.00', credit: '', memo: '', currency: 'USD', exchangeRate: '290.000000', foreignDebit: '100.00', foreignCredit: null });
  });
});
