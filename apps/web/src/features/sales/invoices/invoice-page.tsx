import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { amountInWords, formatDecimal, invoiceDocument, type InvoiceDetail } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { documentKeys, fetchDocument } from '../../../components/document/document-api.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.tsx';
import { downloadInvoicePdf } from './invoices-api.ts';
import { PaymentStatusTag } from '../../../components/document/payment-status-tag.tsx';
import { DocumentParts } from '../../../components/document/document-parts.tsx';
import { useSalesSettings } from '../shared/sales-settings.ts';
import { TaxSummaryTable } from '../shared/tax-summary-table.tsx';
import { hasFurtherTax, taxLabel } from '../shared/tax-totals.ts';
import { InvoicePageLines } from './invoice-page-lines.tsx';
import './invoice-page.css';

/** Only a person registered for sales tax issues a tax invoice (Sec. 23): its STRN decides the title. */
function titleOf(status: string, strn: string | undefined): string {
  if (status === 'draft') return strn ? 'Draft sales tax invoice' : 'Draft invoice';
  return strn ? 'Sales Tax Invoice' : 'Invoice';
}

function Letterhead({ invoice }: { invoice: InvoiceDetail }) {
  const { user } = useAuth();
  const settings = useSalesSettings().data;
  const logo = user?.company?.companySettings?.rectangleLogo;
  const name = settings?.companyName ?? user?.company?.companySettings?.companyName ?? '';
  return (
    <Flex justify="space-between" align="start" gap={16} wrap>
      <Flex vertical gap={2}>
        {logo ? <img src={logo} alt={name} style={{ maxHeight: 64, maxWidth: 260, objectFit: 'contain', alignSelf: 'flex-start' }} /> : null}
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        {settings?.address && <Typography.Text>{settings.address}</Typography.Text>}
        {settings?.phone && <Typography.Text>Phone: {settings.phone}</Typography.Text>}
        {/* The registrations, once set, say what the free-text tax number said. */}
        {settings?.taxNumber && !settings.ntn && !settings.strn && <Typography.Text>Tax number: {settings.taxNumber}</Typography.Text>}
        {settings?.ntn && <Typography.Text>NTN: {settings.ntn}</Typography.Text>}
        {settings?.strn && <Typography.Text>STRN: {settings.strn}</Typography.Text>}
      </Flex>
      <Flex vertical align="end" gap={2}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {titleOf(invoice.status, settings?.strn)}
        </Typography.Title>
        <Typography.Text strong data-testid="invoice-number">
          {invoice.documentNumber ?? `Draft #${invoice.id}`}
        </Typography.Text>
        {invoice.status === 'cancelled' && <Typography.Text type="danger">Cancelled</Typography.Text>}
        {invoice.status === 'posted' && <PaymentStatusTag status={invoice.paymentStatus} />}
      </Flex>
    </Flex>
  );
}

/**
 * /invoice/:id (spec section 2: standalone, outside the layout; reached from the invoices
 * screen): the printable invoice. Company logo, name, address and registrations, the customer,
 * number and dates, the lines with lot and expiry as a tax invoice prints them (HS code, rate,
 * sales tax, further tax, value including tax), the totals per rate when more than one, totals
 * in figures and in words in the company's
 * currency, the footer of settings; Print (A4, no buttons on paper) and the server's PDF,
 * which carries the same content.
 */
