import type { GoodsReceiptDetail, ImportShipmentWeight } from '@erp/domain';
import { useQueries } from '@tanstack/react-query';
import { Flex, Input, Typography } from 'antd';
import { documentKeys, fetchDocument } from '../../components/document/document-api.ts';

const receiptsDocument = { name: 'goods-receipts' };

/** The named receipts, read (each cached as the document drawer caches it); those still loading left out. */
export function useShipmentReceipts(ids: readonly number[]): GoodsReceiptDetail[] {
  const answers = useQueries({
    queries: ids.map((id) => ({ queryKey: documentKeys.one(receiptsDocument.name, id), queryFn: () => fetchDocument<GoodsReceiptDetail>(receiptsDocument, id) })),
  });
  return answers.flatMap((answer) => (answer.data ? [answer.data] : []));
}

const same = (weight: ImportShipmentWeight, receiptId: number, lineNo: number) => weight.goodsReceiptId === receiptId && weight.lineNo === lineNo;

/**
 * The weight of each line of the shipment's receipts, in kg (a weight split needs every line's):
 * the `weights` field's input. Emptied, a line's weight is left out; the weights of receipts no
 * longer named are kept as they were (the server reads only the named ones).
 */
export function ShipmentWeightsInput({ receipts, value = [], onChange }: { receipts: readonly GoodsReceiptDetail[]; value?: ImportShipmentWeight[]; onChange?: (next: ImportShipmentWeight[]) => void }) {
  const set = (goodsReceiptId: number, lineNo: number, typed: string) => {
    const weightKg = typed.trim();
    const at = value.findIndex((w) => same(w, goodsReceiptId, lineNo));
    if (weightKg === '') onChange?.(value.filter((_, index) => index !== at));
    else onChange?.(at < 0 ? [...value, { goodsReceiptId, lineNo, weightKg }] : value.with(at, { goodsReceiptId, lineNo, weightKg }));
  };
  if (receipts.length === 0) return <Typography.Text type="secondary">Choose the goods receipts to weigh their lines.</Typography.Text>;
  return (
    <Flex vertical gap={4} role="group" aria-label="Weights (kg)">
      {receipts.flatMap((receipt) =>
        receipt.lines.map((line) => {
          const name = `${receipt.documentNumber ?? `#${receipt.id}`} line ${line.lineNo}`;
          return (
            <Flex key={`${receipt.id}-${line.lineNo}`} gap={8} align="center" wrap>
              <Typography.Text style={{ flex: '1 1 280px', minWidth: 0 }}>
                {name}: {line.item.itemName}
                {line.lotNumber ? `, lot ${line.lotNumber}` : ''} ({line.quantity})
              </Typography.Text>
              <Input
                aria-label={`${name} weight (kg)`}
                inputMode="decimal"
                suffix="kg"
                style={{ flex: '0 0 160px', textAlign: 'right' }}
                value={value.find((w) => same(w, receipt.id, line.lineNo))?.weightKg ?? ''}
                onChange={(event) => set(receipt.id, line.lineNo, event.target.value)}
              />
            </Flex>
          );
        }),
      )}
    </Flex>
  );
}
