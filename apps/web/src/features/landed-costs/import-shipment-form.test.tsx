import type { ImportShipmentDetail } from '@erp/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { draftReceipt, ok } from '../purchasing/purchasing-fixtures.ts';
import { ImportShipmentForm } from './import-shipment-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const receipt = { ...draftReceipt, id: 31, documentNumber: 'GRN-2026-000031', status: 'posted' as const };

/** A draft made through the API: weights, descriptions, a rate, a charge's own split and a hand split the form does not show. */
const apiDraft: ImportShipmentDetail = {
  id: 4,
  status: 'draft',
  documentNumber: null,
  shipmentDate: '2026-06-03',
  reference: 'BL-9',
  gdNumber: 'GD-9',
  lcNumber: '',
  notes: '',
  splitMethod: 'value',
  goodsReceiptIds: [31],
  weights: [{ goodsReceiptId: 31, lineNo: 1, weightKg: '12.500' }],
  goodsReceiptNumbers: ['GRN-2026-000031'],
  regionId: 1,
  totalAmount: '421875.00',
  capitalisedAmount: '421875.00',
  toInventory: '0.00',
  toCostOfSales: '0.00',
  moveMark: null,
  charges: [
    { id: 1, lineNo: 1, kind: 'freight', description: 'Sea freight', vendorId: 7, accountId: null, billNumber: 'MSK-1', amount: '1000.00', currency: 'USD', exchangeRate: '281.250000', companyAmount: '281250.00', splitMethod: 'weight', allocations: [], paidAmount: null },
    { id: 2, lineNo: 2, kind: 'lcCharges', description: 'LC opening', vendorId: null, accountId: 9, billNumber: '', amount: '500.00', currency: 'USD', exchangeRate: '281.250000', companyAmount: '140625.00', splitMethod: 'manual', allocations: [{ goodsReceiptId: 31, lineNo: 1, amount: '500.00' }], paidAmount: null },
  ],
};

const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post' || c.method === 'put').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

function serve(vendorCurrency: string) {
  api = mockApi((config) => {
    if (config.url === '/api/vendors/options') return ok({ options: [{ id: 7, vendorName: 'Maersk', currency: vendorCurrency, active: true }], hasMore: false });
    if (config.url === '/api/accounts/options') return ok({ options: [{ id: 9, accountCode: '1015', accountName: 'Meezan USD', currency: 'USD', active: true }], hasMore: false });
    if (config.url === '/api/currencies/options') return ok({ options: ['PKR', 'USD', 'EUR'].map((code, i) => ({ id: i + 1, code, isCompany: code === 'PKR' })), hasMore: false });
    if (config.url === '/api/goods-receipts') return ok({ data: [{ id: 31, documentNumber: 'GRN-2026-000031', receiptDate: '2026-06-02' }] });
    if (config.url === '/api/goods-receipts/31') return ok({ data: receipt });
    if (config.url === '/api/import-shipments/4') return ok({ message: 'Saved', data: apiDraft });
    return ok({ options: [], hasMore: false });
  });
}

/** Saved once both charges' parties are read (their currencies shown): the vendor's now, the bank's USD. */
const saveDraft = async (vendorCurrency: string) => {
  renderWithApp(<ImportShipmentForm shipment={apiDraft} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
  expect(await screen.findByTestId('charge-1-currency')).toHaveTextContent(`in ${vendorCurrency}`);
  expect(await screen.findByTestId('charge-2-currency')).toHaveTextContent('in USD');
  await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(sentBodies()).toHaveLength(1));
  return sentBodies()[0]!;
};

describe('the import shipment form', () => {
  it('saves an API-made draft with everything it does not show: weights, descriptions, rates, own splits, allocations', async () => {
    serve('USD');
    const body = await saveDraft('USD');
    expect(body.weights).toEqual(apiDraft.weights);
    expect(body.charges).toEqual(
      apiDraft.charges.map(({ kind, description, vendorId, accountId, billNumber, amount, exchangeRate, splitMethod, allocations }) => ({ kind, description, vendorId, accountId, billNumber, amount, exchangeRate, splitMethod, allocations })),
    );
  });

  it("does not send a saved rate for a vendor billing in another currency since: the server takes the date's", async () => {
    serve('EUR');
    const [freight, lc] = (await saveDraft('EUR')).charges as Array<Record<string, unknown>>;
    expect(freight).toMatchObject({ description: 'Sea freight', splitMethod: 'weight', exchangeRate: null });
    expect(lc).toMatchObject({ exchangeRate: '281.250000', allocations: apiDraft.charges[1]!.allocations });
  });

  it('shows a weight input per receipt line once the split is by weight, and sends what is typed', async () => {
    serve('USD');
    const draft = { ...apiDraft, weights: [], charges: [{ ...apiDraft.charges[1]!, splitMethod: null, allocations: [] }] };
    renderWithApp(<ImportShipmentForm shipment={draft} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByRole('combobox', { name: 'Split' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Weights (kg)' })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Split' }));
    await userEvent.click(await screen.findByTitle('By weight'));
    const weight = await screen.findByRole('textbox', { name: 'GRN-2026-000031 line 1 weight (kg)' });
    await userEvent.type(weight, '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toMatchObject({ splitMethod: 'weight', weights: [{ goodsReceiptId: 31, lineNo: 1, weightKg: '12.5' }] });
  });
});
