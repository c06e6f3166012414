import { salesMessages } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { creditOf, nothingToReturn, returnFormProblems, rowsFromInvoice, rowsFromReturn } from './sales-return-checks.ts';
import { draftReturn, ok, postedInvoice } from './sales-return-fixtures.ts';
import { SalesReturnForm } from './sales-return-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const quantityOf = (line: number) => screen.getByRole('spinbutton', { name: `Line ${line} quantity` });
const rowOf = (line: number) => screen.getByTestId(`sales-return-line-${line}`);
const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post' || c.method === 'put').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

describe('the sales return form’s checks', () => {
  it('refuses more than sold less returned over the rows of one line, restocking an expired lot, dates out of range, and nothing to return', () => {
    const expired = { ...postedInvoice, lines: postedInvoice.lines.map((l) => (l.id === 31 ? { ...l, lot: { ...l.lot, dateExpiry: '2026-01-31' } } : l)) };
    const problems = returnFormProblems(
      {
        invoiceId: 7,
        returnDate: '2026-02-10',
        lines: [
          { invoiceLineId: 31, quantity: 4, condition: 'writeOff' },
          { invoiceLineId: 31, quantity: 3, condition: 'restock' },
          { invoiceLineId: 32, quantity: 0, condition: 'restock' },
        ],
      },
      expired,
      '2026-02-10',
    );
    expect(problems).toEqual({ 'lines.1.quantity': salesMessages.overReturn(10, 4), 'lines.1.condition': salesMessages.restockExpired('L-71', '2026-01-31') });
    const one = [{ invoiceLineId: 32, quantity: 1, condition: 'restock' as const }];
    expect(returnFormProblems({ invoiceId: 7, returnDate: '2026-02-11', lines: one }, postedInvoice, '2026-02-10')).toEqual({ returnDate: salesMessages.returnDateFuture });
    expect(returnFormProblems({ invoiceId: 7, returnDate: '2026-01-14', lines: one }, postedInvoice, '2026-02-10')).toEqual({ returnDate: salesMessages.returnBeforeInvoice('2026-01-15') });
    expect(returnFormProblems({ invoiceId: 7, returnDate: '2026-02-10', lines: [{ invoiceLineId: 32, quantity: 0 }] }, postedInvoice, '2026-02-10')).toEqual({ lines: nothingToReturn });
  });

  it('offers the lines with something left to return and credits each its share of the line (cumulative rounding, as the server)', () => {
    expect(rowsFromInvoice(postedInvoice).map((r) => r.invoiceLineId)).toEqual([31, 32]);
    expect(rowsFromReturn(draftReturn, postedInvoice)).toEqual([
      { invoiceLineId: 32, quantity: 1, condition: 'writeOff' },
      { invoiceLineId: 31, quantity: 0, condition: 'restock' },
    ]);
    // 2 of 3 gloves (7.50, tax 1.28): 5.00 and 0.85; 6 of 10 reagent: 240.00 and 40.80.
    expect(
      creditOf(
        [
          { invoiceLineId: 32, quantity: 2, condition: 'restock' },
          { invoiceLineId: 31, quantity: 6, condition: 'restock' },
        ],
        postedInvoice,
      ),
    ).toEqual({ quantity: 8, subtotal: '245.00', taxAmount: '41.65', furtherTaxAmount: '0.00', grandTotal: '286.65' });
  });
});

describe('the sales return form', () => {
  it('starts from the invoice’s returnable lines, refuses a return above returnable on the line and sends nothing, then posts the rows entered', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/invoices/7') return ok({ data: postedInvoice });
      if (config.url === '/api/sales-returns' && config.method === 'post') return ok({ message: 'Sales return posted', data: { ...draftReturn, id: 40, status: 'posted' } }, 201);
      return ok({ options: [{ id: 7, name: 'INV-2026-000007 · City Hospital', invoiceId: 7, createdAt: '2026-01-15T09:00:00.000Z', customerId: 4, openAmount: '289.58' }], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<SalesReturnForm invoiceId={7} onDone={onDone} />, { auth: authOf(userOf('inventorySupervisor')) });
    expect(await screen.findByText('City Hospital')).toBeInTheDocument();
    // The fully returned line is not offered.
    expect(screen.queryByText('Control')).not.toBeInTheDocument();
    expect(within(rowOf(1)).getByText(/sold 10, returned 4, returnable 6/)).toBeInTheDocument();
    expect(within(rowOf(1)).getByText(/lot L-71/)).toBeInTheDocument();
    expect(quantityOf(1)).toHaveValue('0');

    await userEvent.clear(quantityOf(1));
    await userEvent.type(quantityOf(1), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await within(rowOf(1)).findByText(salesMessages.overReturn(10, 4))).toBeInTheDocument();
    expect(sentBodies()).toHaveLength(0);

    await userEvent.clear(quantityOf(1));
    await userEvent.type(quantityOf(1), '5');
    // The rest of the line written off on a row of its own.
    await userEvent.click(screen.getByRole('button', { name: 'Split line 1' }));
    expect(quantityOf(2)).toHaveValue('1');
    await userEvent.type(quantityOf(3), '2');
    // 6 of 10 reagent: 240.00 + 40.80; 2 of 3 gloves: 5.00 + 0.85.
    await waitFor(() => expect(screen.getByTestId('sales-return-totals')).toHaveTextContent('Credit 286.65'));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(40));
    expect(sentBodies()).toEqual([
      {
        invoiceId: 7,
        returnDate: expect.any(String) as string,
        reason: '',
        notes: '',
        lines: [
          { invoiceLineId: 31, quantity: 5, condition: 'restock' },
          { invoiceLineId: 31, quantity: 1, condition: 'writeOff' },
          { invoiceLineId: 32, quantity: 2, condition: 'restock' },
        ],
        post: true,
      },
    ]);
  });

  it('puts the server’s refusal on the row it came from (rows at 0 are not sent)', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/invoices/7') return ok({ data: postedInvoice });
      if (config.method === 'put') return { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { 'lines.0.quantity': salesMessages.overReturn(3, 3) } } };
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<SalesReturnForm salesReturn={draftReturn} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('City Hospital')).toBeInTheDocument();
    // The draft's row first, then the invoice's other returnable line at 0.
    expect(quantityOf(1)).toHaveValue('1');
    expect(quantityOf(2)).toHaveValue('0');
    await userEvent.clear(quantityOf(1));
    await userEvent.type(quantityOf(1), '0');
    await userEvent.type(quantityOf(2), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(rowOf(2)).findByText(salesMessages.overReturn(3, 3))).toBeInTheDocument();
    expect(sentBodies()).toEqual([{ invoiceId: 7, returnDate: '2026-02-01', reason: '', notes: '', lines: [{ invoiceLineId: 31, quantity: 1, condition: 'restock' }] }]);
  });
});
