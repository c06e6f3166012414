import type { InvoiceDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { invoiceFixture, invoiceLineFixture } from './invoice-fixtures.ts';
import { PickButton } from './invoice-picking.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const lotA = { lotNumber: 'LOT-A', dateExpiry: '2026-06-30' };
const lotB = { lotNumber: 'LOT-B', dateExpiry: '2026-12-31' };
const draftOf = (line: Partial<Parameters<typeof invoiceLineFixture>[0]>) =>
  invoiceFixture({ id: 9, status: 'draft', lines: [invoiceLineFixture({ quantity: 6, amount: '7503.00', taxAmount: '1275.51', lot: lotA, ...line })] });
const draft = draftOf({});
const scanA = ']d2' + '0104012345678901' + '17260630' + '10LOT-A';
const scanB = ']d2' + '0104012345678901' + '17261231' + '10LOT-B';

const answer = (invoice: InvoiceDetail, message: string) => ({
  status: 200,
  data: { status: 200, message, data: { invoice, pick: { lineId: 1, lineNo: 1, quantity: 1, pickedQuantity: invoice.lines[0]!.pickedQuantity, lineQuantity: 6 } } },
});
const sent = () => (api?.calls ?? []).filter((c) => c.method === 'post').map((c) => ({ url: c.url, body: JSON.parse(String(c.data)) as Record<string, unknown> }));

async function openPicking() {
  renderWithApp(<PickButton invoice={draft} />, { auth: authOf(userOf('salesExecutive')) });
  await userEvent.click(screen.getByRole('button', { name: 'Pick' }));
  const box = await screen.findByLabelText('Scan');
  await waitFor(() => expect(box).toHaveFocus());
  return box;
}

describe('picking a draft invoice by scanning (issue 32, section 4)', () => {
  it('sends each scan and shows the line’s picked count, lot and the server’s summary', async () => {
    api = mockApi(() => answer(draftOf({ pickedQuantity: 1 }), 'Picked 1 of CBC Reagent lot LOT-A: 1 of 6 on line 1'));
    await openPicking();
    expect(screen.getByTestId('picked-line-1')).toHaveTextContent('0 / 6');
    expect(screen.getByText(/LOT-A/)).toBeInTheDocument();
    await userEvent.keyboard(`${scanA}{Enter}`);
    expect(await screen.findByText('Picked 1 of CBC Reagent lot LOT-A: 1 of 6 on line 1')).toBeInTheDocument();
    expect(screen.getByTestId('picked-line-1')).toHaveTextContent('1 / 6');
    expect(screen.getByTestId('picked-total')).toHaveTextContent('1 of 6 units picked');
    expect(sent()).toEqual([{ url: '/api/invoices/9/scan', body: { scan: scanA } }]);
  });

  it('on notFefo names the first-expiry lot, asks a reason and sends the scan again with the override', async () => {
    const refusal = 'Lot LOT-B expires on 2026-12-31, after lot LOT-A (2026-06-30): pick lot LOT-A, or confirm lot LOT-B';
    const override = { fefoInventoryId: 101, fefoLotNumber: 'LOT-A', reason: 'Customer asked for it', userId: 3, at: '2026-03-01T09:00:00.000Z' };
    api = mockApi((config) => {
      const body = JSON.parse(String(config.data)) as { overrideFefo?: boolean };
      if (!body.overrideFefo) {
        return { status: 409, data: { status: 409, message: refusal, code: 'notFefo', fefoLot: { inventoryId: 101, ...lotA }, errors: { scan: refusal } } };
      }
      return answer(draftOf({ inventoryId: 102, lot: lotB, pickedQuantity: 1, fefoOverride: override }), 'Picked 1 of CBC Reagent lot LOT-B: 1 of 6 on line 1');
    });
    await openPicking();
    await userEvent.keyboard(`${scanB}{Enter}`);
    // The confirmation opens over the drawer (the second dialog), titled with the first-expiry lot.
    const dialog = await waitFor(() => screen.getAllByRole('dialog')[1]!);
    expect(within(dialog).getByText('First expiry is lot LOT-A')).toBeInTheDocument();
    expect(within(dialog).getByText(refusal)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Pick the scanned lot' });
    expect(confirm).toBeDisabled();
    // The picker types the reason straight away: the box has the focus.
    await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveFocus());
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Customer asked for it');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByText('First expiry is lot LOT-A')).not.toBeInTheDocument());
    expect(sent().map((c) => c.body)).toEqual([{ scan: scanB }, { scan: scanB, overrideFefo: true, reason: 'Customer asked for it' }]);
    expect(await screen.findByText('Picked 1 of CBC Reagent lot LOT-B: 1 of 6 on line 1')).toBeInTheDocument();
    expect(screen.getByTestId('picked-line-1')).toHaveTextContent('1 / 6');
    expect(screen.getByText('Not first expiry')).toBeInTheDocument();
    // The refusal is answered: it no longer shows, and the next pack goes into the scan box.
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Scan')).toHaveFocus());
  });

  it('gives the scan box the focus back when the confirmation is cancelled, the refusal still shown', async () => {
    const refusal = 'Lot LOT-B expires on 2026-12-31, after lot LOT-A (2026-06-30): pick lot LOT-A, or confirm lot LOT-B';
    api = mockApi(() => ({ status: 409, data: { status: 409, message: refusal, code: 'notFefo', fefoLot: { inventoryId: 101, ...lotA }, errors: { scan: refusal } } }));
    await openPicking();
    await userEvent.keyboard(`${scanB}{Enter}`);
    const dialog = await waitFor(() => screen.getAllByRole('dialog')[1]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('First expiry is lot LOT-A')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Scan')).toHaveFocus());
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(sent()).toHaveLength(1);
  });
});
