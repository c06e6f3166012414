import { formatDecimal, type PriceSource } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Tag } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { fetchPrice, priceKey, type PriceLookup } from './price-list-api.ts';

const sourceLabels: Record<PriceSource, string> = {
  customer: "Customer's price",
  region: "Region's price",
  default: 'Default price list row',
  item: "Item's sale price (no row in force)",
};

/** One of the lookup's choices: a labelled, clearable picker of a resource's options. */
function Picker({ label, resource, value, onChange }: { label: string; resource: string; value: number | undefined; onChange: (value: number | undefined) => void }) {
  const id = `price-applies-${label.toLowerCase()}`;
  return (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 12 }}>
      <OptionSelect id={id} resource={resource} value={value} onChange={(next) => onChange(next ?? undefined)} allowClear style={{ width: '100%', maxWidth: 420 }} />
    </Form.Item>
  );
}

/** "Price that applies": the answer of priceFor for a chosen item, region, customer and date (issue 7, section 4; customers: issue 8). */
export function PriceAppliesPanel() {
  const [itemId, setItemId] = useState<number>();
  const [regionId, setRegionId] = useState<number>();
  const [customerId, setCustomerId] = useState<number>();
  const [date, setDate] = useState<string>(todayWire());
  const lookup: PriceLookup | undefined = itemId ? { itemId, regionId, customerId, date } : undefined;
  const answer = useQuery({
    queryKey: priceKey(lookup ?? { itemId: 0 }),
    queryFn: () => fetchPrice(lookup!),
    enabled: lookup !== undefined,
  });

  return (
    <Card title="Price that applies" size="small">
      <Form layout="vertical" component="div">
        <Picker label="Item" resource="items" value={itemId} onChange={setItemId} />
        <Picker label="Region" resource="regions" value={regionId} onChange={setRegionId} />
        <Picker label="Customer" resource="customers" value={customerId} onChange={setCustomerId} />
        <Form.Item label="Date" htmlFor="price-applies-date" style={{ marginBottom: 12 }}>
          <DateInput id="price-applies-date" value={date} onChange={(value) => setDate(value ?? todayWire())} style={{ maxWidth: 200 }} />
        </Form.Item>
      </Form>
      {!lookup && <Alert type="info" showIcon title="Choose an item to see the price that applies." />}
      {answer.isError && <Alert type="error" showIcon title={errorMessage(answer.error)} />}
      {/* A live region: the answer is read out as it changes with the choices above. */}
      <div role="status" aria-live="polite" aria-label="Price that applies">
        {lookup && answer.data && (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Price">
              <strong>{formatDecimal(answer.data.price)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label="Source">
              <Tag color={answer.data.source === 'item' ? 'default' : 'blue'}>{sourceLabels[answer.data.source]}</Tag>
            </Descriptions.Item>
            {answer.data.effectiveFrom && (
              <Descriptions.Item label="Effective">
                {formatDate(answer.data.effectiveFrom)} to {answer.data.effectiveTo ? formatDate(answer.data.effectiveTo) : 'no end date'}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="On">{formatDate(answer.data.date)}</Descriptions.Item>
          </Descriptions>
        )}
      </div>
    </Card>
  );
}
