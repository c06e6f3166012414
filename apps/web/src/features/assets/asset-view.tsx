import { type AssetDetail, assetDocument, depreciationMethods, disposalKinds, formatDecimal } from '@erp/domain';
import { Flex } from 'antd';
import { useState } from 'react';
import { DocumentSummary, type SummaryItem } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { AssetSchedule, formatMonth } from './asset-schedule.tsx';
import { DisposeAssetButton } from './dispose-asset-button.tsx';

const labelOf = (values: readonly { value: string; label: string }[], value: string | null | undefined) => values.find((v) => v.value === value)?.label ?? value ?? '';

/** What a disposal fetched and the gain (+) or loss (-) it posted; nothing before one. */
function disposalItems(asset: AssetDetail): SummaryItem[] {
  if (!asset.disposalKind) return [];
  const sale = asset.disposalKind === 'sale';
  return [
    { key: 'disposal', label: 'Disposal', children: `${labelOf(disposalKinds, asset.disposalKind)}, ${formatDate(asset.disposalDate)}` },
    ...(sale ? [{ key: 'proceeds', label: 'Proceeds', children: formatDecimal(asset.disposalProceeds ?? '0') }] : []),
    ...(asset.disposalGain ? [{ key: 'gain', label: asset.disposalGain.startsWith('-') ? 'Loss' : 'Gain', children: formatDecimal(asset.disposalGain.replace('-', '')) }] : []),
  ];
}

/** The items of an asset's head, shared by the view and the saved draft's form. */
export function assetSummaryItems(asset: AssetDetail): SummaryItem[] {
  return [
    { key: 'assetName', label: 'Asset', children: asset.assetName },
    { key: 'category', label: 'Category', children: asset.assetCategoryName },
    { key: 'region', label: 'Region', children: asset.regionName },
    { key: 'custodian', label: 'Custodian', children: asset.custodianName ?? '-' },
    { key: 'paidBy', label: asset.vendorId ? 'Owed to vendor' : 'Paid from', children: (asset.vendorId ? asset.vendorName : asset.paymentAccountName) ?? '-' },
    { key: 'cost', label: 'Cost', children: formatDecimal(asset.cost) },
    { key: 'salvage', label: 'Salvage value', children: formatDecimal(asset.salvageValue) },
    { key: 'life', label: 'Useful life', children: `${asset.usefulLifeMonths} months, ${labelOf(depreciationMethods, asset.depreciationMethod).toLowerCase()}` },
    { key: 'accumulated', label: 'Accumulated depreciation', children: formatDecimal(asset.accumulatedDepreciation) },
    { key: 'bookValue', label: 'Book value', children: <strong data-testid="asset-book-value">{formatDecimal(asset.bookValue)}</strong> },
    { key: 'through', label: 'Depreciated through', children: asset.depreciatedThrough ? formatMonth(asset.depreciatedThrough.slice(0, 7)) : '-' },
    ...disposalItems(asset),
  ];
}

/**
 * A capitalised, disposed or cancelled asset (or a draft for who may not edit it): its facts,
 * the schedule month by month, Capitalise / Dispose (with its own dialog) / Cancel, Print.
 */
export function AssetView({ asset, onClose }: { asset: AssetDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const { user } = useAuth();
  const mayDispose = assetDocument.allowedActions(asset, user).includes('dispose');
  return (
    <Flex vertical gap={16}>
      <DocumentSummary definition={assetDocument} document={asset} error={error} printTitle="Fixed asset" items={assetSummaryItems(asset)} />
      <AssetSchedule assetId={asset.id} />
      <DocumentViewActions onClose={onClose}>
        {mayDispose && <DisposeAssetButton asset={asset} />}
        <TransitionButtons definition={assetDocument} document={asset} exclude={['dispose']} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
