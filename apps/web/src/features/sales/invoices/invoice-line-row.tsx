import { DeleteOutlined } from '@ant-design/icons';
import { addDecimals, fefoAllocate, formatDecimal, lineMoney } from '@erp/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, InputNumber, Select, Tag, Typography } from 'antd';
import { memo, useEffect } from 'react';
import { LineCell, type LineColumn, lineNumberStyle, lineTextStyle } from '../../../components/document/line-columns.tsx';
import { OptionSelect } from '../../../components/resource/option-select.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { type InvoiceLinesStore, useDraftLine } from './invoice-lines-store.ts';
import { fetchInvoiceLots, invoiceLotsKey } from './invoices-api.ts';
import { fetchPrice } from '../shared/price-api.ts';
import { amountOnly } from '../shared/line-tax-api.ts';

/** What every row shares; one object per form state, so unchanged rows are not re-rendered. */
export interface LineContext {
  customerId?: number;
  regionId?: number;
  date: string;
  editable: boolean;
  canRemove: boolean;
}

const fefoValue = 0;

/** The invoice lines' columns, for the header over them (invoice-lines.tsx) and each row's cells. */
export const invoiceColumns = {
  item: { label: 'Item', style: { flex: '3 1 200px', minWidth: 0 } },
  quantity: { label: 'Qty', style: { flex: '1 1 70px', minWidth: 0 } },
  lot: { label: 'Lot', style: { flex: '2 1 170px', minWidth: 0 } },
  // A price is long: it gives up less of its width than the others.
  price: { label: 'Price', style: { flex: '1 0.5 110px', minWidth: 0 } },
  discount: { label: 'Disc. %', style: { flex: '1 1 80px', minWidth: 0 } },
  amount: { label: 'Amount', style: { flex: '0 0 110px', textAlign: 'right' } },
} satisfies Record<string, LineColumn>;

/** Stock of an item not tracked by lot sits in a lot without a number. */
const lotName = (lotNumber: string) => lotNumber || '(no lot)';

function FieldError({ message }: { message?: string }) {
  return message ? (
    <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
      {message}
    </Typography.Text>
  ) : null;
}

/**
 * One invoice line: item, quantity, lot (first-expiry-first-out by default, or one chosen),
 * price (the price list's when the item is picked), discount, and its amount. Its lots come
 * from one request per item and region, cached; the split over them is computed here, so a
 * keystroke in the quantity sends nothing. Expired and empty lots are never offered (the
 * server leaves them out); lots near expiry carry a warning tag.
 */
