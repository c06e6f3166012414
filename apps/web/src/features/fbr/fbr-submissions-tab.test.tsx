import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { FbrSubmissionsTab } from './fbr-submissions-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const row = (over: Record<string, unknown>) => ({
  id: 1,
  documentType: 'invoice',
  documentId: 11,
  documentNumber: 'INV-2026-000011',
  documentDate: '2026-11-05',
  customerName: 'Registered Lab',
  invoiceType: 'Sale Invoice',
  environment: 'sandbox',
  status: 'accepted',
  attempts: 1,
  nextAttemptAt: null,
  lastHttpStatus: 200,
  errors: [],
  fbrInvoiceNumber: '7000007DI1747119701593',
  lineNumbers: ['7000007DI1747119701593-1'],
  resolution: null,
  createdAt: '2026-11-05T10:00:00.000Z',
  updatedAt: '2026-11-05T10:00:01.000Z',
  ...over,
});

const rows = [
  row({}),
  row({ id: 2, documentNumber: 'INV-2026-000012', status: 'rejected', fbrInvoiceNumber: null, errors: [{ itemSNo: '1', errorCode: '0046', error: 'Provide rate.' }] }),
  row({ id: 3, documentNumber: 'INV-2026-000013', status: 'unknown', fbrInvoiceNumber: null }),
  row({
    id: 4, documentNumber: 'INV-2026-000014', environment: 'production', status: 'rejected', fbrInvoiceNumber: null,
    errors: [{ itemSNo: null, errorCode: '', error: "Reported to FBR's sandbox only (accepted as 7000007DI1747119701500): resend it to report it to production, or cancel the document" }],
  }),
];
const counts = { queued: 0, sending: 0, accepted: 1, rejected: 2, unknown: 1 };

function serve() {
  return mockApi((config) => {
    if (config.url === '/api/fbr-submissions') {
      const awaiting = config.params?.awaiting === 'true';
      const data = rows.filter((r) => (awaiting ? r.status !== 'accepted' : true));
      return { status: 200, data: { status: 200, message: 'OK', data, total: data.length, counts } };
    }
    const one = /^\/api\/fbr-submissions\/(\d+)$/.exec(String(config.url));
    if (one) return { status: 200, data: { data: { ...rows.find((r) => r.id === Number(one[1]))!, payload: { invoiceType: 'Sale Invoice' }, response: null, log: [] } } };
    const action = /^\/api\/fbr-submissions\/(\d+)\/(\w+)$/.exec(String(config.url));
    if (action?.[2] === 'resolve') {
      const body = JSON.parse(String(config.data)) as { fbrInvoiceNumber: string };
      if (!/DI\d{13}$/.test(body.fbrInvoiceNumber)) return { status: 400, data: { status: 400, message: 'Invalid', errors: { fbrInvoiceNumber: 'FBR invoice number must be the seller’s NTN or CNIC, DI and 13 digits' } } };
      return { status: 200, data: { message: 'FBR number recorded', data: { ...rows[2]!, status: 'accepted', payload: {}, response: null, log: [] } } };
    }
    return { status: 404, data: {} };
  });
}

describe('the FBR tab of /invoices', () => {
  it('lists the submissions with their state, FBR’s number and errors in words, and counts per state', async () => {
    api = serve();
    renderWithApp(<FbrSubmissionsTab />, { auth: authOf(userOf('accountant')), path: '/invoices?tab=fbr' });
    expect(await screen.findByText('7000007DI1747119701593')).toBeInTheDocument();
    expect(screen.getByText('Line 1: 0046 Provide rate.')).toBeInTheDocument();
    expect(screen.getByText('Unknown: check IRIS')).toBeInTheDocument();
    expect(api.calls[0]!.params).toMatchObject({ page: 1, pageSize: 20, sort: 'id', order: 'desc' });
    expect(api.calls[0]!.params.awaiting).toBeUndefined();
  });

  it('opens from the dashboard’s drill with awaiting only', async () => {
    api = serve();
    renderWithApp(<FbrSubmissionsTab />, { auth: authOf(userOf('accountant')), path: '/invoices?tab=fbr&awaiting=true' });
    expect(await screen.findByText('INV-2026-000012', { exact: false })).toBeInTheDocument();
    expect(api.calls[0]!.params).toMatchObject({ awaiting: 'true' });
    expect(screen.queryByText('7000007DI1747119701593')).toBeNull();
  });

  it('lets the accountant record the number read in IRIS, naming a wrong one', async () => {
    api = serve();
    renderWithApp(<FbrSubmissionsTab />, { auth: authOf(userOf('accountant')), path: '/invoices?tab=fbr' });
    fireEvent.click(await screen.findByText('INV-2026-000013', { exact: false }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Record FBR number' }));
    const input = await screen.findByLabelText('FBR invoice number');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('FBR invoice number must be the seller’s NTN or CNIC, DI and 13 digits')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '7000007DI1747119701594' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(api!.calls.filter((c) => String(c.url).endsWith('/resolve'))).toHaveLength(2));
    expect(JSON.parse(String(api.calls.filter((c) => String(c.url).endsWith('/resolve'))[1]!.data))).toEqual({ fbrInvoiceNumber: '7000007DI1747119701594' });
  });

  it("says a report the switch to production set aside waits for a person, not that FBR refused it, and offers to send it again", async () => {
    api = serve();
    renderWithApp(<FbrSubmissionsTab />, { auth: authOf(userOf('accountant')), path: '/invoices?tab=fbr' });
    fireEvent.click(await screen.findByText('INV-2026-000014', { exact: false }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Waits for a person')).toBeInTheDocument();
    expect(within(drawer).queryByText('FBR refused it')).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('offers no action to a sales executive', async () => {
    api = serve();
    renderWithApp(<FbrSubmissionsTab />, { auth: authOf(userOf('salesExecutive')), path: '/invoices?tab=fbr' });
    fireEvent.click(await screen.findByText('INV-2026-000013', { exact: false }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('FBR’s answer was lost after the invoice left'.replace('’', "'"))).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Record FBR number' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Release to send again' })).toBeNull();
  });
});
