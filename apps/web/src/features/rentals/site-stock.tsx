import { consignmentDocument, consignmentKinds, consignments, defaultNearExpiryDays, formatDecimal, type GenericOption, type RentalAgreementDetail } from '@erp/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, InputNumber, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { lotOptionText } from '../../components/resource/lot-option-text.ts';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { http } from '../../lib/http.ts';
import { DateInput } from '../../components/date-input.tsx';
import type { DocumentRecord } from '../../components/document/document-api.ts';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { notify } from '../../lib/notify.tsx';
import { ActionCard } from './action-card.tsx';
import { nearExpiryLast, nearExpiryQuestion } from './shipment-lots.ts';

interface SiteLot {
  inventoryId: number;
  itemId: number;
  itemName: string;
  lotNumber: string;
  dateExpiry: string | null;
  quantity: number;
  value: string;
}

/** A row of the list: a posted record, so the workflow's buttons take it as it is. */
type ConsignmentRow = DocumentRecord & {
  consignmentKind: Kind;
  consignmentDate: string;
  documentNumber: string | null;
  summary: string | null;
  value: string;
};

type Kind = (typeof consignmentKinds)[number]['value'];
const kindLabel = Object.fromEntries(consignmentKinds.map((k) => [k.value, k.label]));
/** Each kind's form: its title, button and what it does, in words. */
const kindForm: Record<Kind, { title: string; label: string; help: string }> = {
  shipment: { title: 'Ship reagents to the site', label: 'Ship', help: "From the lot chosen in the region's warehouse; no invoice." },
  usage: { title: 'Record reagents used', label: 'Record usage', help: "From the site's lots, soonest expiry first; posts the cost of sales." },
  return: { title: 'Return reagents to the warehouse', label: 'Return to warehouse', help: "Back to the region's warehouse, the lot chosen or soonest expiry first; no ledger entry." },
};

/** The reagents at the site, once each, for the usage and return pickers: only what the site holds. */
export function siteItemOptions(lots: readonly SiteLot[]): Array<{ value: number; label: string }> {
  const onSite = new Map<number, { name: string; quantity: number }>();
  for (const lot of lots) {
    const seen = onSite.get(lot.itemId);
    onSite.set(lot.itemId, { name: lot.itemName, quantity: (seen?.quantity ?? 0) + lot.quantity });
  }
  return [...onSite].map(([value, item]) => ({ value, label: `${item.name}, ${item.quantity} on site` }));
}
const siteKeys = {
  stock: (id: number) => [consignments.name, 'site-stock', id] as const,
  list: (id: number) => [consignments.name, 'of', id] as const,
};

/**
 * Per test (issue 21, section 2): the reagents on consignment at the customer's site, what was
 * shipped there, used (each usage posts its cost of sales) and returned, and the form to record
 * any of them. Its reagent picker offers only what the entry can draw: the region's warehouse
 * lots with stock for a shipment, the site's reagents for a usage or a return.
 */
