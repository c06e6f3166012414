import { addDays } from '@erp/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { todayWire } from '../../lib/dates.ts';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ItemsScreen } from '../inventory/items-screen.tsx';
import { InvoicePage } from '../sales/invoices/invoice-page.tsx';
import { invoiceFixture, invoiceLineFixture } from '../sales/invoices/invoice-fixtures.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: object) => ({ status: 200, data: { status: 200, message: 'OK', ...data } });

describe("the licences' fields on another area's screens (issue 32, section 5)", () => {
  const item = {
    id: 12,
    itemName: 'Glucose Kit',
    articleNumber: 'GLU-1',
    unit: 'kit',
    categoryId: 1,
    category: { id: 1, categoryName: 'Reagents' },
    costPrice: '1.00',
    salePrice: '2.00',
    lotTracked: true,
    storageCondition: 'refrigerated',
    active: true,
    isApproved: true,
    drapClass: 'B',
    registrationKind: 'registration',
    registrationNumber: 'R-123',
    registrationExpiry: addDays(todayWire(), 12),
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };

  it("edits an item's DRAP fields in its form, saying when the registration expires within 30 days", async () => {
    api = mockApi((config: InternalAxiosRequestConfig) =>
      config.url === '/api/items' ? ok({ data: [item], total: 1 }) : ok({ options: [{ id: 1, name: 'Reagents' }], hasMore: false }),
    );
    const user = userEvent.setup();
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('admin')) });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('DRAP registration number')).toHaveValue('R-123');
    expect(within(dialog).getByText('DRAP class')).toBeInTheDocument();
    expect(within(dialog).getByTestId('expiry-hint-registrationExpiry')).toHaveTextContent('expires in 12 days');
  });

  it('opens on the registrations expiring within 30 days from the address (the dashboard), shown as a filter that clears', async () => {
    api = mockApi(() => ok({ data: [], total: 0 }));
    const user = userEvent.setup();
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('auditor')), path: '/items?registrationExpiringWithin=30' });
    expect(await screen.findByText('DRAP registration expiring within (days): 30')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/items')!.params).toMatchObject({ registrationExpiringWithin: 30 });
    await user.click(screen.getByLabelText('Clear DRAP registration expiring within (days): 30'));
    expect(screen.queryByText('DRAP registration expiring within (days): 30')).not.toBeInTheDocument();
  });

  it("prints each line's DRAP registration under its item and the company's licence on /invoice/:id", async () => {
    const invoice = invoiceFixture({
      id: 9,
      documentNumber: 'INV-2026-000009',
      companyDrapLicence: { licenceNumber: 'DRAP-EST-55', licenceExpiry: '2027-12-31' },
      lines: [invoiceLineFixture({ item: { itemName: 'CBC Reagent', articleNumber: 'C-1', unit: 'kit', registrationNumber: 'R-123' } as never })],
    } as never);
    api = mockApi((config) => {
      if (config.url === '/api/invoices/9') return ok({ data: invoice });
      if (config.url === '/api/sales/settings') return ok({ settings: { companyName: 'Indus', currency: 'PKR', taxRate: '17.00' } });
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderWithApp(
      <Routes>
        <Route path="/invoice/:id" element={<InvoicePage />} />
      </Routes>,
      { auth: authOf(userOf('salesExecutive')), path: '/invoice/9' },
    );
    expect(await screen.findByText('DRAP Reg. No. R-123')).toBeInTheDocument();
    expect(await screen.findByTestId('company-drap-licence')).toHaveTextContent('DRAP licence No. DRAP-EST-55 (valid until 31 Dec 2027)');
  });
});
