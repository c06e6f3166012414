import { assetDocument, depreciationRunDocument, type DepreciationMethod } from '@erp/domain';
import { addressOf, queryAddress } from '../../components/document/document-address.ts';
import type { DocumentRecord } from '../../components/document/document-api.ts';
import { http } from '../../lib/http.ts';

/** An asset as GET /api/assets/:id answers it (DESIGN-9, answer shapes). */
export interface AssetRecord extends DocumentRecord {
  status: (typeof assetDocument.states)[number];
  documentNumber: string | null;
  assetName: string;
  assetCategoryId: number;
  assetCategoryName: string;
  regionId: number;
  regionName: string;
  purchaseDate: string;
  cost: string;
  salvageValue: string;
  usefulLifeMonths: number;
  depreciationMethod: DepreciationMethod;
  custodianEmployeeId: number | null;
  custodianUserId: number | null;
  custodianName: string | null;
  paymentAccountId: number | null;
  paymentAccountName?: string | null;
  vendorId: number | null;
  vendorName?: string | null;
  notes?: string;
  accumulatedDepreciation: string;
  bookValue: string;
  depreciatedThrough: string | null;
  disposalKind?: 'sale' | 'writeOff' | null;
  disposalDate?: string | null;
  disposalProceeds?: string | null;
  disposalGain?: string | null;
}

/** A depreciation run: its progress is read again while it is running. */
export interface DepreciationRunRecord extends DocumentRecord {
  status: (typeof depreciationRunDocument.states)[number];
  documentNumber: string | null;
  month: string;
  runDate: string;
  totalAssets: number;
  processedAssets: number;
  totalAmount: string;
  error: string | null;
}

/** One month of an asset's schedule: the charge, what is charged to date, the book value left, and whether a run posted it. */
export interface ScheduleRow {
  month: string;
  charge: string;
  accumulated: string;
  bookValue: string;
  posted: boolean;
}

/** Assets open on /assets/<id> (a prefix route); runs on the runs tab, by query (`?tab=runs&open=<id>`). */
export const assetAddress = addressOf(assetDocument.route);
export const runAddress = queryAddress(depreciationRunDocument.route, { tab: 'runs' });

export const assetKeys = {
  schedule: (id: number) => [assetDocument.name, 'schedule', id] as const,
  category: (id: number) => ['asset-categories', 'one', id] as const,
};

export async function fetchSchedule(assetId: number): Promise<ScheduleRow[]> {
  const { data } = await http.get<{ data: ScheduleRow[] }>(`/api/assets/${assetId}/schedule`);
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
