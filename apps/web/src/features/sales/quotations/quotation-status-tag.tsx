import { formatCalendarDate, quotationDocument, type QuotationDetail } from '@erp/domain';
import { Tag } from 'antd';
import { DocumentStatusTag } from '../../../components/document/document-status-tag.tsx';

/** A quotation's state, "Expired" for a sent one past its validity (computed by the server). */
export function QuotationStatusTag({ quotation }: { quotation: Pick<QuotationDetail, 'status' | 'expired' | 'validUntil'> }) {
  if (quotation.expired) {
    return (
      <Tag color="red" title={`Sent; valid until ${formatCalendarDate(quotation.validUntil)}`}>
        Expired
      </Tag>
    );
  }
  return <DocumentStatusTag definition={quotationDocument} status={quotation.status} />;
}
