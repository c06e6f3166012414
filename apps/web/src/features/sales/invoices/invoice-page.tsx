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
import { useSalesSettings } from '../shared/sales-settings.ts';
import './invoice-page.css';

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
        {settings?.taxNumber && <Typography.Text>Tax number: {settings.taxNumber}</Typography.Text>}
      </Flex>
      <Flex vertical align="end" gap={2}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {invoice.status === 'draft' ? 'Draft invoice' : 'Invoice'}
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

/** The lines as printed: article number, item, lot and expiry, quantity, price, discount, tax, amount. */
function Lines({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <div className="invoice-lines-wrap">
      <table className="invoice-lines">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Article no.</th>
            <th>Item</th>
            <th>Lot</th>
            <th>Expiry</th>
            <th className="num">Qty</th>
            <th className="num">Price</th>
            <th className="num">Disc. %</th>
            <th className="num">Tax</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.id}>
              <td className="num">{line.lineNo}</td>
              <td>{line.item.articleNumber}</td>
              <td>{line.item.itemName}</td>
              <td>{line.lot.lotNumber || '-'}</td>
              <td>{line.lot.dateExpiry ? formatDate(line.lot.dateExpiry) : '-'}</td>
              <td className="num">
                {line.quantity} {line.item.unit}
              </td>
              <td className="num">{formatDecimal(line.price)}</td>
              <td className="num">{formatDecimal(line.discountPercent)}</td>
              <td className="num">{formatDecimal(line.taxAmount)}</td>
              <td className="num">{formatDecimal(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /invoice/:id (spec section 2: standalone, outside the layout; reached from the invoices
 * screen): the printable invoice. Company logo, name and address, the customer, number and
 * dates, the lines with lot and expiry, totals in figures and in words in the company's
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
          <Lines invoice={data} />
          <Flex vertical align="end" gap={4} data-testid="invoice-page-totals">
            <span>
              Subtotal <strong>{formatDecimal(data.subtotal)}</strong>
            </span>
            <span>
              Tax ({formatDecimal(data.taxRate)}%) <strong>{formatDecimal(data.taxAmount)}</strong>
            </span>
            <Typography.Title level={4} style={{ margin: 0 }}>
              Total ({settings?.currency ?? ''}) {formatDecimal(data.grandTotal)}
            </Typography.Title>
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
