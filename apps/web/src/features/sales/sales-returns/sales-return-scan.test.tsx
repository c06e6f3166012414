import type { SalesReturnScan } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { invoiceFixture, invoiceLineFixture } from '../invoices/invoice-fixtures.ts';
import { withScannedUnit } from './sales-return-checks.ts';
import { ok, postedInvoice } from './sales-return-fixtures.ts';
import { SalesReturnForm } from './sales-return-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

/** A later sale of lot L-71 to City Hospital: line 41, 2 units. */
const laterInvoice = invoiceFixture({
  id: 8,
  documentNumber: 'INV-2026-000008',
  invoiceDate: '2026-02-01',
  customer: { customerName: 'City Hospital', address: 'Mall Road', phone: null, taxNumber: null, accountId: 90 },
  region: { regionName: 'North' },
  lines: [invoiceLineFixture({ id: 41, inventoryId: 71, quantity: 2, price: '40.00', amount: '80.00', taxAmount: '13.60', lot: { lotNumber: 'L-71', dateExpiry: '2099-12-31' } })],
});

const item = { id: 7, itemName: 'CBC Reagent', articleNumber: 'C-1' };
const onInvoice7 = { invoiceId: 7, documentNumber: 'INV-2026-000007', invoiceDate: '2026-01-15', invoiceLineId: 31, quantity: 10, returnedQuantity: 4, returnable: 6 };
const onInvoice8 = { invoiceId: 8, documentNumber: 'INV-2026-000008', invoiceDate: '2026-02-01', invoiceLineId: 41, quantity: 2, returnedQuantity: 0, returnable: 2 };
/** What the server answers for each scan typed here. */
const answers: Record<string, SalesReturnScan['lines']> = { ONCE: [onInvoice7], TWICE: [onInvoice8, onInvoice7] };

function serve() {
  api = mockApi((config: InternalAxiosRequestConfig) => {
    if (config.url === '/api/invoices/7') return ok({ data: postedInvoice });
    if (config.url === '/api/invoices/8') return ok({ data: laterInvoice });
    if (config.url === '/api/customers/options') return ok({ options: [{ id: 4, name: 'City Hospital', customerId: 4 }], hasMore: false });
    if (config.url === '/api/sales-returns/scan') {
      const { scan } = JSON.parse(String(config.data)) as { scan: string };
      const lines = answers[scan];
      if (!lines) return { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { scan: 'Lot L-99 of CBC Reagent was never sold to City Hospital' } } };
      return ok({ data: { item, lotNumber: 'L-71', lines } });
    }
    if (config.url === '/api/sales-returns' && config.method === 'post') return ok({ message: 'Sales return saved', data: { id: 41 } }, 201);
    return ok({ options: [], hasMore: false });
  });
}

const scanBox = () => screen.getByRole('textbox', { name: 'Scan a returned pack' });
const scan = async (text: string) => userEvent.type(scanBox(), `${text}{Enter}`);
const quantityOf = (line: number) => screen.getByRole('spinbutton', { name: `Line ${line} quantity` });
const scanBodies = () => (api?.calls ?? []).filter((c) => c.url === '/api/sales-returns/scan').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

async function chooseCustomer() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
  const option = await waitFor(() => {
    const found = screen.getAllByText('City Hospital').find((el) => el.closest('.ant-select-item-option'));
    if (!found) throw new Error('No option City Hospital');
    return found.closest('.ant-select-item-option') as HTMLElement;
  });
  await userEvent.click(option);
}

describe('a sales return by scan (issue 32, section 4)', () => {
  it('offers the scan once a customer is chosen; a lot sold once fills that invoice’s row a unit a scan; a refusal shows the server’s words', async () => {
    serve();
    renderWithApp(<SalesReturnForm onDone={vi.fn()} />, { auth: authOf(userOf('inventorySupervisor')) });
    expect(screen.queryByRole('textbox', { name: 'Scan a returned pack' })).not.toBeInTheDocument();
    await chooseCustomer();
    await scan('ONCE');
    expect(await screen.findByText('CBC Reagent · lot L-71: 1 to return on INV-2026-000007')).toBeInTheDocument();
    // The invoice was chosen for it, its rows offered, the scanned line's at 1.
    expect(await screen.findByText('Open amount')).toBeInTheDocument();
    await waitFor(() => expect(quantityOf(1)).toHaveValue('1'));
    expect(quantityOf(2)).toHaveValue('0');
    expect(scanBodies()).toEqual([{ scan: 'ONCE', customerId: 4 }]);

    // A lot other invoices sold too goes back on this return's own invoice.
    await scan('TWICE');
    expect(await screen.findByText('CBC Reagent · lot L-71: 2 to return on INV-2026-000007')).toBeInTheDocument();
    expect(quantityOf(1)).toHaveValue('2');

    await scan('L-99');
    expect(await screen.findByText('Lot L-99 of CBC Reagent was never sold to City Hospital')).toBeInTheDocument();
    expect(quantityOf(1)).toHaveValue('2');
  });

  it('lets the user choose among several sales, then keeps the return to that invoice', async () => {
    serve();
    const onDone = vi.fn();
    renderWithApp(<SalesReturnForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    await chooseCustomer();
    await scan('TWICE');
    expect(await screen.findByText(/sold on 2 invoice lines; choose the one it comes back on/)).toBeInTheDocument();
    const choices = screen.getByText('Which sale of CBC Reagent · lot L-71 comes back?').closest('.ant-list') as HTMLElement;
    expect(within(choices).getByText(/INV-2026-000008 .*returnable 2/)).toBeInTheDocument();
    expect(within(choices).getByText(/INV-2026-000007 .*returnable 6/)).toBeInTheDocument();
    await userEvent.click(within(choices).getByRole('button', { name: 'Return on INV-2026-000008' }));
    expect(await screen.findByText('CBC Reagent · lot L-71: 1 to return on INV-2026-000008')).toBeInTheDocument();
    await waitFor(() => expect(quantityOf(1)).toHaveValue('1'));
    expect(screen.queryByText('Which sale of CBC Reagent · lot L-71 comes back?')).not.toBeInTheDocument();

    // A pack only another invoice sold does not join a return with units on it.
    await scan('ONCE');
    expect(await screen.findByText('CBC Reagent · lot L-71 was sold on INV-2026-000007; this return is of INV-2026-000008: save it, then start another')).toBeInTheDocument();
    expect(quantityOf(1)).toHaveValue('1');

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(41));
    const sent = (api?.calls ?? []).filter((c) => c.url === '/api/sales-returns' && c.method === 'post').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
    expect(sent).toEqual([{ invoiceId: 8, returnDate: expect.any(String) as string, reason: '', notes: '', lines: [{ invoiceLineId: 41, quantity: 1, condition: 'restock' }] }]);
  });

  it('puts a scanned unit on the first row of its line, never beyond what may come back', () => {
    const rows = [
      { invoiceLineId: 31, quantity: 1, condition: 'writeOff' as const },
      { invoiceLineId: 31, quantity: 4, condition: 'restock' as const },
    ];
    expect(withScannedUnit(rows, { invoiceLineId: 31, returnable: 6 })).toEqual({ rows: [{ ...rows[0], quantity: 2 }, rows[1]], quantity: 6 });
    expect(withScannedUnit(rows, { invoiceLineId: 31, returnable: 5 })).toBeNull();
    expect(withScannedUnit(rows, { invoiceLineId: 32, returnable: 3 })).toEqual({ rows: [...rows, { invoiceLineId: 32, quantity: 1, condition: 'restock' }], quantity: 1 });
  });
});
