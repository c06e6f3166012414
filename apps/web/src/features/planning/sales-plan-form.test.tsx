import type { SalesPlanDetail } from '@erp/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { SalesPlanForm } from './sales-plan-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: unknown) => ({ status: 200, data });
const months = (...values: number[]) => Array.from({ length: 12 }, (_, i) => values[i] ?? 0);

const draft: SalesPlanDetail = {
  id: 5,
  documentNumber: null,
  documentDate: '2027-01-01',
  year: 2027,
  regionId: 1,
  customerId: null,
  salespersonId: null,
  version: 1,
  revisionOf: null,
  notes: '',
  status: 'draft',
  totalQuantity: 30,
  totalValue: null,
  region: { regionName: 'North' },
  customer: null,
  salesperson: null,
  lines: [
    { id: 1, lineNo: 1, itemId: 7, months: months(10), unitPrice: null, quantity: 10, value: null, item: { itemName: 'CBC Reagent', articleNumber: 'C-1', unit: 'kit', categoryId: 1 } },
    { id: 2, lineNo: 2, itemId: 8, months: months(0, 20), unitPrice: null, quantity: 20, value: null, item: { itemName: 'Lyse', articleNumber: 'L-2', unit: 'kit', categoryId: 1 } },
  ],
};

function serve(onSave: (body: unknown) => { status: number; data: unknown }) {
  return mockApi((config) => {
    if (config.method === 'put' && config.url === '/api/sales-plans/5') return onSave(JSON.parse(String(config.data)));
    if (config.url === '/api/regions/options') return ok({ options: [{ id: 1, name: 'North' }], hasMore: false });
    if (config.url === '/api/seasonal-profiles') return ok({ data: [], total: 0 });
    return ok({ options: [], hasMore: false });
  });
}

describe('the sales plan form', () => {
  it('sends the grid as lines of 12 months and shows the server refusals of lines by line', async () => {
    const sent: unknown[] = [];
    api = serve((body) => {
      sent.push(body);
      return { status: 400, data: { status: 400, message: 'Please correct the highlighted fields', errors: { 'lines.1.itemId': 'The item is not approved; it cannot be planned until it is' } } };
    });
    renderWithApp(<SalesPlanForm plan={draft} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByLabelText('Mar C-1'));
    await userEvent.keyboard('4');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ year: 2027, regionId: 1, customerId: null, salespersonId: null, notes: '', lines: [{ itemId: 7, months: months(10, 0, 4) }, { itemId: 8, months: months(0, 20) }] });
    expect(await screen.findByText('Line 2 (L-2): The item is not approved; it cannot be planned until it is')).toBeInTheDocument();
  });

  it("tells the drawer's unsaved-changes guard when a tool changes the lines (no keystroke)", async () => {
    api = serve(() => ok({}));
    const typed = vi.fn();
    renderWithApp(
      <div onInputCapture={typed}>
        <SalesPlanForm plan={draft} onDone={vi.fn()} />
      </div>,
      { auth: authOf(userOf('accountant')) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove L-2' }));
    expect(typed).toHaveBeenCalled();
    expect(screen.queryByText('L-2')).not.toBeInTheDocument();
  });

  it('checks the plan before sending: a plan needs a line', async () => {
    api = serve(() => ok({}));
    renderWithApp(<SalesPlanForm plan={{ ...draft, lines: [] }} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('A sales plan needs at least one line')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'get')).toHaveLength(0);
  });
});
