import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { WithholdingCertificatesTab } from './withholding-certificates-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const row = {
  receiptId: 50,
  documentNumber: 'RV-2026-000050',
  receiptDate: '2026-03-10',
  customerId: 7,
  customerName: 'Civil Hospital',
  taxWithheld: '18.00',
  incomeTaxWithheld: '0.00',
  certificateNumber: null as string | null,
  certificateDate: null as string | null,
};

function serve() {
  let recorded = false;
  api = mockApi((config) => {
    if (config.url === '/api/accounting/withholding-certificates') {
      const missingOnly = config.params?.missingCertificate === 'true';
      return { status: 200, data: { status: 200, message: 'OK', data: recorded && missingOnly ? [] : [recorded ? { ...row, certificateNumber: 'WHT-77', certificateDate: '2026-03-20' } : row] } };
    }
    if (config.url === '/api/receipts/50/withholding-certificate' && config.method === 'put') {
      recorded = true;
      return { status: 200, data: { status: 200, message: 'OK', data: { id: 50 } } };
    }
    return { status: 404, data: { status: 404, message: 'Not found' } };
  });
}

describe('the withholding certificates tab', () => {
  it('lists the receipts missing their certificate, and records one (PUT) for the accountant, then reads the list again', async () => {
    serve();
    renderWithApp(<WithholdingCertificatesTab />, { auth: authOf(userOf('accountant')) });
    const cell = await screen.findByText('RV-2026-000050');
    const tableRow = cell.closest('tr')!;
    expect(within(tableRow).getByText('Civil Hospital')).toBeInTheDocument();
    expect(within(tableRow).getByText('18.00')).toBeInTheDocument();
    expect(within(tableRow).getByText('Missing')).toBeInTheDocument();
    expect(api!.calls[0]!.params).toEqual({ missingCertificate: 'true' });
    expect(screen.getByRole('switch', { name: 'Missing certificate only' })).toBeChecked();

    await userEvent.click(within(tableRow).getByRole('button', { name: 'Record certificate of RV-2026-000050' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Certificate number' }), 'WHT-77');
    const date = within(dialog).getByRole('textbox', { name: 'Certificate date' });
    await userEvent.clear(date);
    await userEvent.type(date, '20/03/2026{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));

    await waitFor(() => expect(api!.calls.some((c) => c.method === 'put')).toBe(true));
    const put = api!.calls.find((c) => c.method === 'put')!;
    expect(JSON.parse(String(put.data))).toEqual({ certificateNumber: 'WHT-77', certificateDate: '2026-03-20' });
    expect(await screen.findByText('No certificate is missing')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Missing certificate only' }));
    expect(await screen.findByText('WHT-77, 20 Mar 2026')).toBeInTheDocument();
  });

  it('offers no recording to the auditor', async () => {
    serve();
    renderWithApp(<WithholdingCertificatesTab />, { auth: authOf(userOf('auditor')) });
    expect(await screen.findByText('RV-2026-000050')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record certificate/ })).not.toBeInTheDocument();
  });
});
