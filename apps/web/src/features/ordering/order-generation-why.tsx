import { formatDecimal, formatQuantity, type OrderGenerationLine, orderReasonLabels } from '@erp/domain';
import { Descriptions, Drawer, Flex, Tag, Typography } from 'antd';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';

const qty = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatQuantity(value));

/**
 * The "why" panel: every term of a line as saved with the run, in the order the suggestion is
 * computed (demand, stock, supply, safety, net, rounding, cap), and its reasons in words.
 */
export function WhyPanel({ line, asOf, reviewDays, onClose }: { line: OrderGenerationLine | undefined; asOf: string; reviewDays: number; onClose: () => void }) {
  const narrow = useIsNarrow();
  return (
    <Drawer open={line !== undefined} onClose={onClose} title={line ? `Why ${qty(line.suggestedQty)} of ${line.itemName}` : ''} size={narrow ? 'default' : 'large'} destroyOnHidden>
      {line && (
        // Focusable, so the panel scrolls from the keyboard (its terms hold no control).
        <Flex vertical gap={16} tabIndex={0} role="region" aria-label="Terms of the suggestion">
          <Flex gap={8} wrap>
            {line.reasons.length === 0 ? <Tag>No flags</Tag> : line.reasons.map((reason) => <Tag key={reason} color={reason === 'EXPIRY_RISK' || reason === 'LATE_PO' ? 'red' : 'blue'}>{orderReasonLabels[reason]}</Tag>)}
          </Flex>
          <Descriptions size="small" column={1} bordered title="Demand" items={[
            { key: 'horizon', label: 'Horizon', children: `${asOf} + lead time ${line.leadTimeDays} d + review ${reviewDays} d = ${line.horizonDate}` },
            { key: 'sold', label: 'Sold in the history window', children: `${qty(line.soldQty)} over ${line.daysInStock} days in stock` },
            { key: 'velocity', label: 'Velocity per day', children: String(line.velocity) },
            { key: 'plan', label: 'Approved plan this year', children: line.planQty === null ? 'None' : `${qty(line.planQty)} (achievement ratio ${line.planRatio})` },
            { key: 'daily', label: 'Demand per day (average to horizon)', children: String(line.dailyDemand) },
            { key: 'demand', label: 'Demand to horizon D(as-of, T)', children: String(line.demandQty) },
            { key: 'safety', label: `Safety stock (${line.safetyStockDays} days)`, children: String(line.safetyStock) },
          ]} />
          <Descriptions size="small" column={1} bordered title="Stock" items={[
            { key: 'onHand', label: 'On hand (warehouses, all regions)', children: qty(line.onHand) },
            { key: 'expired', label: 'Expired (never counted)', children: qty(line.expiredQty) },
            { key: 'minShelf', label: 'Shelf life required at delivery', children: `${line.minShelfLifeDays} days` },
            { key: 'usable', label: 'Usable: sells before its sell-by', children: qty(line.usable) },
            { key: 'atRisk', label: 'At risk: will pass its sell-by unsold', children: `${qty(line.atRiskQty)} (${formatDecimal(line.atRiskValue)})` },
          ]} />
          <Descriptions size="small" column={1} bordered title="Supply" items={[
            { key: 'open', label: 'Open orders and transit due in horizon', children: qty(line.openSupply) },
            { key: 'late', label: 'Of which late', children: qty(line.late) },
            { key: 'beyond', label: 'Due after the horizon (not counted)', children: qty(line.beyondHorizon) },
          ]} />
          <Descriptions size="small" column={1} bordered title="Suggestion" items={[
            { key: 'net', label: 'Net = demand + safety − usable − open', children: String(line.netRequirement) },
            { key: 'moq', label: 'Minimum order, pack size', children: `${qty(line.minOrderQuantity)}, ${qty(line.packSize)}` },
            { key: 'cap', label: 'Shelf-life cap', children: line.shelfCap === null ? 'No cap (no shelf life set)' : `${qty(line.shelfCap)} (shelf life ${line.shelfLifeDays} days)` },
            { key: 'suggested', label: 'Suggested', children: <strong>{qty(line.suggestedQty)}</strong> },
            { key: 'final', label: 'Final', children: qty(line.finalQty) },
            { key: 'value', label: 'Value at cost', children: `${formatDecimal(line.value)} (${formatDecimal(line.unitCost)} each)` },
          ]} />
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Lots are consumed first-expiry-first-out against the demand; what a lot cannot sell before its sell-by date (expiry less the shelf life required at delivery) is at risk and not counted.
          </Typography.Paragraph>
        </Flex>
      )}
    </Drawer>
  );
}
