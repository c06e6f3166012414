import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { AssetForm } from './asset-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });

/** The visible option of an open picker (the listbox's `option` roles are antd's hidden accessible copies). */
async function optionIn(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error(`No option ${text}`);
    return option.closest('.ant-select-item-option') as HTMLElement;
  });
}

describe('asset form', () => {
  it("fills the category's useful life and method, and sends one payer and the custodian as the API names them", async () => {
    api = mockApi((config) => {
      const url = config.url ?? '';
      if (url === '/api/asset-categories/options') return ok({ options: [{ id: 2, name: 'Vehicles' }], hasMore: false });
      if (url === '/api/asset-categories/2') return ok({ data: { id: 2, assetCategoryName: 'Vehicles', usefulLifeMonths: 96, depreciationMethod: 'decliningBalance' } });
      if (url === '/api/regions/options') return ok({ options: [{ id: 1, name: 'North' }], hasMore: false });
      if (url === '/api/accounts/options') return ok({ options: [{ id: 5, name: 'Cash in hand', accountName: 'Cash in hand', accountCode: '1100', kind: 'cash', active: true }, { id: 9, name: 'Sales', accountName: 'Sales', accountCode: '4000', kind: 'income', active: true }], hasMore: false });
      if (url === '/api/employees/options') return ok({ options: [{ id: 3, name: 'Ali Raza' }], hasMore: false });
      if (config.method === 'post' && url === '/api/assets') return ok({ message: 'Saved', data: { id: 31, status: 'draft' } }, 201);
      return ok({ options: [], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<AssetForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });

    await userEvent.type(screen.getByRole('textbox', { name: 'Asset' }), 'Delivery van');
    await userEvent.click(screen.getByRole('combobox', { name: 'Asset category' }));
    await userEvent.click(await optionIn('Vehicles'));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Useful life (months)' })).toHaveValue('96'));
    expect(screen.getByText('Declining balance')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    await userEvent.click(await optionIn('North'));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Cost' }), '2400000');
    await userEvent.click(screen.getByText('Employee'));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Custodian (employee)' }));
    await userEvent.click(await optionIn('Ali Raza'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Paid from' }));
    // Only cash and bank accounts pay for an asset.
    await userEvent.click(await optionIn('1100 Cash in hand'));
    expect(screen.queryByText('4000 Sales')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(31));
    const body = JSON.parse(api.calls.find((c) => c.method === 'post')!.data as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      assetName: 'Delivery van',
      assetCategoryId: 2,
      regionId: 1,
      cost: '2400000',
      salvageValue: '0',
      usefulLifeMonths: 96,
      depreciationMethod: 'decliningBalance',
      custodianEmployeeId: 3,
      custodianUserId: null,
      paymentAccountId: 5,
      vendorId: null,
    });
  });

  it('asks for the vendor when the asset is owed to one, without calling the server', async () => {
    api = mockApi(() => ok({ options: [], hasMore: false }));
    renderWithApp(<AssetForm onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByText('Owed to a vendor'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Choose the vendor it is owed to')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'get')).toHaveLength(0);
  });
});
