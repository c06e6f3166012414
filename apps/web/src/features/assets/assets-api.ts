import { assetDocument, type AssetScheduleRow, depreciationRunDocument, type DepreciationMethod } from '@erp/domain';
import { addressOf, queryAddress } from '../../components/document/document-address.ts';
import { http } from '../../lib/http.ts';

/** Assets open on /assets/<id> (a prefix route); runs on the runs tab, by query (`?tab=runs&open=<id>`). */
export const assetAddress = addressOf(assetDocument.route);
export const runAddress = queryAddress(depreciationRunDocument.route, { tab: 'runs' });

export const assetKeys = {
  schedule: (id: number) => [assetDocument.name, 'schedule', id] as const,
  category: (id: number) => ['asset-categories', 'one', id] as const,
};

export async function fetchSchedule(assetId: number): Promise<AssetScheduleRow[]> {
  const { data } = await http.get<{ data: AssetScheduleRow[] }>(`/api/assets/${assetId}/schedule`);
  return data.data;
}

/** The defaults a category gives a new asset. */
export interface AssetCategoryDefaults {
  usefulLifeMonths: number;
  depreciationMethod: DepreciationMethod;
}

export async function fetchCategoryDefaults(categoryId: number): Promise<AssetCategoryDefaults> {
  const { data } = await http.get<{ data: AssetCategoryDefaults }>(`/api/asset-categories/${categoryId}`);
  return data.data;
}
