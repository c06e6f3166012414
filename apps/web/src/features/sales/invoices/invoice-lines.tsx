import { PlusOutlined } from '@ant-design/icons';
import { invoiceDocument, lineMoney, type LineMoney, type LineTaxPreview, type SaleTaxFacts } from '@erp/domain';
import { Alert, Button, Flex } from 'antd';
import { useMemo } from 'react';
import { LinesHeader } from '../../../components/document/line-columns.tsx';
import { TotalsBar } from '../../../components/document/totals-row.tsx';
import { invoiceColumns, InvoiceLineRow, type LineContext } from './invoice-line-row.tsx';
import { type DraftLine, type InvoiceLinesStore, type LinePart, useLineKeys, useLinesVersion } from './invoice-lines-store.ts';
import { saleFactsFor, useLineTaxPreview } from '../shared/line-tax-api.ts';
import { previewTotals, taxTotalItems } from '../shared/tax-totals.ts';
import './invoice-lines.css';

/**
 * A line's lot parts, if they are of its current quantity: a row splits a new quantity in an
 * effect, after this render, and the old split would total the old quantity for a frame.
 */
function partsFor(store: InvoiceLinesStore, key: number, quantity: number): readonly LinePart[] {
  const parts = store.partsOf(key);
  return parts && parts.reduce((sum, part) => sum + part.quantity, 0) === quantity ? parts : [{ quantity }];
}

/** Each line's money, kept with its snapshot (a line changed is a new object): one change computes one line's, not 200. */
const moneyCache = new WeakMap<DraftLine, { key: string; money: LineMoney[] }>();

function moneyOf(line: DraftLine, parts: readonly LinePart[], facts: SaleTaxFacts): LineMoney[] {
  const key = `${facts.rate}|${facts.saleType}|${facts.retailPrice}|${facts.furtherTaxRate}|${parts.map((part) => part.quantity).join(',')}`;
  const cached = moneyCache.get(line);
  if (cached?.key === key) return cached.money;
  const money = parts.map((part) => lineMoney({ itemId: line.itemId, quantity: part.quantity, price: line.price!, discountPercent: line.discountPercent }, facts));
  moneyCache.set(line, { key, money });
  return money;
}

/** Each priced line's money per lot part, with the facts of its item. */
function taxedParts(store: InvoiceLinesStore, preview: LineTaxPreview | undefined, fallbackRate: string) {
  return store.all().flatMap((line) => {
    if (!line.price || !line.quantity) return [];
    const facts = saleFactsFor(preview, line.itemId, fallbackRate);
    return moneyOf(line, partsFor(store, line.key, line.quantity), facts).map((money) => ({ money, facts }));
  });
}

/**
 * Subtotal, tax, further tax and total of the lines as they would be saved (per lot part,
 * exact decimals), each line taxed by its item's facts for this customer on this date.
 */
function InvoiceTotals({ store, context }: { store: InvoiceLinesStore; context: Pick<TotalsContext, 'customerId' | 'date' | 'taxRate'> }) {
  useLinesVersion(store);
  const preview = useLineTaxPreview(store.all().map((line) => line.itemId), context.customerId, context.date);
  const totals = previewTotals(taxedParts(store, preview, context.taxRate), context.taxRate);
  return <TotalsBar testId="invoice-totals" items={taxTotalItems(totals, 'Total')} />;
}

const headerColumns = Object.values(invoiceColumns);

/** What the lines share, and the settings' rate the totals fall back to while the tax preview loads. */
export type TotalsContext = Omit<LineContext, 'canRemove'> & { taxRate: string };

/** The invoice form's lines: a row each (re-rendered alone), Add line, the totals, the lines' own refusal. */
export function InvoiceLines({ store, context, linesError }: { store: InvoiceLinesStore; context: TotalsContext; linesError?: string }) {
  const keys = useLineKeys(store);
  const canRemove = keys.length > invoiceDocument.lines.min;
  // One object per (context, canRemove): rows compare it by identity.
  const rowContext = useRowContext(context, canRemove);
  return (
    <Flex vertical gap={4}>
      {keys.length > 0 && <LinesHeader columns={headerColumns} buttons={context.editable ? 1 : 0} />}
      {keys.map((key, index) => (
        <InvoiceLineRow key={key} store={store} lineKey={key} index={index} context={rowContext} />
      ))}
      {context.editable && keys.length < invoiceDocument.lines.max && (
        <div>
          <Button icon={<PlusOutlined />} onClick={() => store.add()}>
            Add line
          </Button>
        </div>
      )}
      <InvoiceTotals store={store} context={context} />
      {linesError && <Alert type="error" showIcon title={linesError} role="alert" />}
    </Flex>
  );
}

function useRowContext(context: TotalsContext, canRemove: boolean): LineContext {
  const { customerId, regionId, date, editable } = context;
  return useMemo(() => ({ customerId, regionId, date, editable, canRemove }), [customerId, regionId, date, editable, canRemove]);
}
