import { formatCalendarDate } from '@erp/domain';
import type { DocumentPartProps } from '../../lib/areas/screen-map.ts';

/** The company's DRAP establishment licence on an invoice (issue 32), as the server answers it with the invoice; nothing when none is set. */
export function CompanyLicencePart({ document }: DocumentPartProps) {
  const licence = document.companyDrapLicence as { licenceNumber: string; licenceExpiry: string | null } | null | undefined;
  if (!licence?.licenceNumber) return null;
  return (
    <div className="company-drap-licence" data-testid="company-drap-licence">
      DRAP licence No. {licence.licenceNumber}
      {licence.licenceExpiry ? ` (valid until ${formatCalendarDate(licence.licenceExpiry)})` : ''}
    </div>
  );
}
