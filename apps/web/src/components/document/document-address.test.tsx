import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authOf, renderWithApp, userOf } from '../../test/harness.tsx';
import { useDocumentHref } from './document-address.ts';

function Links() {
  const documentHref = useDocumentHref();
  return (
    <ul>
      <li>receipt: {documentHref('receipts', 5) ?? 'text'}</li>
      <li>invoice: {documentHref('invoice', 7) ?? 'text'}</li>
    </ul>
  );
}

describe('links to documents', () => {
  it('link only where the role may go: the auditor has no /receipts', () => {
    renderWithApp(<Links />, { auth: authOf(userOf('auditor')) });
    expect(screen.getByText('receipt: text')).toBeInTheDocument();
    expect(screen.getByText(/^invoice: \/invoices?\/7/)).toBeInTheDocument();
  });

  it('link every document the role may open', () => {
    renderWithApp(<Links />, { auth: authOf(userOf('accountant')) });
    expect(screen.getByText(/^receipt: \/receipts\/5/)).toBeInTheDocument();
    expect(screen.getByText(/^invoice: \/invoices?\/7/)).toBeInTheDocument();
  });
});
