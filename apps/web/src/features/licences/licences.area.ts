import { lazyDocumentPart, lazyPart } from '../../lib/areas/screen-map.ts';
import { defineArea } from '../../lib/areas/web-area.ts';

/** An invoice line's item registration, as the server answers it (`item.registrationNumber`). */
const registrationNote = (line: Readonly<Record<string, unknown>>) => {
  const number = (line.item as { registrationNumber?: string | null } | undefined)?.registrationNumber;
  return number ? `DRAP Reg. No. ${number}` : undefined;
};

/**
 * Issue 32, section 5: DRAP's licences. Its fields show in the vendors', items' and customers'
 * forms and lists from the domain's `resourceFields` (no screen of its own); the company's licence
 * is a section of the settings and prints on the invoice with each line's registration.
 */
export const licencesArea = defineArea({
  name: 'licences',
  screens: {},
  settings: lazyPart(() => import('./licences-settings.tsx'), 'LicencesSettings'),
  documentParts: { invoices: [lazyDocumentPart(() => import('./company-licence-part.tsx'), 'CompanyLicencePart')] },
  lineNotes: { invoices: registrationNote },
});