export function SiteStock({ agreement }: { agreement: RentalAgreementDetail }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [kind, setKind] = useState<Kind>('shipment');
  const [itemId, setItemId] = useState<number>();
  // The lot chosen: a warehouse lot for a shipment; for a return, optionally one of the site's.
  const [inventoryId, setInventoryId] = useState<number>();
  const [shippedLot, setShippedLot] = useState<GenericOption>();
  const [quantity, setQuantity] = useState<number>(1);
  const [date, setDate] = useState(todayWire());
  const stock = useQuery({
    queryKey: siteKeys.stock(agreement.id),
    queryFn: async () => (await http.get<{ data: SiteLot[]; nearExpiryDays: number }>(`/api/rental-agreements/${agreement.id}/site-stock`)).data,
  });
  const windowDays = stock.data?.nearExpiryDays ?? defaultNearExpiryDays;
  const today = todayWire();
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
            dataSource={stock.data?.data ?? []}
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
          <Typography.Text strong>Shipments, usage and returns</Typography.Text>
          <Table<ConsignmentRow>
            size="small"
            rowKey="id"
            loading={entries.isLoading}
            // Pages, not a scrolling body: a scrolling box with nothing focusable in it (no Cancel for a user without the scope) is out of the keyboard's reach (axe).
            pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true }}
            dataSource={entries.data ?? []}
            aria-label="Shipments, usage and returns"
            locale={{ emptyText: 'No shipments, usage or returns yet' }}
            columns={[
              { key: 'date', dataIndex: 'consignmentDate', title: 'Date', render: (v: string) => formatDate(v) },
              { key: 'number', dataIndex: 'documentNumber', title: 'Number' },
              { key: 'kind', dataIndex: 'consignmentKind', title: 'Kind', render: (v: string) => kindLabel[v] },
              { key: 'summary', dataIndex: 'summary', title: 'Reagents' },
              { key: 'value', dataIndex: 'value', title: 'Cost', align: 'right', render: (v: string) => formatDecimal(v) },
              { key: 'status', dataIndex: 'status', title: 'Status', render: (v: string) => <DocumentStatusTag definition={consignmentDocument} status={v} /> },
              {
                key: 'actions',
                title: '',
                // Cancel (issue 28, section 2), asked first; it refreshes every consignments key, the site's lots too.
                render: (_: unknown, row: ConsignmentRow) => (
                  <TransitionButtons definition={consignmentDocument} document={row} onError={(message) => notify.error(message)} />
                ),
              },
            ]}
          />
        </Flex>
        {mayWrite && (
          <div style={{ maxWidth: 480 }}>
          <ActionCard
            title={kindForm[kind].title}
            label={kindForm[kind].label}
            url="/api/consignments"
            onDone={() => void queryClient.invalidateQueries()}
            confirmation={kind === 'shipment' ? nearExpiryQuestion(shippedLot, today, windowDays) : undefined}
            body={() => ({ rentalAgreementId: agreement.id, consignmentKind: kind, consignmentDate: date, lines: itemId ? [{ itemId, quantity, ...(inventoryId ? { inventoryId } : {}) }] : [] })}
          >
            <Select
              aria-label="Consignment kind"
              value={kind}
              onChange={(next: Kind) => {
                setKind(next);
                setItemId(undefined);
                setInventoryId(undefined);
                setShippedLot(undefined);
              }}
              options={consignmentKinds.filter((k) => (k.value === 'shipment' ? mayShip : mayUse)).map((k) => ({ value: k.value, label: k.label }))}
            />
            {kind === 'shipment' ? (
              <OptionSelect
                resource="inventory"
                // Expired lots are not offered (the options' default purpose, `issue`); the server refuses them too.
                filters={{ regionId: agreement.regionId }}
                order={nearExpiryLast(today, windowDays)}
                optionText={lotOptionText}
                aria-label="Reagent"
                placeholder="Reagent lot in the warehouse"
                value={inventoryId}
                onOptionPicked={(option) => {
                  setInventoryId(option?.id);
                  setShippedLot(option);
                  setItemId(option ? Number(option.itemId) : undefined);
                }}
                allowClear
              />
            ) : (
              <Select
                aria-label="Reagent"
                placeholder="Reagent at the site"
                showSearch={{ optionFilterProp: 'label' }}
                value={itemId}
                onChange={(v?: number) => {
                  setItemId(v);
                  setInventoryId(undefined);
                }}
                options={siteItemOptions(stock.data?.data ?? [])}
                allowClear
              />
            )}
            {kind === 'return' && (
              <Select
                aria-label="Lot"
                placeholder="Soonest expiry first"
                value={inventoryId}
                onChange={(v?: number) => setInventoryId(v)}
                disabled={!itemId}
                options={(stock.data?.data ?? []).filter((lot) => lot.itemId === itemId).map((lot) => ({ value: lot.inventoryId, label: `${lot.lotNumber}${lot.dateExpiry ? `, expires ${formatDate(lot.dateExpiry)}` : ''}, ${lot.quantity} on site` }))}
                allowClear
              />
            )}
            <InputNumber aria-label="Quantity" min={1} value={quantity} onChange={(v) => setQuantity(v ?? 1)} style={{ width: '100%' }} />
            <DateInput aria-label="Date" allowClear={false} value={date} onChange={(v) => v && setDate(v)} />
            <Typography.Text type="secondary">{kindForm[kind].help}</Typography.Text>
          </ActionCard>
          </div>
        )}
      </Flex>
    </Card>
  );
}