export function InvoicePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const invoice = useQuery({ queryKey: documentKeys.one(invoiceDocument.name, id), queryFn: () => fetchDocument<InvoiceDetail>(invoiceDocument, id), enabled: valid });
  const settings = useSalesSettings().data;
  const [downloading, setDownloading] = useState(false);
  const data = invoice.data;

  const downloadPdf = async () => {
    if (!data) return;
    setDownloading(true);
    try {
      await downloadInvoicePdf(data);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <main className="invoice-page">
      <Flex justify="space-between" wrap gap={8} className="no-print" style={{ marginBottom: 16 }}>
        <Link to={valid ? `/invoices/${id}` : '/invoices'}>
          <ArrowLeftOutlined /> Invoices
        </Link>
        <Space wrap>
          <Button icon={<PrinterOutlined />} type="primary" disabled={!data} onClick={() => window.print()}>
            Print
          </Button>
          <Button icon={<DownloadOutlined />} disabled={!data} loading={downloading} onClick={() => void downloadPdf()}>
            Download PDF
          </Button>
        </Space>
      </Flex>
      {!valid && <Alert type="error" showIcon title="This invoice does not exist" />}
      {invoice.isError && <Alert type="error" showIcon title={errorMessage(invoice.error)} />}
      {invoice.isLoading && <Skeleton active />}
      {data && (
        <Flex vertical gap={16}>
          <Letterhead invoice={data} />
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'billTo',
                label: 'Bill to',
                children: (
                  <Flex vertical>
                    <strong>{data.customer.customerName}</strong>
                    {data.customer.address && <span>{data.customer.address}</span>}
                    {data.customer.phone && <span>Phone: {data.customer.phone}</span>}
                    {data.customer.taxNumber && <span>Tax number: {data.customer.taxNumber}</span>}
                    {data.customer.ntn ? <span>NTN: {data.customer.ntn}</span> : data.customer.cnic ? <span>CNIC: {data.customer.cnic}</span> : null}
                    {data.customer.strn && <span>STRN: {data.customer.strn}</span>}
                    <span>{data.buyerRegistrationType === 'unregistered' ? 'Unregistered for sales tax' : 'Registered for sales tax'}</span>
                  </Flex>
                ),
              },
              {
                key: 'dates',
                label: 'Dates',
                children: (
                  <Flex vertical>
                    <span>Invoice date: {formatDate(data.invoiceDate)}</span>
                    <span>Due date: {formatDate(data.dueDate)}</span>
                    {data.quotation?.documentNumber && <span>Quotation: {data.quotation.documentNumber}</span>}
                  </Flex>
                ),
              },
              { key: 'from', label: 'Shipped from', children: `${data.region.regionName} warehouse` },
              { key: 'courier', label: 'Courier', children: data.courier?.courierName ?? '-' },
              { key: 'salesperson', label: 'Salesperson', children: data.salesperson?.name ?? '-' },
            ]}
          />
          <InvoicePageLines invoice={data} />
          <TaxSummaryTable rows={data.taxSummary} testId="invoice-page-tax-summary" />
          {/* Other areas' parts beside the totals, where the PDF draws them (FBR's number and QR code). */}
          <Flex justify="space-between" align="start" gap={16} wrap>
            <DocumentParts name={invoiceDocument.name} document={data} />
            <Flex vertical align="end" gap={4} data-testid="invoice-page-totals" style={{ marginLeft: 'auto' }}>
              <span>
                Subtotal <strong>{formatDecimal(data.subtotal)}</strong>
              </span>
              <span>
                {taxLabel(data.taxRate)} <strong>{formatDecimal(data.taxAmount)}</strong>
              </span>
              {hasFurtherTax(data.furtherTaxAmount) && (
                <span>
                  Further tax <strong>{formatDecimal(data.furtherTaxAmount)}</strong>
                </span>
              )}
              <Typography.Title level={4} style={{ margin: 0 }}>
                Total ({settings?.currency ?? ''}) {formatDecimal(data.grandTotal)}
              </Typography.Title>
            </Flex>
          </Flex>
          {settings && (
            <Typography.Paragraph data-testid="invoice-amount-in-words">
              <strong>Amount in words:</strong> {amountInWords(data.grandTotal, settings.currency)}
            </Typography.Paragraph>
          )}
          {data.notes && <Typography.Paragraph>{data.notes}</Typography.Paragraph>}
          {settings?.invoiceFooter && (
            <Typography.Paragraph type="secondary" style={{ borderTop: '1px solid #d9d9d9', paddingTop: 8, textAlign: 'center' }}>
              {settings.invoiceFooter}
            </Typography.Paragraph>
          )}
        </Flex>
      )}
    </main>
  );
}
