import { useEffect } from 'react';

/**
 * The browser tab names the screen, then the company (WCAG 2.4.2): with several tabs open,
 * "Invoices · Lahore Diagnostics" tells them apart where "Supplies ERP" did not.
 */
export function useDocumentTitle(screen: string | undefined, companyName: string | null | undefined): void {
  useEffect(() => {
    document.title = [screen, companyName || 'Supplies ERP'].filter(Boolean).join(' · ');
  }, [screen, companyName]);
}
