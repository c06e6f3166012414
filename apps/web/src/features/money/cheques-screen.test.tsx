import { moneyMessages } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { todayWire } from '../../lib/dates.ts';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ChequesScreen } from './cheques-screen.tsx';
import { accountOptions, cheques, ok } from './money-fixtures.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const rowOf = (chequeNumber: string) => screen.getByText(chequeNumber).closest('tr') as HTMLElement;
const actionsOf = (chequeNumber: string) =>
  within(rowOf(chequeNumber))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent)
    .filter((name) => name !== 'View');

async function optionIn(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error(`No option ${text}`);
    return option.closest('.ant-select-item-option') as HTMLElement;
  });
}

function serve() {
  api = mockApi((config) => {
    if (config.url === '/api/cheques') return ok({ data: config.params?.view === 'bounced' ? [] : cheques, total: config.params?.view === 'bounced' ? 0 : 3 });
    if (config.url === '/api/cheques/summary')
      return ok({
        data: [
          { status: 'inHand', count: 1, total: '430.00' },
          { status: 'deposited', count: 1, total: '430.00' },
          { status: 'issued', count: 1, total: '430.00' },
          { status: 'bounced', count: 0, total: '0.00' },
        ],
        totals: { count: 3, total: '1290.00' },
        directions: [
          {
            direction: 'received',
            count: 2,
            total: '860.00',
            statuses: [
              { status: 'inHand', count: 1, total: '430.00' },
              { status: 'deposited', count: 1, total: '430.00' },
            ],
          },
          { direction: 'issued', count: 1, total: '430.00', statuses: [{ status: 'issued', count: 1, total: '430.00' }] },
        ],
      });
    if (config.url === '/api/accounts/options') return ok({ options: accountOptions, hasMore: false });
    if (config.url === '/api/cheques/1/deposit') {
      return { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { depositDate: moneyMessages.depositBeforeDate('2026-03-01') } } };
    }
    return ok({ options: [], hasMore: false });
  });
}

describe('the cheques screen', () => {
  it('shows the totals of the listed cheques and, per row, the actions its state allows', async () => {
    serve();
    renderWithApp(<ChequesScreen />, { auth: authOf(userOf('accountant', { scopes: ['cheques:cancel'] })), path: '/cheques' });
    expect(await screen.findByText('100200')).toBeInTheDocument();
    // Received and issued apart: money in is never added to money out.
    await waitFor(() => expect(screen.getByTestId('cheque-totals')).toHaveTextContent('All received (2)860.00'));
    expect(screen.getByTestId('cheque-totals')).toHaveTextContent('All issued (1)430.00');
    expect(screen.getByTestId('cheque-totals')).not.toHaveTextContent('1,290.00');
    expect(screen.getByTestId('cheque-totals')).toHaveTextContent('In hand (1)430.00');
    // In hand: deposit or bounce; deposited: clear or bounce; issued: clear or cancel.
    expect(actionsOf('100200')).toEqual(['Deposit cheque 100200', 'Bounce cheque 100200']);
    expect(actionsOf('100300')).toEqual(['Clear cheque 100300', 'Bounce cheque 100300']);
    expect(actionsOf('900001')).toEqual(['Clear cheque 900001', 'Cancel cheque 900001']);

    // The views ask the server for their cheques.
    await userEvent.click(screen.getByText('Bounced'));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/cheques' && c.params?.view === 'bounced')).toBe(true));
    expect(api!.calls.some((c) => c.url === '/api/cheques/summary' && c.params?.view === 'bounced')).toBe(true);
  });

  it('deposits from a modal sending the bank account and the date, and shows the server’s refusal of a date before the cheque’s', async () => {
    serve();
    renderWithApp(<ChequesScreen />, { auth: authOf(userOf('accountant')), path: '/cheques' });
    await userEvent.click(await screen.findByRole('button', { name: 'Deposit cheque 100200' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Bank account' }));
    // Only bank accounts are offered.
    await userEvent.click(await optionIn('1200 Main bank'));
    expect(screen.queryByText('1100 Cash in hand')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    const message = moneyMessages.depositBeforeDate('2026-03-01');
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    const sent = api!.calls.filter((c) => c.method === 'post');
    expect(sent.map((c) => [c.url, JSON.parse(String(c.data))])).toEqual([['/api/cheques/1/deposit', { bankAccountId: 2, depositDate: todayWire() }]]);
  });
});
