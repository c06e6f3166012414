import { consignmentKinds, consignments, formatDecimal } from '@erp/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, InputNumber, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { http } from '../../lib/http.ts';
import { ActionCard, DateInput } from './action-card.tsx';
import type { RentalAgreementRow } from './rentals-api.ts';

interface SiteLot {
  inventoryId: number;
  itemName: string;
  lotNumber: string;
  dateExpiry: string | null;
  quantity: number;
  value: string;
}

interface ConsignmentRow {
  id: number;
  consignmentKind: 'shipment' | 'usage';
  consignmentDate: string;
  documentNumber: string | null;
  summary: string | null;
  value: string;
}

const kindLabel = Object.fromEntries(consignmentKinds.map((k) => [k.value, k.label]));
const siteKeys = {
  stock: (id: number) => [consignments.name, 'site-stock', id] as const,
  list: (id: number) => [consignments.name, 'of', id] as const,
};

/**
 * Per test (issue 21, section 2): the reagents on consignment at the customer's site, what was
 * shipped there and used (each usage posts its cost of sales), and the form to record either.
 */
export function SiteStock({ agreement }: { agreement: RentalAgreementRow }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [kind, setKind] = useState<'shipment' | 'usage'>('shipment');
  const [itemId, setItemId] = useState<number>();
  const [quantity, setQuantity] = useState<number>(1);
  const [date, setDate] = useState(todayWire());
  const stock = useQuery({
    queryKey: siteKeys.stock(agreement.id),
    queryFn: async () => (await http.get<{ data: SiteLot[] }>(`/api/rental-agreements/${agreement.id}/site-stock`)).data.data,
  });
  const entries = useQuery({
    queryKey: siteKeys.list(agreement.id),
    queryFn: async () => (await http.get<{ data: ConsignmentRow[] }>(`/api/consignments?rentalAgreementId=${agreement.id}&pageSize=50`)).data.data,
  });
  const mayShip = agreement.status === 'active';
  const mayUse = ['active', 'suspended', 'ended'].includes(agreement.status);
  const mayWrite = user && user.role !== 'auditor' && (mayShip || mayUse);
  return (
    <Card size="small" title="Reagents on consignment at the site">
      {/* The tables take the card's width (five columns need it at 1280 and at 768); the form sits below. */}
      <Flex vertical gap={12}>
        <Flex vertical gap={8}>
          <Typography.Text strong>On site now</Typography.Text>
          <Table<SiteLot>
            size="small"
            rowKey="inventoryId"
            loading={stock.isLoading}
            pagination={false}
            scroll={{ x: 480 }}
            dataSource={stock.data ?? []}
            aria-label="Stock at the customer's site"
            locale={{ emptyText: 'Nothing on consignment at the site' }}
            columns={[
              { key: 'item', dataIndex: 'itemName', title: 'Item' },
              { key: 'lot', dataIndex: 'lotNumber', title: 'Lot' },
              { key: 'expiry', dataIndex: 'dateExpiry', title: 'Expiry', render: (v: string | null) => (v ? formatDate(v) : '-') },
              { key: 'quantity', dataIndex: 'quantity', title: 'On site', align: 'right' },
              { key: 'value', dataIndex: 'value', title: 'Cost', align: 'right', render: (v: string) => formatDecimal(v) },
            ]}
          />
          <Typography.Text strong>Shipments and usage</Typography.Text>
          <Table<ConsignmentRow>
            size="small"
            rowKey="id"
            loading={entries.isLoading}
            pagination={false}
            scroll={{ x: 480, y: 240 }}
            dataSource={entries.data ?? []}
            aria-label="Shipments and usage"
            locale={{ emptyText: 'No shipments or usage yet' }}
            columns={[
              { key: 'date', dataIndex: 'consignmentDate', title: 'Date', render: (v: string) => formatDate(v) },
              { key: 'number', dataIndex: 'documentNumber', title: 'Number' },
              { key: 'kind', dataIndex: 'consignmentKind', title: 'Kind', render: (v: string) => kindLabel[v] },
              { key: 'summary', dataIndex: 'summary', title: 'Reagents' },
              { key: 'value', dataIndex: 'value', title: 'Cost', align: 'right', render: (v: string) => formatDecimal(v) },
            ]}
          />
        </Flex>
        {mayWrite && (
          <div style={{ maxWidth: 480 }}>
          <ActionCard
            title={kind === 'shipment' ? 'Ship reagents to the site' : 'Record reagents used'}
            label={kind === 'shipment' ? 'Ship' : 'Record usage'}
            url="/api/consignments"
            onDone={() => void queryClient.invalidateQueries()}
            body={() => ({ rentalAgreementId: agreement.id, consignmentKind: kind, consignmentDate: date, lines: itemId ? [{ itemId, quantity }] : [] })}
          >
            <Select
              aria-label="Consignment kind"
              value={kind}
              onChange={setKind}
              options={consignmentKinds.filter((k) => (k.value === 'shipment' ? mayShip : mayUse)).map((k) => ({ value: k.value, label: k.label }))}
            />
            <OptionSelect resource="items" aria-label="Reagent" placeholder="Reagent" value={itemId} onChange={(v: unknown) => setItemId(v as number | undefined)} allowClear />
            <InputNumber aria-label="Quantity" min={1} value={quantity} onChange={(v) => setQuantity(v ?? 1)} style={{ width: '100%' }} />
            <DateInput label="Date" value={date} onChange={setDate} />
            <Typography.Text type="secondary">
              {kind === 'shipment' ? "From the region's warehouse, soonest expiry first; no invoice." : "From the site's lots, soonest expiry first; posts the cost of sales."}
            </Typography.Text>
          </ActionCard>
          </div>
        )}
      </Flex>
    </Card>
  );
}
