import { type JointVentureDetail, jointVentureDocument, lossRules, partnerTypes, ventureBases } from '@erp/domain';
import { Flex } from 'antd';
import { useState } from 'react';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { VentureCapitalPanel } from './venture-capital-panel.tsx';
import { VentureStatementPanel } from './venture-statement-panel.tsx';
import { percentText } from './ventures-api.ts';

const labelOf = (values: readonly { value: string; label: string }[], value: string) => values.find((v) => v.value === value)?.label ?? value;
const count = (ids: readonly number[], noun: string) => (ids.length === 0 ? 'any' : `${ids.length} ${noun}${ids.length === 1 ? '' : 's'}`);

/** An active or closed venture (or a draft for who may not edit it): its terms, statement, settlement and capital. */
export function VentureView({ venture, onClose }: { venture: JointVentureDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const live = venture.status !== 'draft';
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={jointVentureDocument}
        document={venture}
        error={error}
        printTitle="Joint venture"
        items={[
          { key: 'name', label: 'Venture', children: venture.ventureName },
          { key: 'partner', label: `Partner (${labelOf(partnerTypes, venture.partnerType).toLowerCase()})`, children: venture.partnerName ?? '-' },
          { key: 'scope', label: 'Scope', children: `Customers: ${count(venture.customerIds, 'customer')}; items: ${count(venture.itemIds, 'item')}; categories: ${count(venture.categoryIds, 'category')}; regions: ${count(venture.regionIds, 'region')}` },
          { key: 'end', label: 'End', children: venture.endDate ? formatDate(venture.endDate) : 'Open-ended' },
          { key: 'basis', label: 'Basis', children: labelOf(ventureBases, venture.basis) },
          { key: 'fee', label: 'Management fee', children: `${percentText(venture.feePercent)} %` },
          { key: 'loss', label: 'Loss', children: labelOf(lossRules, venture.lossRule) },
          { key: 'shares', label: "Partner's share", children: venture.shares.map((s) => `${percentText(s.partnerPercent)} % from ${formatDate(s.effectiveFrom)}`).join('; ') },
        ]}
      />
      {live && <VentureStatementPanel ventureId={venture.id} today={todayWire()} settleable />}
      {live && <VentureCapitalPanel ventureId={venture.id} startDate={venture.startDate} />}
      <DocumentViewActions onClose={onClose}>
        <TransitionButtons definition={jointVentureDocument} document={venture} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
