import { stockAdjustmentDocument } from '@erp/domain';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { documentKeys } from '../../components/document/document-api.ts';
import { Form } from '../../components/form.tsx';
import { ItemNameCell } from '../../components/item-name-cell.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { lookupScan, scanRefusal, scanSummary, type ScanLookup } from '../../components/scan/scan-api.ts';
import { ScanInput, type ScanOutcome } from '../../components/scan/scan-input.tsx';
import { documentLinkOf } from '../../lib/areas/area-registry.ts';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { countKeys, createCountAdjustment, fetchCostPrices, fetchOnHandLots } from './stock-count-api.ts';
import { countAdjustment, countRows, type CountedPack, type CountRow } from './stock-count.ts';

/** What a looked-up pack counts as, or why it cannot be counted. */
function packOf(found: ScanLookup): CountedPack | { refused: string } {
  const { item, scan } = found;
  if (!item) return { refused: scan.gtin ? `GTIN ${scan.gtin} is not linked to an item: link it on Items, GTINs, then scan again` : 'This code carries no GTIN (01): scan the code on the pack' };
  if (item.lotTracked && !scan.lot) return { refused: `${item.itemName} is lot-tracked, but this code carries no lot (10): scan the code that has its lot` };
  const lot = found.lot && { inventoryId: found.lot.inventoryId, dateExpiry: found.lot.dateExpiry, quantity: found.lot.quantity };
  return { itemId: item.id, itemName: item.itemName, articleNumber: item.articleNumber, lotNumber: scan.lot ?? '', expiry: scan.expiry, quantity: found.quantity ?? 1, lot };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/**
 * `/inventory?tab=count` (issue 32, section 4): a stock count by scan. The region chosen, each
 * pack scanned is looked up there; every lot the region holds of the items scanned shows its stock
 * against what was counted (a count of the items scanned, not the whole warehouse), and "Create
 * adjustment" drafts a count correction of the differences and opens it.
 */
export function StockCountTab() {
  const [region, setRegion] = useState<{ id: number; name: string }>();
  const [packs, setPacks] = useState<CountedPack[]>([]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const itemIds = [...new Set(packs.map((pack) => pack.itemId))];
  const onHand = useQueries({
    queries: itemIds.map((itemId) => ({ queryKey: countKeys.onHand(region?.id ?? 0, itemId), queryFn: () => fetchOnHandLots(region!.id, itemId), enabled: region !== undefined })),
  });
  const loading = onHand.some((query) => query.isPending);
  const failed = onHand.find((query) => query.isError)?.error;
  const rows = countRows(
    packs,
    onHand.flatMap((query) => query.data ?? []),
  );
  const differences = rows.filter((row) => row.difference !== 0);

  const chooseRegion = (option: { id: number; name: string } | undefined) => {
    setRegion(option && { id: option.id, name: option.name });
    setPacks([]);
  };

  const scan = async (text: string): Promise<ScanOutcome> => {
    try {
      const found = await lookupScan({ scan: text, regionId: region!.id });
      const pack = packOf(found);
      if ('refused' in pack) return { ok: false, message: pack.refused };
      setPacks((current) => [...current, pack]);
      const expiryNote = found.lot?.expiryMatches === false ? ` (the region's lot expires ${formatDate(found.lot.dateExpiry)})` : '';
      return { ok: true, summary: `${scanSummary(pack.itemName, found.scan)}: ${pack.quantity} counted${expiryNote}` };
    } catch (error) {
      return { ok: false, message: scanRefusal(error) };
    }
  };

  const create = useMutation({
    mutationFn: async () => {
      const costs = await fetchCostPrices([...new Set(differences.filter((row) => row.inventoryId === null).map((row) => row.itemId))]);
      const body = countAdjustment(rows, {
        regionId: region!.id,
        date: todayWire(),
        narration: `Stock count of ${region!.name} by scan (${packs.length} packs)`,
        costOf: (itemId) => costs.get(itemId) ?? '0.00',
      });
      return createCountAdjustment(body);
    },
    onSuccess: async ({ id, message }) => {
      notify.success(message || 'Stock adjustment saved as a draft');
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(stockAdjustmentDocument.name) });
      void navigate(documentLinkOf('stock-adjustment')?.href(id) ?? `/inventory?adjustment=${id}`);
    },
  });

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Choose the region, then scan every pack of the items you count. Each lot the region holds of those items shows its stock against what was scanned; Create adjustment drafts a count correction of the
        differences for you to check and post.
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Flex gap={16} wrap align="start">
          <Form.Item label="Region" style={{ minWidth: 200, marginBottom: 0 }}>
            <OptionSelect resource="regions" aria-label="Region" placeholder="Region" value={region?.id} onOptionPicked={(option) => chooseRegion(option)} />
          </Form.Item>
          <Form.Item label="Pack" style={{ flex: '1 1 320px', marginBottom: 0 }}>
            <ScanInput label="Scan a pack" onScan={scan} disabled={region === undefined} autoFocus={region !== undefined} />
          </Form.Item>
        </Flex>
      </Form>
      {failed && <Alert type="error" showIcon title={errorMessage(failed)} />}
      {create.isError && <Alert type="error" showIcon title={errorMessage(create.error)} />}
      <Table<CountRow>
        rowKey="key"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: region ? 'Scan a pack to start the count' : 'Choose a region to start the count' }}
        columns={[
          { key: 'lot', title: 'Lot', render: (_: unknown, row) => <Space size={4}>{row.lotNumber || '(no lot)'}{row.inventoryId === null && <Tag color="blue">New lot</Tag>}</Space> },
          { key: 'item', title: 'Item', render: (_: unknown, row) => <ItemNameCell name={row.itemName} articleNumber={row.articleNumber} /> },
          { key: 'expiry', title: 'Expiry', render: (_: unknown, row) => formatDate(row.expiry) },
          { key: 'onHand', title: 'On hand', align: 'right', dataIndex: 'onHand' },
          { key: 'counted', title: 'Counted', align: 'right', dataIndex: 'counted' },
          {
            key: 'difference',
            title: 'Difference',
            align: 'right',
            // The sign says it: antd's success and danger greens and reds are too pale for text on white.
            render: (_: unknown, row) => (row.difference === 0 ? '0' : <strong>{signed(row.difference)}</strong>),
          },
        ]}
      />
      <Space wrap>
        <Button type="primary" disabled={loading || differences.length === 0} loading={create.isPending} onClick={() => create.mutate()}>
          Create adjustment
        </Button>
        <Button disabled={packs.length === 0} onClick={() => setPacks((current) => current.slice(0, -1))}>
          Undo last scan
        </Button>
        <Popconfirm title="Clear this count?" okText="Yes" cancelText="No" onConfirm={() => setPacks([])} disabled={packs.length === 0}>
          <Button disabled={packs.length === 0}>Start over</Button>
        </Popconfirm>
        {packs.length > 0 && (
          <Typography.Text type="secondary">
            {plural(packs.length, 'pack')} scanned; {differences.length === 0 ? 'the count matches the stock on hand' : `${plural(differences.length, 'lot')} ${differences.length === 1 ? 'differs' : 'differ'}`}
          </Typography.Text>
        )}
      </Space>
    </Flex>
  );
}
