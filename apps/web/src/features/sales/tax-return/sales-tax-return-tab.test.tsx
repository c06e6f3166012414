import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { SalesTaxReturnTab } from './sales-tax-return-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const row = (over: Record<string, unknown>) => ({
  documentType: 'invoice',
  documentId: 1,
  documentNumber: 'INV-2026-000001',
  documentDate: '2026-11-05',
  customerId: 3,
  buyerName: 'Walk-in Clinic',
  buyerNtnCnic: null,
  buyerRegistrationType: 'unregistered',
  buyerProvince: 'sindh',
  hsCode: '3822.1900',
  saleType: 'standardRate',
  taxRate: '18.00',
  rateLabel: '18%',
  sroScheduleNo: '',
  sroItemSerialNo: '',
  amount: '1000.00',
  taxAmount: '180.00',
  furtherTaxAmount: '40.00',
  ...over,
});

const answer = (difference: string) => ({
  status: 200,
  message: 'OK',
  month: '2026-11',
  rows: [row({}), row({ documentType: 'salesReturn', documentId: 2, documentNumber: 'SR-2026-000001', amount: '-100.00', taxAmount: '-18.00', furtherTaxAmount: '-4.00' })],
  summary: [{ buyerRegistrationType: 'unregistered', saleType: 'standardRate', taxRate: '18.00', rateLabel: '18%', amount: '900.00', taxAmount: '162.00', furtherTaxAmount: '36.00' }],
  totals: { amount: '900.00', taxAmount: '162.00', furtherTaxAmount: '36.00' },
  gl: { taxAmount: '162.00', furtherTaxAmount: '36.00' },
  difference,
});

describe('the sales tax return tab', () => {
  it('lists the month’s documents and their sums per rate, says it equals the ledger, and asks for last month first', async () => {
    api = mockApi((config) => (config.url === '/api/accounting/sales-tax-return' ? { status: 200, data: { ...answer('0.00'), month: config.params.month as string } } : { status: 404, data: {} }));
    renderWithApp(<SalesTaxReturnTab />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('SR-2026-000001')).toBeInTheDocument();
    expect(screen.getByText('Sales return')).toBeInTheDocument();
    expect(screen.getByTestId('sales-tax-return-ledger')).toHaveTextContent('Equals the ledger: sales tax 162.00, further tax 36.00');
    const totals = screen.getByTestId('sales-tax-return-totals');
    expect(within(totals).getByText('900.00')).toBeInTheDocument();
    expect(within(totals).getByText('36.00')).toBeInTheDocument();
    expect(screen.getAllByText('-18.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Sindh').length).toBe(2);
    const asked = api.calls[0]!.params.month as string;
    expect(asked).toMatch(/^\d{4}-\d{2}$/);
    // A page at a time: the month may hold 100,000 rows.
    expect(api.calls[0]!.params).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('warns when the rows and the ledger differ', async () => {
    api = mockApi((config) => (config.url === '/api/accounting/sales-tax-return' ? { status: 200, data: { ...answer('5.00'), month: config.params.month as string } } : { status: 404, data: {} }));
    renderWithApp(<SalesTaxReturnTab />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByTestId('sales-tax-return-ledger')).toHaveTextContent('Differs from the ledger by 5.00');
  });
});
