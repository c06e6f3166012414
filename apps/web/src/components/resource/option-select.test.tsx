import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../test/harness.tsx';
import { OptionSelect, toSelectOptions } from './option-select.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const years = [2026, 2027];

describe('option pickers (spec sections 4, 5 and 7)', () => {
  it('disables unapproved options, hides quantity <= 0, colours plans green / blue / red', () => {
    const options = toSelectOptions(
      [
        { id: 1, name: 'Approved kit', isApproved: true, plans: { 2026: true, 2027: true } },
        { id: 2, name: 'Draft kit', isApproved: false, plans: { 2026: true } },
        { id: 3, name: 'Unplanned kit', plans: {} },
        { id: 4, name: 'Empty lot', quantity: 0 },
        { id: 5, name: 'Negative lot', quantity: '-2' },
        { id: 6, name: 'Lot with stock', quantity: 3 },
      ],
      years,
    );
    expect(options.map((o) => o.text)).toEqual(['Approved kit', 'Draft kit', 'Unplanned kit', 'Lot with stock']);
    expect(options.map((o) => o.disabled)).toEqual([false, true, false, false]);
    renderWithApp(<>{options.map((o) => <div key={o.value}>{o.label}</div>)}</>);
    expect(screen.getByText('Approved kit')).toHaveAttribute('data-plan-colour', 'green');
    expect(screen.getByText('Draft kit')).toHaveAttribute('data-plan-colour', 'blue');
    expect(screen.getByText('Unplanned kit')).toHaveAttribute('data-plan-colour', 'red');
    expect(screen.getByText('Lot with stock')).not.toHaveAttribute('data-plan-colour');
  });

  it('colours nothing where no plan years are given (order and invoice lines)', () => {
    const [option] = toSelectOptions([{ id: 3, name: 'Unplanned kit', plans: {} }]);
    renderWithApp(<div>{option!.label}</div>);
    expect(screen.getByText('Unplanned kit')).not.toHaveAttribute('data-plan-colour');
  });

  it('reads GET /api/<resource>/options and offers them, unapproved ones disabled', async () => {
    api = mockApi(() => ({
      status: 200,
      data: { status: 200, message: 'OK', options: [{ id: 1, name: 'North' }, { id: 2, name: 'South', isApproved: false }] },
    }));
    renderWithApp(<OptionSelect resource="regions" aria-label="Region" open />);
    expect(await screen.findByRole('option', { name: 'North' })).toBeInTheDocument();
    expect(api.calls[0]?.url).toBe('/api/regions/options');
    const south = screen.getAllByText('South').map((el) => el.closest('.ant-select-item')).find(Boolean);
    expect(south).toHaveClass('ant-select-item-option-disabled');
  });

  it("warns with the server's message on 404 and shows an error on other failures", async () => {
    api = mockApi((config) =>
      config.url === '/api/couriers/options'
        ? { status: 404, data: { status: 404, message: 'No options are available for couriers' } }
        : { status: 403, data: { status: 403, message: 'Access to the route is restricted' } },
    );
    const { container } = renderWithApp(
      <>
        <OptionSelect resource="couriers" aria-label="Courier" />
        <OptionSelect resource="regions" aria-label="Region" />
      </>,
    );
    expect(await screen.findByText('No options are available for couriers')).toBeInTheDocument();
    expect(await screen.findByText('Access to the route is restricted')).toBeInTheDocument();
    const warning = screen.getByText('No options are available for couriers').closest('.ant-message-notice');
    expect(warning).toHaveClass('ant-message-notice-warning');
    const error = screen.getByText('Access to the route is restricted').closest('.ant-message-notice');
    expect(error).toHaveClass('ant-message-notice-error');
    expect(container).toBeInTheDocument();
  });

  it('filters by label when searching', async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, message: 'OK', options: [{ id: 1, name: 'North' }, { id: 2, name: 'South' }] } }));
    renderWithApp(<OptionSelect resource="regions" aria-label="Region" />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    await screen.findByRole('option', { name: 'North' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Region' }), 'sou');
    expect(await screen.findByRole('option', { name: 'South' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'North' })).not.toBeInTheDocument();
  });

  it("finds an item by its article number too (the declaration's optionSearch)", async () => {
    api = mockApi(() => ({
      status: 200,
      data: {
        status: 200,
        message: 'OK',
        options: [
          { id: 1, name: 'CBC Reagent', itemName: 'CBC Reagent', articleNumber: 'ART-778', isApproved: true },
          { id: 2, name: 'Gloves', itemName: 'Gloves', articleNumber: 'GLV-1', isApproved: true },
        ],
      },
    }));
    renderWithApp(<OptionSelect resource="items" aria-label="Item" />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Item' }));
    await screen.findByRole('option', { name: 'Gloves' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Item' }), 'art-77');
    expect(await screen.findByRole('option', { name: 'CBC Reagent' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Gloves' })).not.toBeInTheDocument();
  });
});