export const InvoiceLineRow = memo(function InvoiceLineRow({ store, lineKey, index, context }: { store: InvoiceLinesStore; lineKey: number; index: number; context: LineContext }) {
  const line = useDraftLine(store, lineKey);
  const queryClient = useQueryClient();
  const { regionId, date } = context;
  const lots = useQuery({
    queryKey: invoiceLotsKey(line?.itemId ?? 0, regionId ?? 0, date),
    queryFn: () => fetchInvoiceLots(line!.itemId!, regionId!, date),
    enabled: line?.itemId !== undefined && regionId !== undefined,
    staleTime: 30_000,
  });
  const quantity = line?.quantity ?? 0;
  const lotList = lots.data ?? [];
  const chosen = line?.inventoryId ? lotList.find((l) => l.inventoryId === line.inventoryId) : undefined;
  const split = line?.inventoryId
    ? // A chosen lot gives what it holds; the rest is said short, not tagged as taken from it.
      { draws: chosen ? [{ lot: chosen, quantity: Math.min(quantity, chosen.quantity) }] : [], short: chosen ? Math.max(quantity - chosen.quantity, 0) : 0 }
    : fefoAllocate(
        lotList.map((l) => ({ ...l, id: l.inventoryId })),
        quantity,
        date,
      );
  const parts = split.draws.length > 0 && split.short === 0 ? split.draws.map((d) => ({ quantity: d.quantity })) : [{ quantity }];
  const partsKey = parts.map((p) => p.quantity).join(',');
  // partsKey stands for parts, a new array on every render.
  useEffect(() => store.setParts(lineKey, parts), [store, lineKey, partsKey]);
  if (!line) return null;
  const errors = store.errorsOf(lineKey);
  const amount =
    line.price && quantity > 0
      ? addDecimals(parts.map((part) => lineMoney({ itemId: line.itemId, quantity: part.quantity, price: line.price!, discountPercent: line.discountPercent }, amountOnly).amount))
      : undefined;
  const label = (field: string) => `Line ${index + 1} ${field}`;

  const pickItem = async (itemId: number | undefined, itemName?: string) => {
    store.update(lineKey, { itemId, itemName, inventoryId: null, price: null });
    if (itemId === undefined) return;
    const price = await queryClient
      .fetchQuery({ queryKey: ['price', itemId, regionId, context.customerId, date], queryFn: () => fetchPrice({ itemId, regionId, customerId: context.customerId, date }) })
      .catch(() => undefined);
    // Not onto another item picked meanwhile, nor over a price typed meanwhile.
    const now = store.line(lineKey);
    if (price !== undefined && now?.itemId === itemId && !now.price) store.update(lineKey, { price });
  };

  return (
    <Flex vertical gap={2} className="document-line invoice-line-row" data-testid={`invoice-line-${index + 1}`}>
      <div className="document-line-cells">
        <Typography.Text type="secondary" style={lineNumberStyle}>
          {index + 1}
        </Typography.Text>
        <LineCell column={invoiceColumns.item}>
          <OptionSelect
            resource="items"
            aria-label={label('item')}
            placeholder="Item"
            allowClear={false}
            disabled={!context.editable}
            popupMatchSelectWidth={false}
            status={errors.itemId ? 'error' : undefined}
            value={line.itemId}
            style={{ width: '100%' }}
            onOptionPicked={(option) => void pickItem(option?.id, option ? String(option.name ?? '') : undefined)}
          />
          <FieldError message={errors.itemId} />
        </LineCell>
        <LineCell column={invoiceColumns.quantity}>
          <InputNumber
            aria-label={label('quantity')}
            placeholder="Qty"
            precision={0}
            min={1}
            disabled={!context.editable}
            status={errors.quantity || (lots.isSuccess && split.short > 0) ? 'error' : undefined}
            value={line.quantity ?? null}
            onChange={(value) => store.update(lineKey, { quantity: value })}
            style={{ width: '100%' }}
          />
          <FieldError message={errors.quantity} />
        </LineCell>
        <LineCell column={invoiceColumns.lot}>
          <Select<number>
            aria-label={label('lot')}
            disabled={!context.editable || line.itemId === undefined}
            loading={lots.isFetching}
            status={errors.inventoryId ? 'error' : undefined}
            value={line.inventoryId ?? fefoValue}
            onChange={(value) => store.update(lineKey, { inventoryId: value === fefoValue ? null : value })}
            popupMatchSelectWidth={false}
            style={{ width: '100%' }}
            options={[
              { value: fefoValue, label: 'First expiry first out' },
              ...lotList.map((lot) => ({
                value: lot.inventoryId,
                label: `${lotName(lot.lotNumber)}${lot.dateExpiry ? ` · exp ${formatDate(lot.dateExpiry)}` : ''} · ${lot.quantity} available${lot.nearExpiry ? ' · near expiry' : ''}`,
              })),
            ]}
          />
          <FieldError message={errors.inventoryId} />
        </LineCell>
        <LineCell column={invoiceColumns.price}>
          <InputNumber<string>
            aria-label={label('price')}
            placeholder="Price"
            stringMode
            min="0"
            precision={2}
            disabled={!context.editable}
            status={errors.price ? 'error' : undefined}
            value={line.price ?? null}
            onChange={(value) => store.update(lineKey, { price: value })}
            style={{ width: '100%' }}
          />
          <FieldError message={errors.price} />
        </LineCell>
        <LineCell column={invoiceColumns.discount}>
          <InputNumber<string>
            aria-label={label('discount %')}
            placeholder="Disc. %"
            stringMode
            min="0"
            max="100"
            precision={2}
            disabled={!context.editable}
            status={errors.discountPercent ? 'error' : undefined}
            value={line.discountPercent ?? null}
            onChange={(value) => store.update(lineKey, { discountPercent: value })}
            style={{ width: '100%' }}
          />
          <FieldError message={errors.discountPercent} />
        </LineCell>
        <LineCell column={invoiceColumns.amount}>
          <Typography.Text style={lineTextStyle} data-testid={`invoice-line-${index + 1}-amount`}>{amount === undefined ? '' : formatDecimal(amount)}</Typography.Text>
        </LineCell>
        {context.editable && <Button aria-label={`Remove line ${index + 1}`} icon={<DeleteOutlined />} disabled={!context.canRemove} onClick={() => store.remove(lineKey)} />}
      </div>
      {line.itemId !== undefined && quantity > 0 && (
        <Flex gap={4} wrap style={{ paddingLeft: 32 }} data-testid={`invoice-line-${index + 1}-lots`}>
          {split.draws.map(({ lot, quantity: take }) => (
            <Tag key={lot.inventoryId} color={lot.nearExpiry ? 'warning' : undefined}>
              {lotName(lot.lotNumber)} × {take}
              {lot.dateExpiry ? `, exp ${formatDate(lot.dateExpiry)}` : ''}
              {lot.nearExpiry ? ' (near expiry)' : ''}
            </Tag>
          ))}
          {lots.isSuccess && split.short > 0 && (
            <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
              Only {quantity - split.short} available in {line.inventoryId ? 'this lot' : 'this region’s lots'}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Flex>
  );
});
