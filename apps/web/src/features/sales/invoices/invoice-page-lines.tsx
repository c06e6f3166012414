import { formatDecimal, invoiceDocument, type InvoiceDetail } from '@erp/domain';
import { LineNotes } from '../../../components/document/line-notes.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { hasFurtherTax } from '../shared/tax-totals.ts';

/**
 * The lines as a tax invoice prints them: article number, item, HS code (when any line has
 * one), lot and expiry, quantity, price, discount, the value excluding tax, the rate as FBR
 * words it, the sales tax, the further tax (when any is due) and the value including tax.
 */
export function InvoicePageLines({ invoice }: { invoice: InvoiceDetail }) {
  const hsCodes = invoice.lines.some((line) => line.hsCode);
  const furtherTax = hasFurtherTax(invoice.furtherTaxAmount);
  return (
    // A narrow screen scrolls the lines sideways: the region takes focus so the keyboard can too.
    <div className="invoice-lines-wrap" role="region" aria-label="Invoice lines" tabIndex={0}>
      <table className="invoice-lines">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Article no.</th>
            <th>Item</th>
            {hsCodes && <th>HS code</th>}
            <th>Lot</th>
            <th>Expiry</th>
            <th className="num">Qty</th>
            <th className="num">Price</th>
            <th className="num">Disc. %</th>
            <th className="num">Value excl. tax</th>
            <th className="num">Rate</th>
            <th className="num">Sales tax</th>
            {furtherTax && <th className="num">Further tax</th>}
            <th className="num">Value incl. tax</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.id}>
              <td className="num">{line.lineNo}</td>
              <td>{line.item.articleNumber}</td>
              <td>
                {line.item.itemName}
                {/* Other areas' notes under the item (the licences' DRAP registration). */}
                <LineNotes name={invoiceDocument.name} line={line as unknown as Readonly<Record<string, unknown>>} />
              </td>
              {hsCodes && <td>{line.hsCode ?? '-'}</td>}
              <td>{line.lot.lotNumber || '-'}</td>
              <td>{line.lot.dateExpiry ? formatDate(line.lot.dateExpiry) : '-'}</td>
              <td className="num">
                {line.quantity} {line.item.unit}
              </td>
              <td className="num">{formatDecimal(line.price)}</td>
              <td className="num">{formatDecimal(line.discountPercent)}</td>
              <td className="num">{formatDecimal(line.amount)}</td>
              <td className="num">{line.rateLabel}</td>
              <td className="num">{formatDecimal(line.taxAmount)}</td>
              {furtherTax && <td className="num">{formatDecimal(line.furtherTaxAmount)}</td>}
              <td className="num">{formatDecimal(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
