import { fbrQrModules } from '@erp/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../test/harness.tsx';
import { FbrDocumentState } from './fbr-document-state.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const number = '7000007DI1747119701593';
const noLogo = () => mockApi(() => ({ status: 404, data: { status: 404, message: 'Not found' } }));

describe('FBR’s state on an invoice or return view', () => {
  it('accepted: FBR’s number and its QR code, drawn from the same modules as the PDF, one inch of modules', async () => {
    api = noLogo();
    renderWithApp(<FbrDocumentState document={{ id: 1, status: 'posted', fbrStatus: 'accepted', fbrInvoiceNumber: number, fbrSubmissionId: 4 }} />);
    expect(await screen.findByText(`FBR Invoice Number: ${number}`)).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: `QR code of ${number}` });
    const dark = fbrQrModules(number).flat().filter(Boolean).length;
    expect(qr.querySelector('path')!.getAttribute('d')!.match(/M/g)).toHaveLength(dark);
    // 25 modules and 4 of quiet zone each side: the modules' inch plus 8/25 of one.
    expect(qr.getAttribute('width')).toBe(`${33 / 25}in`);
    expect(screen.queryByText('NOT YET A TAX INVOICE')).not.toBeInTheDocument();
  });

  it('not yet accepted: the server\'s "NOT YET A TAX INVOICE" and the state, no QR code; nothing for a document FBR is never told of', async () => {
    api = noLogo();
    const { unmount } = renderWithApp(<FbrDocumentState document={{ id: 1, status: 'posted', fbrStatus: 'unknown', fbrInvoiceNumber: null, fbrSubmissionId: 4, fbrNotice: 'NOT YET A TAX INVOICE' }} />);
    expect(await screen.findByText('NOT YET A TAX INVOICE')).toBeInTheDocument();
    expect(screen.getByText('Unknown: check IRIS')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    unmount();
    renderWithApp(<FbrDocumentState document={{ id: 2, status: 'posted', fbrStatus: null, fbrInvoiceNumber: null, fbrSubmissionId: null, fbrNotice: null }} />);
    expect(screen.queryByTestId('fbr-document-state')).not.toBeInTheDocument();
  });

  it('a number too long for a version 2 code shows without the code, as the PDF prints it', async () => {
    api = noLogo();
    const long = `7000007DI${'AB'.repeat(25)}`;
    renderWithApp(<FbrDocumentState document={{ id: 3, status: 'posted', fbrStatus: 'accepted', fbrInvoiceNumber: long, fbrSubmissionId: 5, fbrNotice: null }} />);
    expect(await screen.findByText(`FBR Invoice Number: ${long}`)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
