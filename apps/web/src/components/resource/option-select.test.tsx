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

  it('shows an employee as "EMP-0500 Zainab Malik" and finds them by code, name or national id; a component by its code (issue 27)', async () => {
    const employees = [
      { id: 1, name: 'Zainab Malik', employeeName: 'Zainab Malik', employeeCode: 'EMP-0500', nationalId: '35202-1234567-1' },
      { id: 2, name: 'Zainab Akhtar', employeeName: 'Zainab Akhtar', employeeCode: 'EMP-0123', nationalId: '42101-7654321-2' },
    ];
    const components = [
      { id: 7, name: 'House rent allowance', componentName: 'House rent allowance', code: 'HRA' },
      { id: 8, name: 'Medical allowance', componentName: 'Medical allowance', code: 'MEDICAL' },
    ];
    api = mockApi((config) => ({ status: 200, data: { status: 200, message: 'OK', options: config.url?.startsWith('/api/employees') ? employees : components } }));
    renderWithApp(
      <>
        <OptionSelect resource="employees" aria-label="Employee" />
        <OptionSelect resource="salary-components" aria-label="Component" />
      </>,
    );
    const employee = screen.getByRole('combobox', { name: 'Employee' });
    await userEvent.click(employee);
    expect(await screen.findByRole('option', { name: 'EMP-0500 Zainab Malik' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'EMP-0123 Zainab Akhtar' })).toBeInTheDocument();
    await userEvent.type(employee, 'emp-05');
    expect(screen.queryByRole('option', { name: 'EMP-0123 Zainab Akhtar' })).not.toBeInTheDocument();
    await userEvent.clear(employee);
    await userEvent.type(employee, '42101-76');
    expect(await screen.findByRole('option', { name: 'EMP-0123 Zainab Akhtar' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'EMP-0500 Zainab Malik' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    const component = screen.getByRole('combobox', { name: 'Component' });
    await userEvent.click(component);
    await userEvent.type(component, 'HRA');
    expect(await screen.findByRole('option', { name: 'HRA House rent allowance' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'MEDICAL Medical allowance' })).not.toBeInTheDocument();
  });
});
