import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { postedInvoice } from '../sales-returns/sales-return-fixtures.ts';
import { twoRateInvoice } from './invoice-fixtures.ts';
import { InvoiceView } from './invoice-view.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
/** The summary's value under a label (antd Descriptions: label and content side by side). */
const summaryValue = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label *' }).closest('.ant-descriptions-item-label')!.nextElementSibling;

function renderView(invoice = twoRateInvoice) {
  api = mockApi(() => ({ status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } }));
  return renderWithApp(<InvoiceView invoice={invoice} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
}

describe('the invoice view, taxed per line', () => {
  it('shows each line’s rate and further tax, the tax per rate, and Further tax in the totals when the lines bear two rates', () => {
    renderView();
    expect(summaryValue('Sales tax')).toHaveTextContent('608.62');
    expect(summaryValue('Further tax')).toHaveTextContent('135.75');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('4,138.22');

    const lines = screen.getByRole('row', { name: /CBC Reagent/ }).closest('table') as HTMLElement;
    expect(within(lines).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(expect.arrayContaining(['Rate', 'Tax', 'Further tax']));
    expect(within(screen.getByRole('row', { name: /CBC Reagent/ })).getByText('18%')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /CBC Reagent/ })).getByText('135.05')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Sample cups/ })).getByText('5%')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Sample cups/ })).getByText('0.70')).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Tax by rate' });
    expect(within(summary).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Rate', 'Value excl. tax', 'Sales tax', 'Further tax', 'Total']);
    const [, highest, lowest] = within(summary).getAllByRole('row');
    expect(cellsOf(highest!)).toEqual(['18%', '3,376.35', '607.74', '135.05', '4,119.14']);
    expect(cellsOf(lowest!)).toEqual(['5%', '17.50', '0.88', '0.70', '19.08']);
  });

  it('keeps one rate’s label and shows neither further tax nor the tax per rate when there are none', () => {
    renderView(postedInvoice);
    expect(summaryValue('Tax (17.00%)')).toHaveTextContent('76.08');
    expect(within(screen.getByRole('row', { name: /Gloves/ })).getByText('17%')).toBeInTheDocument();
    expect(screen.queryByText('Further tax')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tax by rate' })).not.toBeInTheDocument();
  });

  it('shows the sales tax the customer withheld on its receipts', () => {
    renderView({ ...twoRateInvoice, status: 'posted', taxWithheldAmount: '18.00' });
    expect(screen.getByTestId('invoice-tax-withheld')).toHaveTextContent('18.00');
    expect(summaryValue('Tax withheld by customer')).toHaveTextContent('18.00');
  });
});
