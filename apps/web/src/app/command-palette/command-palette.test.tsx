import type { SearchResult } from '@erp/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { CommandPalette } from './command-palette.tsx';

const record = (code: string): SearchResult => ({ type: 'invoices', id: Number(code.slice(-1)), code, title: 'City Hospital', subtitle: 'Invoice · 2026-11-26', status: 'posted', route: `/invoices/${code.slice(-1)}` });

let restore: (() => void) | undefined;
afterEach(() => restore?.());
beforeAll(() => {
  // cmdk scrolls the selected option into view; jsdom lays nothing out.
  Element.prototype.scrollIntoView ??= () => {};
});

describe('the command palette', () => {
  it('never lets an older answer replace a newer one', async () => {
    const pending = new Map<string, (results: SearchResult[]) => void>();
    const api = mockApi(
      (config) =>
        new Promise((resolve) => {
          pending.set(String((config.params as { q: string }).q), (results) => resolve({ status: 200, data: { status: 200, message: 'OK', results } }));
        }),
    );
    restore = api.restore;
    renderWithApp(<CommandPalette open onClose={() => {}} afterClose={() => {}} />, { auth: authOf(userOf('admin')) });
    const input = await screen.findByRole('combobox');

    await userEvent.type(input, 'INV-1');
    await waitFor(() => expect(pending.has('INV-1')).toBe(true));
    await userEvent.type(input, '2');
    await waitFor(() => expect(pending.has('INV-12')).toBe(true));

    await act(async () => pending.get('INV-12')!([record('INV-2026-000002')]));
    expect(await screen.findByRole('option', { name: /INV-2026-000002/ })).toBeInTheDocument();
    // The first request answers last: its result never shows.
    await act(async () => pending.get('INV-1')!([record('INV-2026-000001')]));
    expect(screen.queryByRole('option', { name: /INV-2026-000001/ })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /INV-2026-000002/ })).toBeInTheDocument();
  });

  it('offers the role’s screens and documents, and commands after >', async () => {
    renderWithApp(<CommandPalette open onClose={() => {}} afterClose={() => {}} />, { auth: authOf(userOf('salesExecutive')) });
    expect(await screen.findByRole('option', { name: 'New invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'New journal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Settings/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox'), '>');
    expect(screen.getByRole('option', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Assume role…' })).not.toBeInTheDocument();
  });

  it('finds the statements, tabs the menu leaves out, by title and common words', async () => {
    restore = mockApi(() => Promise.resolve({ status: 200, data: { status: 200, message: 'OK', results: [] } })).restore;
    renderWithApp(<CommandPalette open onClose={() => {}} afterClose={() => {}} />, { auth: authOf(userOf('accountant')) });
    const input = await screen.findByRole('combobox');
    for (const [typed, found] of [
      ['trial balance', 'Accounting: Trial balance'],
      ['TB', 'Accounting: Trial balance'],
      ['profit', 'Accounting: Profit and loss'],
      ['P&L', 'Accounting: Profit and loss by department'],
      ['balance sheet', 'Accounting: Balance sheet'],
      ['salary comp', 'Employees: Salary components'],
    ] as const) {
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      expect(await screen.findByRole('option', { name: found }), typed).toBeInTheDocument();
    }
  });

  it('offers a tab only to roles that may open its screen', async () => {
    renderWithApp(<CommandPalette open onClose={() => {}} afterClose={() => {}} />, { auth: authOf(userOf('salesExecutive')) });
    await userEvent.type(await screen.findByRole('combobox'), 'trial');
    expect(screen.queryByRole('option', { name: /Trial balance/ })).not.toBeInTheDocument();
  });
});
