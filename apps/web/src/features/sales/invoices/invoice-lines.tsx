import { PlusOutlined } from '@ant-design/icons';
import { invoiceDocument, lineMoney, salesTotals, type LineMoney } from '@erp/domain';
import { Alert, Button, Flex } from 'antd';
import { useMemo } from 'react';
import { LinesHeader } from '../../../components/document/line-columns.tsx';
import { TotalsBar } from '../../../components/document/totals-row.tsx';
import { invoiceColumns, InvoiceLineRow, type LineContext } from './invoice-line-row.tsx';
import { type DraftLine, type InvoiceLinesStore, type LinePart, useLineKeys, useLinesVersion } from './invoice-lines-store.ts';
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

function moneyOf(line: DraftLine, parts: readonly LinePart[], taxRate: string): LineMoney[] {
  const key = `${taxRate}|${parts.map((part) => part.quantity).join(',')}`;
  const cached = moneyCache.get(line);
  if (cached?.key === key) return cached.money;
  const money = parts.map((part) => lineMoney({ itemId: line.itemId, quantity: part.quantity, price: line.price!, discountPercent: line.discountPercent }, { rate: taxRate }));
  moneyCache.set(line, { key, money });
  return money;
}

/** Subtotal, tax and total of the lines as they would be saved (per lot part, exact decimals). */
function InvoiceTotals({ store, taxRate }: { store: InvoiceLinesStore; taxRate: string }) {
  useLinesVersion(store);
  const money: LineMoney[] = store.all().flatMap((line) => (line.price && line.quantity ? moneyOf(line, partsFor(store, line.key, line.quantity), taxRate) : []));
  const totals = salesTotals(money);
  return (
    <TotalsBar
      testId="invoice-totals"
      items={[
        { label: 'Subtotal', value: totals.subtotal },
        { label: `Tax (${taxRate}%)`, value: totals.taxAmount },
        { label: 'Total', value: totals.grandTotal },
      ]}
    />
  );
}

const headerColumns = Object.values(invoiceColumns);

/** The invoice form's lines: a row each (re-rendered alone), Add line, the totals, the lines' own refusal. */
export function InvoiceLines({ store, context, linesError }: { store: InvoiceLinesStore; context: Omit<LineContext, 'canRemove'>; linesError?: string }) {
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
      <InvoiceTotals store={store} taxRate={context.taxRate} />
      {linesError && <Alert type="error" showIcon title={linesError} role="alert" />}
    </Flex>
  );
}

function useRowContext(context: Omit<LineContext, 'canRemove'>, canRemove: boolean): LineContext {
  const { customerId, regionId, date, taxRate, editable } = context;
  return useMemo(() => ({ customerId, regionId, date, taxRate, editable, canRemove }), [customerId, regionId, date, taxRate, editable, canRemove]);
}
